import { storedLocale, syncAccountLocale } from './accountLocale';

function client(updateUser = vi.fn(() => Promise.resolve({ data: { user: {} }, error: null }))) {
  return { supabase: { auth: { updateUser } } as never, updateUser };
}

describe("the account's language for emails", () => {
  it('reads user_metadata.locale as the server does', () => {
    expect(storedLocale({ locale: 'ar' })).toBe('ar');
    expect(storedLocale({ locale: 'ar-SA' })).toBe('ar');
    expect(storedLocale({ locale: 'FR_fr' })).toBe('fr');
    expect(storedLocale({ locale: ' tr ' })).toBe('tr');
    // Missing, unknown or malformed: the server writes in English.
    expect(storedLocale({})).toBe('en');
    expect(storedLocale(undefined)).toBe('en');
    expect(storedLocale({ locale: 'de' })).toBe('en');
    expect(storedLocale({ locale: 42 })).toBe('en');
    expect(storedLocale({ locale: 'x'.repeat(40) })).toBe('en');
  });

  it('stores the page’s language when the account has another one', async () => {
    const { supabase, updateUser } = client();
    expect(
      await syncAccountLocale(supabase, { user_metadata: { locale: 'en', name: 'Amina' } }, 'ar'),
    ).toBe(true);
    // Only the locale key: the server merges it into the metadata, the name stays.
    expect(updateUser).toHaveBeenCalledWith({ data: { locale: 'ar' } });
  });

  it('stores it for an account that has none yet, unless the page is in English', async () => {
    const { supabase, updateUser } = client();
    await syncAccountLocale(supabase, { user_metadata: {} }, 'fr');
    expect(updateUser).toHaveBeenCalledWith({ data: { locale: 'fr' } });
    updateUser.mockClear();
    expect(await syncAccountLocale(supabase, { user_metadata: {} }, 'en')).toBe(false);
    expect(updateUser).not.toHaveBeenCalled();
  });

  it('asks nothing when the languages are the same', async () => {
    const { supabase, updateUser } = client();
    expect(await syncAccountLocale(supabase, { user_metadata: { locale: 'ur' } }, 'ur')).toBe(
      false,
    );
    expect(await syncAccountLocale(supabase, { user_metadata: { locale: 'id-ID' } }, 'id')).toBe(
      false,
    );
    expect(updateUser).not.toHaveBeenCalled();
  });

  it('is silent when the update fails', async () => {
    const { supabase } = client(vi.fn(() => Promise.reject(new Error('offline'))));
    await expect(
      syncAccountLocale(supabase, { user_metadata: { locale: 'tr' } }, 'fr'),
    ).resolves.toBe(true);
  });
});
