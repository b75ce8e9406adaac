/** What a finished sign-in does, with or without the two-factor step in between. */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useCallback } from 'react';
import toast from 'react-hot-toast/headless';
import { useLocation } from 'wouter';
import { welcomeState } from '../../lib/profileArrival';
import { useDelayedNavigate } from '../../lib/session';
import { withReturnPath } from '../../lib/returnPath';
import { needsSecondFactor, TWO_FACTOR_PATH } from '../../lib/twoFactor';
import { useGoToReturnPath } from './returnPath';

/** The profile, with what to do next, one second after signing in
 * (docs/behaviour.md#accounts-signin). */
export const LOGIN_REDIRECT_MS = 1000;

export const SIGNED_IN_MESSAGE = msg`Signed in successfully. Welcome back!`;

/**
 * After the first step of a sign-in succeeded (a password, or an emailed code): with
 * two-factor on it was only the first step, and the toast and the redirect come after the code
 * (docs/behaviour.md#accounts-two-factor); otherwise the toast, then after 1 s the return path
 * (`next`, already accepted: docs/behaviour.md#accounts-return-path) or the profile's welcome.
 */
export function useFinishSignIn(): (
  supabase: SupabaseClient,
  next: string | null,
) => Promise<void> {
  const { _ } = useLingui();
  const [, navigate] = useLocation();
  const navigateLater = useDelayedNavigate();
  const goToReturnPath = useGoToReturnPath();
  return useCallback(
    async (supabase: SupabaseClient, next: string | null) => {
      if (await needsSecondFactor(supabase)) {
        // The two-factor screen finishes the sign-in, so the return path goes there too.
        navigate(withReturnPath(TWO_FACTOR_PATH, next), { replace: true });
        return;
      }
      toast.success(_(SIGNED_IN_MESSAGE));
      if (next) goToReturnPath(next, { delayMs: LOGIN_REDIRECT_MS });
      else navigateLater('/profile', LOGIN_REDIRECT_MS, welcomeState('signedIn'));
    },
    [_, navigate, navigateLater, goToReturnPath],
  );
}
