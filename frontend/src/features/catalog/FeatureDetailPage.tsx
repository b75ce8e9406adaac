import { ArrowLeft } from 'lucide-react';
import { use } from 'react';
import { Link } from 'wouter';
import { ButtonLink } from '../../components/Button';
import cardStyles from '../../components/Card.module.css';
import { Icon } from '../../components/Icon';
import { PageHero } from '../../components/PageHero';
import { Section, SectionHeader } from '../../components/Section';
import { featureMeta } from '../../content/featureMeta';
import { useText } from '../../lib/configContext';
import { loadFeaturePage, type FeatureItem } from '../../content/featurePages';
import styles from './FeatureDetailPage.module.css';

function ItemGrid({ items, headingLevel }: { items: FeatureItem[]; headingLevel: 'h3' }) {
  const Heading = headingLevel;
  return (
    <ul className={cardStyles.grid}>
      {items.map((item) => (
        <li key={item.title} className={cardStyles.card} data-stagger>
          <span className={cardStyles.iconBadge}>
            <Icon name={item.icon} size={26} />
          </span>
          <Heading className={cardStyles.title}>{item.title}</Heading>
          <p className={cardStyles.text}>{item.description}</p>
        </li>
      ))}
    </ul>
  );
}

export default function FeatureDetailPage({ slug }: { slug: string }) {
  // Already loaded by the route's preload (prerender, hydration); suspends on a client navigation.
  const content = use(loadFeaturePage(slug));
  const meta = featureMeta(slug);
  const text = useText();
  if (!content || !meta) throw new Error(`No feature page content for "${slug}"`);
  return (
    <>
      <PageHero eyebrow={text(meta.title)} title={content.headline} intro={<p>{content.intro}</p>}>
        <div className={styles.heroActions}>
          <ButtonLink to={content.cta.to}>{content.cta.label}</ButtonLink>
          {content.tryIt && (
            <ButtonLink to={content.tryIt.to} variant="outline" document>
              {content.tryIt.label}
            </ButtonLink>
          )}
          <ButtonLink to="/features" variant="outline">
            All features
          </ButtonLink>
        </div>
      </PageHero>
      <Section labelledBy="benefits-title" narrow>
        <SectionHeader id="benefits-title" title="Key Benefits" />
        <ItemGrid items={content.benefits} headingLevel="h3" />
      </Section>
      <Section labelledBy="features-title" narrow className={styles.band}>
        <SectionHeader id="features-title" title="Features" />
        <ItemGrid items={content.features} headingLevel="h3" />
      </Section>
      <Section labelledBy="faq-title" narrow>
        <SectionHeader id="faq-title" title="Frequently Asked Questions" />
        <div className={styles.faq}>
          {content.faq.map((item) => (
            <details key={item.question} className={styles.faqItem}>
              <summary className={styles.faqQuestion}>{item.question}</summary>
              <p className={styles.faqAnswer}>{item.answer}</p>
            </details>
          ))}
        </div>
        <p className={styles.back}>
          <Link to="/features">
            <ArrowLeft size={18} aria-hidden="true" /> Back to all features
          </Link>
        </p>
      </Section>
    </>
  );
}
