import type { RuntimeConfig } from './config';

/** Fills `{brand}`, `{supportEmail}` and `{feedbackEmail}` tokens in content text. */
export function fillText(text: string, config: RuntimeConfig): string {
  return text
    .replaceAll('{brand}', config.brand)
    .replaceAll('{supportEmail}', config.supportEmail)
    .replaceAll('{feedbackEmail}', config.feedbackEmail);
}
