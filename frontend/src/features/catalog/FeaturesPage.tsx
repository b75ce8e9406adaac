import { Trans } from '@lingui/react/macro';
import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import cardStyles from '../../components/Card.module.css';
import { Icon } from '../../components/Icon';
import { PageHero } from '../../components/PageHero';
import { Section } from '../../components/Section';
import {
  FEATURE_IMAGE_SIZE,
  featureCards,
  featureCategoryLabels,
  featuresListing,
} from '../../content/features';
import { useText } from '../../lib/configContext';
import styles from './FeaturesPage.module.css';

export default function FeaturesPage() {
  const text = useText();
  return (
    <>
      <PageHero
        eyebrow={text(featuresListing.title)}
        title={text(featuresListing.heading)}
        intro={<p>{text(featuresListing.intro)}</p>}
      />
      <Section labelledBy="features-grid-title">
        <h2 id="features-grid-title" className="sr-only">
          <Trans>All features</Trans>
        </h2>
        <ul className={styles.featureGrid}>
          {featureCards.map((card, index) => {
            const title = text(card.title);
            return (
              <li
                key={card.id}
                id={card.id}
                className={`${cardStyles.card} ${styles.featureCard}`}
                data-stagger
              >
                <img
                  src={card.image}
                  alt=""
                  width={FEATURE_IMAGE_SIZE.width}
                  height={FEATURE_IMAGE_SIZE.height}
                  // The first card's image is in the first screen (on a phone, the page's largest
                  // element): fetched at once; the others when they near the viewport.
                  loading={index === 0 ? undefined : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : undefined}
                  decoding="async"
                  className={styles.featureImage}
                />
                <div className={styles.cardHead}>
                  <span className={`${cardStyles.iconBadge} ${styles.smallBadge}`}>
                    <Icon name={card.icon} size={22} />
                  </span>
                  <span className={styles.category}>
                    {text(featureCategoryLabels[card.category])}
                  </span>
                </div>
                <h3 className={cardStyles.title}>{title}</h3>
                <p className={cardStyles.text}>{text(card.description)}</p>
                <Link to={card.link} className={cardStyles.moreLink}>
                  <Trans>
                    Learn more<span className="sr-only"> about {title}</span>
                  </Trans>
                  <ArrowRight size={18} aria-hidden="true" className="flip-rtl" />
                </Link>
              </li>
            );
          })}
        </ul>
      </Section>
    </>
  );
}
