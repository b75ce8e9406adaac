import type { I18n, MessageDescriptor } from '@lingui/core';

/**
 * A message descriptor (from `msg`) in the active language, with placeholder values that
 * are only known when it renders (the brand, the support address). Production descriptors
 * carry only the id; development ones keep the English text as the fallback.
 */
export function translate(
  i18n: I18n,
  descriptor: MessageDescriptor,
  values: Record<string, unknown>,
): string {
  return i18n._(descriptor.id, values, { message: descriptor.message });
}
