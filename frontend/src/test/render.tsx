/**
 * Testing Library with the app's providers: components read their messages through Lingui,
 * which needs an active language (English, from the messages in the source: tests run the
 * development build, where each message descriptor keeps its English text).
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import {
  render as renderUnwrapped,
  renderHook as renderHookUnwrapped,
  type RenderOptions,
} from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';

export * from '@testing-library/react';

function Providers({ children }: { children: ReactNode }) {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

export function render(ui: ReactElement, options?: Omit<RenderOptions, 'queries'>) {
  return renderUnwrapped(ui, { wrapper: Providers, ...options });
}

export function renderHook<Result, Props>(
  hook: (props: Props) => Result,
  options?: { initialProps?: Props },
) {
  return renderHookUnwrapped(hook, { wrapper: Providers, ...options });
}
