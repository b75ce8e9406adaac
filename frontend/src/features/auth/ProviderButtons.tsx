import { useState } from 'react';
import { accountStyles } from '../../components/AccountFrame';
import { ProviderLogo } from '../../components/ProviderLogo';
import { useBackForwardRestore } from '../../lib/pageRestore';
import { callbackPath, PROVIDER_NAMES, type SignInProvider } from '../../lib/providers';
import { authErrorMessage, siteUrl } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import styles from './ProviderButtons.module.css';

interface ProviderButtonsProps {
  /** The configured providers (runtime config `providers`), in display order. */
  providers: readonly SignInProvider[];
}

/**
 * 'Continue with Google' / 'Continue with Apple' above the email form of /login and /signup,
 * then an 'or' divider; nothing at all when the deployment has no provider. Our own markup
 * after each provider's button guidelines: nothing is loaded from Google or Apple until a click
 * (docs/behaviour.md#accounts-providers).
 */
export function ProviderButtons({ providers }: ProviderButtonsProps) {
  const [pending, setPending] = useState<SignInProvider | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Back from the provider's page: the restored screen must not stay busy.
  useBackForwardRestore(() => setPending(null));

  if (providers.length === 0) return null;

  const start = async (provider: SignInProvider) => {
    setPending(provider);
    setFailure(null);
    const fallback = `Could not continue with ${PROVIDER_NAMES[provider]}. Please try again.`;
    try {
      const supabase = await getSupabase();
      // Implicit flow: the client navigates to our /auth/v1/authorize, which sends the browser
      // on to the provider; the answer comes back to /auth/callback.
      const { error } = await supabase.auth.signInWithOAuth({
        provider,
        options: { redirectTo: siteUrl(callbackPath()) },
      });
      if (error) {
        setPending(null);
        setFailure(authErrorMessage(error, fallback));
      }
    } catch {
      setPending(null);
      setFailure(fallback);
    }
  };

  return (
    <>
      {failure ? (
        <div className={accountStyles.alert} role="alert">
          <p>{failure}</p>
        </div>
      ) : null}
      <div className={styles.providers}>
        {providers.map((provider) => (
          <button
            key={provider}
            type="button"
            className={`${styles.provider} ${styles[provider] ?? ''} ${pending === provider ? styles.pending : ''}`}
            disabled={pending !== null}
            onClick={() => void start(provider)}
          >
            <ProviderLogo provider={provider} />
            <span className={styles.label}>{`Continue with ${PROVIDER_NAMES[provider]}`}</span>
            <span
              className={pending === provider ? styles.spinner : undefined}
              aria-hidden="true"
            />
          </button>
        ))}
        <p className={styles.status} role="status">
          {pending ? `Taking you to ${PROVIDER_NAMES[pending]}…` : ''}
        </p>
      </div>
      <p className={styles.divider}>or</p>
    </>
  );
}
