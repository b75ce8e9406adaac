import type { RuntimeConfig } from './config';

/** Fills `{brand}`, `{supportEmail}` and `{feedbackEmail}` tokens in content text. */
export function fillText(text: string, config: RuntimeConfig): string {
  return text
    .replaceAll('{brand}', config.brand)
    .replaceAll('{supportEmail}', config.supportEmail)
    .replaceAll('{feedbackEmail}', config.feedbackEmail);
}

/** The same tokens as placeholders of a translated message: i18n._(descriptor, textValues(c)). */
export function textValues(config: RuntimeConfig): Record<string, string> {
  return {
    brand: config.brand,
    supportEmail: config.supportEmail,
    feedbackEmail: config.feedbackEmail,
  };
}
