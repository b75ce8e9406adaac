import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { use } from 'react';
import { Link } from 'wouter';
import { ButtonLink } from '../../components/Button';
import cardStyles from '../../components/Card.module.css';
import { Icon } from '../../components/Icon';
import { PageHero } from '../../components/PageHero';
import { DownloadBadges } from '../../components/StoreBadges';
import { When } from '../../components/When';
import { Section, SectionHeader } from '../../components/Section';
import { featureMeta } from '../../content/featureMeta';
import { useText } from '../../lib/configContext';
import { loadFeaturePage, type FeatureItem } from '../../content/featurePages';
import styles from './FeatureDetailPage.module.css';

function ItemGrid({ items, headingLevel }: { items: FeatureItem[]; headingLevel: 'h3' }) {
  const Heading = headingLevel;
  const text = useText();
  return (
    <ul className={cardStyles.grid}>
      {items.map((item) => (
        <li key={item.title.id} className={cardStyles.card} data-stagger>
          <span className={cardStyles.iconBadge}>
            <Icon name={item.icon} size={26} />
          </span>
          <Heading className={cardStyles.title}>{text(item.title)}</Heading>
          <p className={cardStyles.text}>{text(item.description)}</p>
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
  const { t } = useLingui();
  if (!content || !meta) throw new Error(`No feature page content for "${slug}"`);
  return (
    <>
      <PageHero
        eyebrow={text(meta.title)}
        title={text(content.headline)}
        intro={<p>{text(content.intro)}</p>}
      >
        <div className={styles.heroActions}>
          {/* The app's availability first: one story with the footer and help. */}
          <When when="coming">
            <ButtonLink to="/join">
              <Trans>Join the Waitlist</Trans>
            </ButtonLink>
          </When>
          <When when="launched">
            <DownloadBadges />
          </When>
          {content.cta && (
            <ButtonLink to={content.cta.to} variant="outline">
              {text(content.cta.label)}
            </ButtonLink>
          )}
          {content.tryIt && (
            <ButtonLink to={content.tryIt.to} variant="outline" document>
              {text(content.tryIt.label)}
            </ButtonLink>
          )}
          <ButtonLink to="/features" variant="outline">
            <Trans>All features</Trans>
          </ButtonLink>
        </div>
      </PageHero>
      <Section labelledBy="benefits-title" narrow>
        <SectionHeader id="benefits-title" title={t`Key Benefits`} />
        <ItemGrid items={content.benefits} headingLevel="h3" />
      </Section>
      <Section labelledBy="features-title" narrow className={styles.band}>
        <SectionHeader
          id="features-title"
          title={t({
            message: 'Features',
            comment: 'Heading: what the feature offers, one card each',
          })}
        />
        <ItemGrid items={content.features} headingLevel="h3" />
      </Section>
      <Section labelledBy="faq-title" narrow>
        <SectionHeader id="faq-title" title={t`Frequently Asked Questions`} />
        <div className={styles.faq}>
          {content.faq.map((item) => (
            <details key={item.question.id} className={styles.faqItem}>
              <summary className={styles.faqQuestion}>{text(item.question)}</summary>
              <p className={styles.faqAnswer}>{text(item.answer)}</p>
            </details>
          ))}
        </div>
        <p className={styles.back}>
          <Link to="/features">
            <ArrowLeft size={18} aria-hidden="true" className="flip-rtl" />{' '}
            <Trans>Back to all features</Trans>
          </Link>
        </p>
      </Section>
    </>
  );
}
