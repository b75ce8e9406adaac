import { describe, expect, it } from 'vitest';
import { groupSecret, recoveryCodesFile } from './twoFactor';

describe('two-factor formatting', () => {
  it('groups keys and codes in fours', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    expect(groupSecret('k4m9x7qp2ab8ht3z')).toBe('k4m9 x7qp 2ab8 ht3z');
    expect(groupSecret('abc')).toBe('abc');
  });

  it('writes one code per line under a dated heading', () => {
    const file = recoveryCodesFile(
      'noor',
      ['k4m9x7qp2ab8ht3z', '9wze6r5npd4cmq7v'],
      new Date('2026-11-23T10:00:00Z'),
    );
    expect(file.split('\n')).toEqual([
      'noor recovery codes',
      'Created 2026-11-23. Each code signs you in once; keep them private.',
      '',
      'k4m9 x7qp 2ab8 ht3z',
      '9wze 6r5n pd4c mq7v',
      '',
    ]);
  });
});
