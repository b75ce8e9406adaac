/** What a finished sign-in does, with or without the two-factor step in between. */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useCallback } from 'react';
import toast from 'react-hot-toast/headless';
import { useLocation } from 'wouter';
import { welcomeState } from '../../lib/profileArrival';
import { useDelayedNavigate } from '../../lib/session';
import { needsSecondFactor, TWO_FACTOR_PATH } from '../../lib/twoFactor';

/** The profile, with what to do next, one second after signing in
 * (docs/behaviour.md#accounts-signin). */
export const LOGIN_REDIRECT_MS = 1000;

export const SIGNED_IN_MESSAGE = msg`Signed in successfully. Welcome back!`;

/**
 * After the first step of a sign-in succeeded (a password, or an emailed code): with
 * two-factor on it was only the first step, and the toast and the redirect come after the code
 * (docs/behaviour.md#accounts-two-factor); otherwise the toast, then the profile's welcome after 1 s.
 */
export function useFinishSignIn(): (supabase: SupabaseClient) => Promise<void> {
  const { _ } = useLingui();
  const [, navigate] = useLocation();
  const navigateLater = useDelayedNavigate();
  return useCallback(
    async (supabase: SupabaseClient) => {
      if (await needsSecondFactor(supabase)) {
        navigate(TWO_FACTOR_PATH, { replace: true });
        return;
      }
      toast.success(_(SIGNED_IN_MESSAGE));
      navigateLater('/profile', LOGIN_REDIRECT_MS, welcomeState('signedIn'));
    },
    [_, navigate, navigateLater],
  );
}
