import { CONSENT_KEY, readConsent, subscribeConsent, writeConsent } from './consent';

describe('consent store', () => {
  it('reads nothing when no choice is stored', () => {
    expect(readConsent()).toBeNull();
  });

  it('stores accepted and rejected under cookieConsent', () => {
    writeConsent('accepted');
    expect(localStorage.getItem(CONSENT_KEY)).toBe('accepted');
    expect(readConsent()).toBe('accepted');
    writeConsent('rejected');
    expect(localStorage.getItem('cookieConsent')).toBe('rejected');
    expect(readConsent()).toBe('rejected');
  });

  it('ignores values it did not write', () => {
    localStorage.setItem(CONSENT_KEY, 'yes please');
    expect(readConsent()).toBeNull();
  });

  it('notifies subscribers until they unsubscribe', () => {
    const seen: (string | null)[] = [];
    const unsubscribe = subscribeConsent((value) => seen.push(value));
    writeConsent('accepted');
    unsubscribe();
    writeConsent('rejected');
    expect(seen).toEqual(['accepted']);
  });
});
