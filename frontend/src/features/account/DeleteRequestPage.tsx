import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/Button';
import { EmailField } from '../../components/form/PersonFields';
import { CheckEmail } from '../../components/form/CheckEmail';
import { FormAlert } from '../../components/form/FormAlert';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { useText } from '../../lib/configContext';
import { ErrorCode } from '../../lib/errorCodes';
import { useZodForm } from '../../lib/form';
import {
  DELETED_ITEMS,
  DELETION_TEXTS,
  deletionRequestSchema,
  requestDeletionLink,
  type DeletionRequestForm,
} from './deletion';
import panels from '../../components/FormPanels.module.css';
import styles from './DeleteRequestPage.module.css';

/**
 * /account/delete (public, prerendered): asks for the account's address and has the server
 * email it a deletion link; the answer is the same for any address (docs/behaviour.md#accounts-data).
 */
export default function DeleteRequestPage() {
  const text = useText();
  const { t, i18n } = useLingui();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    field,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useZodForm<DeletionRequestForm>(deletionRequestSchema, { email: '' });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    const result = await requestDeletionLink(email.trim());
    if (result.ok) {
      setSent(true);
      return;
    }
    if (result.code === ErrorCode.validationFailed) {
      setError('email', { message: result.message }, { shouldFocus: true });
      return;
    }
    setFailure(result.message);
  });

  return (
    <>
      <PageHero
        eyebrow={t`Account`}
        title={text(msg`Delete your {brand} account`)}
        intro={
          <p>
            {text(
              msg`{brand} is a prayer companion app for iOS and Android. Here you can delete your {brand} account and its data without signing in.`,
            )}
          </p>
        }
      />
      <Section labelledBy="delete-request-title" narrow>
        <div className={panels.layout}>
          {sent ? (
            <CheckEmail
              className={`${panels.panel} ${styles.sent}`}
              role="status"
              titleId="delete-request-title"
              titleClassName={styles.panelTitle}
              sent={i18n._(DELETION_TEXTS.linkSent)}
            />
          ) : (
            <form
              className={`${panels.panel} ${styles.form}`}
              onSubmit={onSubmit}
              noValidate
              aria-labelledby="delete-request-title"
            >
              <h2 id="delete-request-title" className={styles.panelTitle}>
                <Trans>Get a deletion link</Trans>
              </h2>
              <p className={styles.lead}>
                <Trans>
                  Enter the email address of your account. We email it a link; your account is
                  deleted only when you open the link and press &lsquo;Delete my account&rsquo;.
                </Trans>
              </p>
              <FormAlert>{failure}</FormAlert>
              <EmailField
                label={t`Email address`}
                error={errors.email?.message}
                {...field('email')}
              />
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? <Trans>Sending…</Trans> : <Trans>Email me the link</Trans>}
              </Button>
            </form>
          )}
          <aside className={`${panels.panel} ${styles.aside}`} aria-labelledby="delete-what">
            <h2 id="delete-what">
              <Trans>What is deleted</Trans>
            </h2>
            <ul>
              {DELETED_ITEMS.map((item) => (
                <li key={item.id}>{i18n._(item)}</li>
              ))}
            </ul>
            <h2>
              <Trans>What is kept</Trans>
            </h2>
            <p>{i18n._(DELETION_TEXTS.kept)}</p>
            <p>{i18n._(DELETION_TEXTS.store)}</p>
            <p>
              <Trans
                comment={
                  '"Account Information → Delete account" names the tab and the section of the profile; point the arrow along the line of text (← in Arabic and Urdu).'
                }
              >
                Signed in? Delete it from <Link to="/profile">your profile</Link> (Account
                Information → Delete account), where you can also download a copy of your data
                first.
              </Trans>
            </p>
          </aside>
        </div>
      </Section>
    </>
  );
}
