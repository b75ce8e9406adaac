import { clearRecovery, hasRecentRecovery, isRecoveryHash, markRecovery } from './recovery';

describe('recovery mark', () => {
  afterEach(() => clearRecovery());

  it('recognises a recovery fragment', () => {
    expect(isRecoveryHash('#access_token=a&refresh_token=b&type=recovery')).toBe(true);
    expect(isRecoveryHash('#access_token=a&type=signup')).toBe(false);
    expect(isRecoveryHash('')).toBe(false);
  });

  it('lasts an hour, like the server’s recovery window', () => {
    const now = 1_700_000_000_000;
    expect(hasRecentRecovery(now)).toBe(false);
    markRecovery(now);
    expect(hasRecentRecovery(now + 59 * 60 * 1000)).toBe(true);
    expect(hasRecentRecovery(now + 61 * 60 * 1000)).toBe(false);
    clearRecovery();
    expect(hasRecentRecovery(now)).toBe(false);
  });
});
