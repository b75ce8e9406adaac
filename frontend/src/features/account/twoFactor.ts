/** Formatting for the two-factor screens: readable keys and the recovery-codes file. */

/** A setup key or recovery code in groups of four, for reading aloud or typing. */
export function groupSecret(value: string): string {
  return value.match(/.{1,4}/g)?.join(' ') ?? value;
}

/** The text file "Download recovery codes" saves. */
export function recoveryCodesFile(brand: string, codes: string[], when: Date): string {
  return [
    `${brand} recovery codes`,
    `Created ${when.toISOString().slice(0, 10)}. Each code signs you in once; keep them private.`,
    '',
    ...codes.map((code) => groupSecret(code)),
    '',
  ].join('\n');
}
