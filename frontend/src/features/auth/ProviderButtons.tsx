import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { FormAlert } from '../../components/form/FormAlert';
import { ProviderLogo } from '../../components/ProviderLogo';
import { useBackForwardRestore } from '../../lib/pageRestore';
import { callbackPath, PROVIDER_NAMES, type SignInProvider } from '../../lib/providers';
import { withReturnPath } from '../../lib/returnPath';
import { authErrorMessage } from '../../lib/session';
import { getSupabase } from '../../lib/supabase';
import { useReturnPath } from './returnPath';
import { returnUrl } from './siteLinks';
import styles from './ProviderButtons.module.css';

interface ProviderButtonsProps {
  /** The configured providers (runtime config `providers`), in display order. */
  providers: readonly SignInProvider[];
}

/**
 * 'Continue with Google' / 'Continue with Apple' above the email form of /login and /signup,
 * then an 'or' divider; nothing at all when the deployment has no provider. Our own markup
 * after each provider's button guidelines: nothing is loaded from Google or Apple until a click
 * (docs/behaviour.md#accounts-providers). The providers' names are brands: not translated.
 */
export function ProviderButtons({ providers }: ProviderButtonsProps) {
  const { t } = useLingui();
  const next = useReturnPath();
  const [pending, setPending] = useState<SignInProvider | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Back from the provider's page: the restored screen must not stay busy.
  useBackForwardRestore(() => setPending(null));

  if (providers.length === 0) return null;

  const continueWith = (name: string) =>
    t({
      message: `Continue with ${name}`,
      comment: '{name} is a sign-in provider: Google or Apple',
    });
  const takingYouTo = (name: string) =>
    t({
      message: `Taking you to ${name}…`,
      comment: '{name} is a sign-in provider (Google or Apple), whose page opens next',
    });

  const start = async (provider: SignInProvider) => {
    setPending(provider);
    setFailure(null);
    const name = PROVIDER_NAMES[provider];
    const fallback = t({
      message: `Could not continue with ${name}. Please try again.`,
      comment: '{name} is a sign-in provider: Google or Apple',
    });
    try {
      const supabase = await getSupabase();
      // Implicit flow: the client navigates to our /auth/v1/authorize, which sends the browser
      // on to the provider; the answer comes back to /auth/callback in the page's language
      // (a provider's sign-in cannot carry the language as user metadata), with the return
      // path.
      const { error } = await supabase.auth.signInWithOAuth({
        provider,
        options: { redirectTo: returnUrl(withReturnPath(callbackPath(), next)) },
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
      <FormAlert>{failure}</FormAlert>
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
            <span className={styles.label}>{continueWith(PROVIDER_NAMES[provider])}</span>
            <span
              className={pending === provider ? styles.spinner : undefined}
              aria-hidden="true"
            />
          </button>
        ))}
        <p className={styles.status} role="status">
          {pending ? takingYouTo(PROVIDER_NAMES[pending]) : null}
        </p>
      </div>
      <p className={styles.divider}>
        <Trans comment="Between the Google and Apple sign-in buttons and the email form">or</Trans>
      </p>
    </>
  );
}
