import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Button, ButtonLink } from '../../components/Button';
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
      toast.success('Message sent. We will reply by email.');
      setSent(true);
    } else {
      toast.error(result.message);
      setFailure(result.message);
    }
  });

  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Get in touch"
        intro={
          <p>
            Questions, bug reports, calculation corrections or refund requests: we read every
            message.
          </p>
        }
      />
      <Section labelledBy="contact-form-title" narrow>
        <div className={panels.layout}>
          {sent ? (
            <div className={`${panels.panel} ${styles.success}`} role="status">
              <CircleCheck size={48} aria-hidden="true" />
              <h2 id="contact-form-title">Thank you, your message is on its way</h2>
              <p>We usually reply within two working days. Please check your spam folder too.</p>
              <ButtonLink to="/">Return to Homepage</ButtonLink>
            </div>
          ) : (
            <form
              className={`${panels.panel} ${styles.form}`}
              onSubmit={onSubmit}
              noValidate
              aria-labelledby="contact-form-title"
            >
              <h2 id="contact-form-title" className={styles.formTitle}>
                Send us a message
              </h2>
              <TextField
                label="Your name"
                type="text"
                autoComplete="name"
                error={errors.name?.message}
                {...field('name')}
              />
              <TextField
                label="Email address"
                type="email"
                autoComplete="email"
                error={errors.email?.message}
                {...field('email')}
              />
              <TextField
                label="Subject"
                type="text"
                autoComplete="off"
                error={errors.subject?.message}
                {...field('subject')}
              />
              <TextAreaField
                label="Message"
                rows={6}
                error={errors.message?.message}
                {...field('message')}
              />
              <HoneypotField {...field('website')} />
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Sending…' : 'Send message'}
              </Button>
              {failure && (
                <p className={panels.fallback} role="alert">
                  Your message could not be sent: {failure} You can also email us directly at{' '}
                  <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
                </p>
              )}
            </form>
          )}
          <aside className={`${panels.panel} ${styles.aside}`} aria-labelledby="contact-direct">
            <h2 id="contact-direct">Prefer email?</h2>
            <p>
              Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. For quick answers, the
              Help Center covers calculation methods, reminders and accounts.
            </p>
            <ButtonLink to="/help" variant="outline" small>
              Visit the Help Center
            </ButtonLink>
          </aside>
        </div>
      </Section>
    </>
  );
}
