import { useEffect, useState } from 'react';
import { getSupabase } from '../../lib/supabase';
import { needsSecondFactor } from '../../lib/twoFactor';

/**
 * Whether the signed-in session still owes its second factor: null while that is being
 * checked. Checked once per signed-in user, not per token: after the code is accepted a screen
 * navigates itself, so the new aal2 token must not redirect it first.
 */
export function useSecondFactorOwed(userId: string | undefined): boolean | null {
  const [owed, setOwed] = useState<boolean | null>(null);
  useEffect(() => {
    if (!userId) return;
    let active = true;
    void getSupabase()
      .then((supabase) => needsSecondFactor(supabase))
      .then((needed) => {
        if (active) setOwed(needed);
      });
    return () => {
      active = false;
    };
  }, [userId]);
  return owed;
}
