/** Formatting for the two-factor screens: readable keys and the recovery-codes file. */
import { t } from '@lingui/core/macro';

/** A setup key or recovery code in groups of four, for reading aloud or typing. */
export function groupSecret(value: string): string {
  return value.match(/.{1,4}/g)?.join(' ') ?? value;
}

/**
 * The text file "Download recovery codes" saves, for people to read: its two lines in the page's
 * language (the date as YYYY-MM-DD, readable everywhere); the codes as they are.
 */
export function recoveryCodesFile(brand: string, codes: string[], when: Date): string {
  const date = when.toISOString().slice(0, 10);
  return [
    t`${brand} recovery codes`,
    t({
      message: `Created ${date}. Each code signs you in once; keep them private.`,
      comment: '{date} is the day the codes were made, as 2026-11-23',
    }),
    '',
    ...codes.map((code) => groupSecret(code)),
    '',
  ].join('\n');
}
