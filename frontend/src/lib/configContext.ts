import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { createContext, useCallback, useContext } from 'react';
import { DEFAULT_CONFIG, type RuntimeConfig } from './config';
import { translate } from './i18n/translate';
import { fillText, textValues } from './text';

export const ConfigContext = createContext<RuntimeConfig>(DEFAULT_CONFIG);

export function useConfig(): RuntimeConfig {
  return useContext(ConfigContext);
}

/**
 * Returns a function that renders content: a message (translated into the page's language)
 * or a plain string, with the content tokens ({brand}, {supportEmail}…) from the config.
 */
export function useText(): (text: string | MessageDescriptor) => string {
  const config = useConfig();
  const { i18n } = useLingui();
  return useCallback(
    (text: string | MessageDescriptor) =>
      typeof text === 'string' ? fillText(text, config) : translate(i18n, text, textValues(config)),
    [config, i18n],
  );
}
