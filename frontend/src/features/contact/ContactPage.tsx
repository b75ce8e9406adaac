import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Button, ButtonLink } from '../../components/Button';
import { EmailField, NameField } from '../../components/form/PersonFields';
import { HoneypotField } from '../../components/form/HoneypotField';
import { TextAreaField } from '../../components/form/TextAreaField';
import { TextField } from '../../components/form/TextField';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { useConfig } from '../../lib/configContext';
import { useZodForm } from '../../lib/form';
import { contactSchema, submitContact, type ContactForm } from './schema';
import styles from './ContactPage.module.css';
import panels from '../../components/FormPanels.module.css';

export default function ContactPage() {
  const { supportEmail } = useConfig();
  const { t } = useLingui();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    field,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useZodForm<ContactForm>(
    contactSchema,
    { name: '', email: '', subject: '', message: '', website: '' },
    // After a submit, each message follows its field as it is edited (e2e/specs/contact.spec.ts).
    { onEdit: 'recheck' },
  );

  const onSubmit = handleSubmit(async (form) => {
    setFailure(null);
    const result = await submitContact(form);
    if (result.ok) {
      toast.success(t`Message sent. We will reply by email.`);
      setSent(true);
    } else {
      toast.error(result.message);
      setFailure(result.message);
    }
  });

  return (
    <>
      <PageHero
        eyebrow={t({
          message: 'Contact',
          comment: 'The label above the title of the contact page',
        })}
        title={t`Get in touch`}
        intro={
          <p>
            <Trans>
              Questions, bug reports, calculation corrections or refund requests: we read every
              message.
            </Trans>
          </p>
        }
      />
      <Section labelledBy="contact-form-title" narrow>
        <div className={panels.layout}>
          {sent ? (
            <div className={`${panels.panel} ${styles.success}`} role="status">
              <CircleCheck size={48} aria-hidden="true" />
              <h2 id="contact-form-title">
                <Trans>Thank you, your message is on its way</Trans>
              </h2>
              <p>
                <Trans>
                  We usually reply within two working days. Please check your spam folder too.
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
              aria-labelledby="contact-form-title"
            >
              <h2 id="contact-form-title" className={styles.formTitle}>
                <Trans>Send us a message</Trans>
              </h2>
              <NameField label={t`Your name`} error={errors.name?.message} {...field('name')} />
              <EmailField
                label={t`Email address`}
                error={errors.email?.message}
                {...field('email')}
              />
              <TextField
                label={t({ message: 'Subject', comment: 'The subject line of a message' })}
                type="text"
                dir="auto"
                autoComplete="off"
                error={errors.subject?.message}
                {...field('subject')}
              />
              <TextAreaField
                label={t({ message: 'Message', comment: 'The text of a message to the team' })}
                rows={6}
                dir="auto"
                error={errors.message?.message}
                {...field('message')}
              />
              <HoneypotField {...field('website')} />
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? <Trans>Sending…</Trans> : <Trans>Send message</Trans>}
              </Button>
              {failure && (
                <p className={panels.fallback} role="alert">
                  <Trans>
                    Your message could not be sent: <bdi>{failure}</bdi> You can also email us
                    directly at{' '}
                    <a href={`mailto:${supportEmail}`} dir="ltr">
                      {supportEmail}
                    </a>
                    .
                  </Trans>
                </p>
              )}
            </form>
          )}
          <aside className={`${panels.panel} ${styles.aside}`} aria-labelledby="contact-direct">
            <h2 id="contact-direct">
              <Trans>Prefer email?</Trans>
            </h2>
            <p>
              <Trans>
                Write to{' '}
                <a href={`mailto:${supportEmail}`} dir="ltr">
                  {supportEmail}
                </a>
                . For quick answers, the Help Center covers calculation methods, reminders and
                accounts.
              </Trans>
            </p>
            <ButtonLink to="/help" variant="outline" small>
              <Trans>Visit the Help Center</Trans>
            </ButtonLink>
          </aside>
        </div>
      </Section>
    </>
  );
}
