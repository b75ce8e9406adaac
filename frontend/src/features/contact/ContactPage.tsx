import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast/headless';
import { Button, ButtonLink } from '../../components/Button';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { useConfig } from '../../lib/config-context';
import { contactSchema, submitContact, type ContactForm } from './schema';
import styles from './ContactPage.module.css';

const fields = [
  { name: 'name', label: 'Your name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email address', type: 'email', autoComplete: 'email' },
  { name: 'subject', label: 'Subject', type: 'text', autoComplete: 'off' },
] as const;

export default function ContactPage() {
  const { supportEmail } = useConfig();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ContactForm>({
    resolver: zodResolver(contactSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { name: '', email: '', subject: '', message: '', website: '' },
  });

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
        <div className={styles.wrap}>
          {sent ? (
            <div className={styles.success} role="status">
              <CircleCheck size={48} aria-hidden="true" />
              <h2 id="contact-form-title">Thank you, your message is on its way</h2>
              <p>We usually reply within two working days. Please check your spam folder too.</p>
              <ButtonLink to="/">Return to Homepage</ButtonLink>
            </div>
          ) : (
            <form
              className={styles.form}
              onSubmit={onSubmit}
              noValidate
              aria-labelledby="contact-form-title"
            >
              <h2 id="contact-form-title" className={styles.formTitle}>
                Send us a message
              </h2>
              {fields.map((field) => {
                const error = errors[field.name]?.message;
                return (
                  <div key={field.name} className={styles.field}>
                    <label htmlFor={`contact-${field.name}`}>{field.label}</label>
                    <input
                      id={`contact-${field.name}`}
                      type={field.type}
                      autoComplete={field.autoComplete}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `contact-${field.name}-error` : undefined}
                      {...register(field.name)}
                    />
                    {error && (
                      <p id={`contact-${field.name}-error`} className={styles.error}>
                        {error}
                      </p>
                    )}
                  </div>
                );
              })}
              <div className={styles.field}>
                <label htmlFor="contact-message">Message</label>
                <textarea
                  id="contact-message"
                  rows={6}
                  aria-invalid={errors.message ? true : undefined}
                  aria-describedby={errors.message ? 'contact-message-error' : undefined}
                  {...register('message')}
                />
                {errors.message?.message && (
                  <p id="contact-message-error" className={styles.error}>
                    {errors.message.message}
                  </p>
                )}
              </div>
              <div className={styles.honeypot} aria-hidden="true">
                <label htmlFor="contact-website">Website</label>
                <input
                  id="contact-website"
                  type="text"
                  tabIndex={-1}
                  autoComplete="off"
                  {...register('website')}
                />
              </div>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? 'Sending…' : 'Send message'}
              </Button>
              {failure && (
                <p className={styles.fallback} role="alert">
                  Your message could not be sent: {failure} You can also email us directly at{' '}
                  <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
                </p>
              )}
            </form>
          )}
          <aside className={styles.aside} aria-labelledby="contact-direct">
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
