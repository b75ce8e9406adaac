import { Trans, useLingui } from '@lingui/react/macro';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { gaGuide } from '../../content/guide';
import { useConfig, useText } from '../../lib/configContext';
import { intlLocale, type LocaleCode } from '../../lib/i18n/locales';
import styles from './GoogleAnalyticsGuide.module.css';

export default function GoogleAnalyticsGuide() {
  const text = useText();
  const { supportEmail } = useConfig();
  const { i18n, t } = useLingui();
  const lastUpdated = new Intl.DateTimeFormat(intlLocale(i18n.locale as LocaleCode), {
    year: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${gaGuide.lastUpdated}-01T00:00:00Z`));
  return (
    <>
      <PageHero
        eyebrow={t({ message: 'Guide', comment: 'The label above the title of a how-to guide' })}
        title={text(gaGuide.title)}
        intro={
          <p>
            <Trans>
              Last updated: <time dateTime={gaGuide.lastUpdated}>{lastUpdated}</time>
            </Trans>
          </p>
        }
      />
      <Section labelledBy="guide-intro" narrow>
        <article className={styles.article}>
          <p id="guide-intro" className={styles.lead}>
            {text(gaGuide.intro)}
          </p>
          {gaGuide.sections.map((section) => (
            <section key={section.heading.id} className={styles.section}>
              <h2>{text(section.heading)}</h2>
              {section.paragraphs?.map((paragraph) => (
                <p key={paragraph.id}>{text(paragraph)}</p>
              ))}
              {section.list && (
                <ol>
                  {section.list.map((entry) => (
                    <li key={entry.id}>{text(entry)}</li>
                  ))}
                </ol>
              )}
              {section.code && (
                // Code reads left to right in every language.
                <pre className={styles.code} dir="ltr">
                  <code>{section.code}</code>
                </pre>
              )}
            </section>
          ))}
          <p className={styles.support}>
            <Trans>
              Questions about analytics on this site? Contact our support team at{' '}
              <a href={`mailto:${supportEmail}`} dir="ltr">
                {supportEmail}
              </a>
              .
            </Trans>
          </p>
        </article>
      </Section>
    </>
  );
}
