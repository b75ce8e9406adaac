import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BellRing, CircleCheck, Mail, Rocket } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast/headless';
import { Button, ButtonLink } from '../../components/Button';
import { EmailField, NameField } from '../../components/form/PersonFields';
import { HoneypotField } from '../../components/form/HoneypotField';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { useConfig } from '../../lib/configContext';
import { EMAIL_MAX } from '../../lib/email';
import { useZodForm } from '../../lib/form';
import { getSupabase } from '../../lib/supabase';
import {
  MESSAGES,
  NAME_MAX,
  joinDefaults,
  joinSchema,
  readCooldown,
  secondsLeft,
  startCooldown,
  subscribe,
  waitMessage,
  type JoinForm,
  type JoinResult,
} from './join';
import { formatNumber } from '../../lib/i18n/format';
import styles from './JoinPage.module.css';
import panels from '../../components/FormPanels.module.css';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked (privacy mode)
  }
}

/**
 * The 60-second wait (docs/behaviour.md#join-form), kept as an end time in localStorage so it
 * survives a reload. Returns the seconds left (ticking once a second) and a function that
 * starts it.
 */
function useCooldown(): [number, (seconds?: number, replace?: boolean) => void] {
  const [until, setUntil] = useState<number | null>(() => readCooldown(storage()));
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(until, now);

  useEffect(() => {
    if (left <= 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [left]);

  const start = (seconds?: number, replace?: boolean) => {
    const at = Date.now();
    setUntil(startCooldown(storage(), at, seconds, replace));
    setNow(at);
  };
  return [left, start];
}

const interests = [
  {
    name: 'interests.newsletter',
    label: msg`The weekly newsletter`,
    hint: msg`A short email with app news, a verse and a hadith to reflect on.`,
  },
  {
    name: 'interests.waitlist',
    label: msg`The app waitlist`,
    hint: msg`Be among the first to try new releases when they open.`,
  },
] as const;

export default function JoinPage() {
  const { t, i18n } = useLingui();
  const { brand } = useConfig();
  const [joined, setJoined] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [waitLeft, startWait] = useCooldown();
  const successHeading = useRef<HTMLHeadingElement>(null);
  const {
    field,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useZodForm<JoinForm>(joinSchema, joinDefaults);

  useEffect(() => {
    // The form is gone: put focus on the result so keyboard and screen reader users land there.
    if (joined) successHeading.current?.focus();
  }, [joined]);

  const showFailure = (message: string) => {
    setFailure(message);
    toast.error(message);
  };

  const onValid = handleSubmit(async (form) => {
    setFailure(null);
    if (waitLeft > 0) {
      showFailure(waitMessage(waitLeft));
      return;
    }
    // The wait starts when a join is sent, whatever the answer. Each join can make the server
    // send a confirmation email, so the wait protects the person's inbox and the per-IP limit
    // shared by everyone behind one address; a request that failed in transit may still have
    // been acted on, so it counts too. Invalid input (nothing sent) and the honeypot (nothing
    // saved) start no wait. After a 429 (refused, nothing done) the server's retry time is the
    // wait, so the countdown and the message agree.
    startWait();
    let result: JoinResult;
    try {
      result = await subscribe(await getSupabase(), form);
    } catch {
      result = { ok: false, kind: 'failed', message: MESSAGES.failed };
    }
    if (result.ok) {
      toast.success(t`Thank you for joining! Please check your inbox.`);
      setJoined(true);
      return;
    }
    if (result.kind === 'rate_limited') startWait(result.retryAfter, true);
    showFailure(result.message);
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // A filled honeypot silently shows the success view; nothing is sent or saved
    // (docs/behaviour.md#join-form).
    if (getValues('website').trim() !== '') {
      event.preventDefault();
      setJoined(true);
      return;
    }
    return onValid(event);
  };

  const interestError = errors.interests?.newsletter?.message;
  const seconds = formatNumber(waitLeft);
  const buttonLabel = isSubmitting
    ? t`Joining…`
    : waitLeft > 0
      ? t({
          message: `Please wait ${seconds}s`,
          comment: 'On the button: seconds until it can be used.',
        })
      : t`Join Now`;

  return (
    <>
      <PageHero
        eyebrow={t`Newsletter & waitlist`}
        title={t`Join ${brand}`}
        intro={
          <p>
            <Trans>
              Get the weekly newsletter, or a place on the waitlist for new releases. One email
              confirms your address, and you can leave at any time.
            </Trans>
          </p>
        }
      />
      <Section labelledBy="join-form-title" narrow>
        <div className={panels.layout}>
          {joined ? (
            <div className={`${panels.panel} ${styles.card}`} role="status">
              <CircleCheck className={styles.successIcon} size={48} aria-hidden="true" />
              <h2 id="join-form-title" ref={successHeading} tabIndex={-1}>
                <Trans>Welcome to {brand}!</Trans>
              </h2>
              <p className={styles.lead}>
                <Trans>
                  Please check your inbox: we have sent you an email with a link to confirm your
                  subscription. If it is not there in a few minutes, look in your spam folder.
                </Trans>
              </p>
              <ButtonLink to="/">
                <Trans>Return to Homepage</Trans>
              </ButtonLink>
            </div>
          ) : (
            <form
              className={`${panels.panel} ${styles.form}`}
              onSubmit={onSubmit}
              noValidate
              aria-labelledby="join-form-title"
            >
              <h2 id="join-form-title" className={styles.formTitle}>
                <Trans>Join the community</Trans>
              </h2>
              <NameField
                label={t`Name`}
                maxLength={NAME_MAX}
                error={errors.name?.message}
                {...field('name')}
              />
              <EmailField
                label={t`Email address`}
                maxLength={EMAIL_MAX}
                error={errors.email?.message}
                {...field('email')}
              />
              <HoneypotField {...field('website')} />
              <fieldset
                className={styles.fieldset}
                aria-describedby={interestError ? 'join-interests-error' : undefined}
              >
                <legend className={styles.legend}>
                  <Trans>What would you like to receive?</Trans>
                </legend>
                {interests.map((interest, index) => (
                  <div key={interest.name} className={styles.choice}>
                    <input
                      id={`join-${interest.name}`}
                      type="checkbox"
                      className={styles.checkbox}
                      aria-describedby={`join-${interest.name}-hint`}
                      aria-invalid={interestError && index === 0 ? true : undefined}
                      {...field(interest.name, 'interests')}
                    />
                    <label htmlFor={`join-${interest.name}`} className={styles.choiceLabel}>
                      {index === 0 ? (
                        <Mail size={18} aria-hidden="true" />
                      ) : (
                        <Rocket size={18} aria-hidden="true" />
                      )}
                      {i18n._(interest.label)}
                    </label>
                    <p id={`join-${interest.name}-hint`} className={styles.choiceHint}>
                      {i18n._(interest.hint)}
                    </p>
                  </div>
                ))}
                <p id="join-interests-error" className={styles.error} role="alert">
                  {interestError}
                </p>
              </fieldset>
              <Button type="submit" disabled={isSubmitting} className={styles.submit}>
                {buttonLabel}
              </Button>
              <p className={panels.fallback} role="alert">
                {failure}
              </p>
            </form>
          )}
          <aside className={`${panels.panel} ${styles.aside}`} aria-labelledby="join-why">
            <h2 id="join-why">
              <BellRing size={20} aria-hidden="true" /> <Trans>What to expect</Trans>
            </h2>
            <ul>
              <li>
                <Trans>One confirmation email first: nothing else arrives until you confirm.</Trans>
              </li>
              <li>
                <Trans>At most one newsletter a week, never shared with anyone.</Trans>
              </li>
              <li>
                <Trans>An unsubscribe link in every email, no account needed.</Trans>
              </li>
            </ul>
          </aside>
        </div>
      </Section>
    </>
  );
}
