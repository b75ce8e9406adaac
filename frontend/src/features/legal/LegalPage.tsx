import type { MessageDescriptor } from '@lingui/core';
import { Trans as TransMessage } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import {
  ANNUAL_USAGE_LIMIT_PERCENT,
  LEGAL_LAST_UPDATED,
  MINIMUM_AGE,
  NOTICE_DAYS,
  REFUND_PAYOUT_DAYS,
  REFUND_WINDOW_DAYS,
  legalPages,
  type LegalPage as LegalContent,
} from '../../content/legal';
import { useConfig } from '../../lib/configContext';
import { intlLocale, SOURCE_LOCALE, type LocaleCode } from '../../lib/i18n/locales';
import { translate } from '../../lib/i18n/translate';
import { textValues } from '../../lib/text';
import styles from './LegalPage.module.css';

export default function LegalPage({ slug }: { slug: LegalContent['slug'] }) {
  const page = legalPages[slug];
  const config = useConfig();
  const { i18n, t } = useLingui();
  const locale = i18n.locale as LocaleCode;
  const numbers = intlLocale(locale);
  // The content tokens ({brand}, {supportEmail}) and the policies' numbers (content/legal.ts).
  const values = {
    ...textValues(config),
    minimumAge: MINIMUM_AGE,
    noticeDays: NOTICE_DAYS,
    refundWindowDays: REFUND_WINDOW_DAYS,
    payoutMin: REFUND_PAYOUT_DAYS.min,
    payoutMax: REFUND_PAYOUT_DAYS.max,
    usageLimit: new Intl.NumberFormat(numbers, { style: 'percent' }).format(
      ANNUAL_USAGE_LIMIT_PERCENT / 100,
    ),
  };
  const text = (message: MessageDescriptor) => translate(i18n, message, values);
  const lastUpdated = new Intl.DateTimeFormat(numbers, {
    year: 'numeric',
    month: 'long',
    day: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(`${LEGAL_LAST_UPDATED}T00:00:00Z`));
  const mailto = `mailto:${config.supportEmail}`;

  return (
    <>
      <PageHero
        eyebrow={t({ message: 'Legal', comment: 'The label above the title of a legal page' })}
        title={text(page.title)}
        intro={
          <>
            <p>
              <Trans>
                Last updated: <time dateTime={LEGAL_LAST_UPDATED}>{lastUpdated}</time>
              </Trans>
            </p>
            {locale !== SOURCE_LOCALE && (
              // A translation is for reading; the English text is the one that binds. A full page
              // load to the English page (the router would keep this language's prefix).
              <p className={styles.prevails} data-testid="english-prevails">
                <Trans>
                  This page is a translation. In case of any difference, the{' '}
                  <a href={`/${slug}`} hrefLang="en">
                    English version
                  </a>{' '}
                  prevails.
                </Trans>
              </p>
            )}
          </>
        }
      />
      <Section labelledBy="legal-summary" narrow>
        <article className={styles.article}>
          <p id="legal-summary" className={styles.summary}>
            {text(page.summary)}
          </p>
          {page.sections.map((section) => (
            <section key={section.heading.id} className={styles.section}>
              <h2>{text(section.heading)}</h2>
              {section.paragraphs?.map((paragraph) => (
                <p key={paragraph.id}>
                  {section.email ? (
                    // The support address as a link, where the sentence puts it (<0>…</0>).
                    <TransMessage
                      id={paragraph.id}
                      message={paragraph.message}
                      values={values}
                      components={{
                        0: (
                          <a href={mailto} dir="ltr">
                            {config.supportEmail}
                          </a>
                        ),
                      }}
                    />
                  ) : (
                    text(paragraph)
                  )}
                </p>
              ))}
              {section.list && (
                <ul>
                  {section.list.map((entry) => (
                    <li key={entry.id}>{text(entry)}</li>
                  ))}
                </ul>
              )}
              {section.link && (
                <p>
                  <Link to={section.link.to}>{text(section.link.label)}</Link>
                </p>
              )}
            </section>
          ))}
        </article>
      </Section>
    </>
  );
}
