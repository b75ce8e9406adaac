import { Link } from 'wouter';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import {
  LEGAL_LAST_UPDATED,
  legalPages,
  type LegalPage as LegalContent,
} from '../../content/legal';
import { useConfig, useText } from '../../lib/configContext';
import styles from './LegalPage.module.css';

export default function LegalPage({ slug }: { slug: LegalContent['slug'] }) {
  const page = legalPages[slug];
  const text = useText();
  const { supportEmail } = useConfig();
  return (
    <>
      <PageHero
        eyebrow="Legal"
        title={page.title}
        intro={
          <p>
            Last updated: <time dateTime="2025-04-09">{LEGAL_LAST_UPDATED}</time>
          </p>
        }
      />
      <Section labelledBy="legal-summary" narrow>
        <article className={styles.article}>
          <p id="legal-summary" className={styles.summary}>
            {text(page.summary)}
          </p>
          {page.sections.map((section) => (
            <section key={section.heading} className={styles.section}>
              <h2>{text(section.heading)}</h2>
              {section.paragraphs?.map((paragraph) => (
                <p key={paragraph}>
                  {text(paragraph)}
                  {section.email && (
                    <>
                      {' '}
                      <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
                    </>
                  )}
                </p>
              ))}
              {section.list && (
                <ul>
                  {section.list.map((entry) => (
                    <li key={entry}>{text(entry)}</li>
                  ))}
                </ul>
              )}
              {section.link && (
                <p>
                  <Link to={section.link.to}>{section.link.label}</Link>
                </p>
              )}
            </section>
          ))}
        </article>
      </Section>
    </>
  );
}
