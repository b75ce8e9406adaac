import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import { gaGuide } from '../../content/guide';
import { useConfig, useText } from '../../lib/configContext';
import styles from './GoogleAnalyticsGuide.module.css';

export default function GoogleAnalyticsGuide() {
  const text = useText();
  const { supportEmail } = useConfig();
  return (
    <>
      <PageHero
        eyebrow="Guide"
        title={gaGuide.title}
        intro={
          <p>
            Last updated: <time dateTime="2024-04">{gaGuide.lastUpdated}</time>
          </p>
        }
      />
      <Section labelledBy="guide-intro" narrow>
        <article className={styles.article}>
          <p id="guide-intro" className={styles.lead}>
            {text(gaGuide.intro)}
          </p>
          {gaGuide.sections.map((section) => (
            <section key={section.heading} className={styles.section}>
              <h2>{section.heading}</h2>
              {section.paragraphs?.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {section.list && (
                <ol>
                  {section.list.map((entry) => (
                    <li key={entry}>{entry}</li>
                  ))}
                </ol>
              )}
              {section.code && (
                <pre className={styles.code}>
                  <code>{section.code}</code>
                </pre>
              )}
            </section>
          ))}
          <p className={styles.support}>
            {gaGuide.support} <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
          </p>
        </article>
      </Section>
    </>
  );
}
