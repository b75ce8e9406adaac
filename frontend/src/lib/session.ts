/**
 * Session code shared by the auth screens and the profile (features must not import each
 * other). Everything here awaits the lazy client from `getSupabase()`, so importing this module
 * does not pull supabase-js into a page: only the screens that call these hooks load it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { serverMessage } from './serverMessages';
import { getSupabase } from './supabase';

export type SessionState =
  | { status: 'loading'; session: null }
  | { status: 'signedIn'; session: Session }
  | { status: 'signedOut'; session: null };

export type AuthEventListener = (event: AuthChangeEvent, session: Session | null) => void;

/** The state a client event leaves the session in. */
export function sessionStateFor(session: Session | null): SessionState {
  return session ? { status: 'signedIn', session } : { status: 'signedOut', session: null };
}

/**
 * The current session, following the client's auth events: INITIAL_SESSION (after the stored
 * session or the URL fragment has been read), SIGNED_IN, TOKEN_REFRESHED, USER_UPDATED,
 * PASSWORD_RECOVERY and SIGNED_OUT (sign-out here or in another tab, a revoked session, a
 * refresh token that no longer works). `onEvent` sees every event as it arrives.
 */
export function useSession(onEvent?: AuthEventListener): SessionState {
  const [state, setState] = useState<SessionState>({ status: 'loading', session: null });
  const listener = useRef(onEvent);
  useEffect(() => {
    listener.current = onEvent;
  });
  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    void getSupabase().then((supabase) => {
      if (!active) return;
      const { data } = supabase.auth.onAuthStateChange((event, session) => {
        if (!active) return;
        setState(sessionStateFor(session));
        listener.current?.(event, session);
      });
      unsubscribe = () => data.subscription.unsubscribe();
    });
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, []);
  return state;
}

/**
 * The service's message if any, else the screen's fallback (docs/behaviour.md#messages), in
 * the page's language: the server writes English, so another language shows the translation
 * of the error code's message (serverMessages.ts), or the fallback (translated by the screen)
 * when the code is not one of those.
 */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (error && typeof error === 'object' && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string' && message.trim()) {
      return serverMessage(authErrorCode(error), message.trim()) ?? fallback;
    }
  }
  return fallback;
}

/** The stable error code of an AuthApiError (one of `ErrorCode` in errorCodes.ts, or another). */
export function authErrorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'code' in error) {
    const code = (error as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** An absolute URL on this origin, for the redirects the auth emails lead to. */
export function siteUrl(path: string): string {
  return `${window.location.origin}${path}`;
}

interface PendingRedirect {
  to: string;
  delayMs: number;
  state?: unknown;
}

/**
 * Navigates after a delay (home 1 s after signing in, the confirmation screen 2 s after signing
 * up: docs/behaviour.md#look-timings); the timer is cancelled if the screen goes away first.
 */
export function useDelayedNavigate(): (to: string, delayMs: number, state?: unknown) => void {
  const [, navigate] = useLocation();
  const [pending, setPending] = useState<PendingRedirect | null>(null);
  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(
      () => navigate(pending.to, { state: pending.state }),
      pending.delayMs,
    );
    return () => window.clearTimeout(timer);
  }, [pending, navigate]);
  return useCallback(
    (to: string, delayMs: number, state?: unknown) => setPending({ to, delayMs, state }),
    [],
  );
}
