/**
 * The one Supabase client of the app, pointed at our own server (same origin: /auth/v1 and
 * /rest/v1) with the anon key from the runtime config.
 *
 * Loaded on demand: `@supabase/supabase-js` is imported dynamically, so it lands in the chunks
 * of the screens that use it and never in the public pages' JavaScript. Everything that needs
 * the client awaits `getSupabase()`; the first call creates it, later calls share it (one
 * session store, one auto-refresh timer, one set of auth events).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { readRuntimeConfig } from './config';
import { reportSession } from './storedSession';

let client: Promise<SupabaseClient> | null = null;

export function getSupabase(): Promise<SupabaseClient> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) => {
    const config = readRuntimeConfig();
    const supabase = createClient(window.location.origin, config.anonKey, {
      auth: {
        // As docs/behaviour.md#accounts-session describes: implicit flow, session in
        // localStorage, auto refresh, and the session read from the URL fragment the email
        // links redirect to.
        flowType: 'implicit',
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
        // Recovery codes: Supabase's own shape for them (docs/api.md#auth-mfa), still
        // flagged experimental in supabase-js.
        experimental: { recoveryCodes: true },
      },
    });
    // The navigation bar's account control follows this tab's sign-in and sign-out
    // (lib/storedSession.ts).
    supabase.auth.onAuthStateChange((_event, session) => reportSession(session));
    return supabase;
  });
  return client;
}
