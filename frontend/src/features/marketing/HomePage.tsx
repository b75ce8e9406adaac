import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRight } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { ButtonLink } from '../../components/Button';
import cardStyles from '../../components/Card.module.css';
import { Icon } from '../../components/Icon';
import { Section, SectionHeader } from '../../components/Section';
import { SocialIcon } from '../../components/SocialIcon';
import { When } from '../../components/When';
import {
  about,
  hero,
  highlights,
  highlightsIntro,
  highlightsTitle,
  quarterLabel,
  roadmap,
  roadmapIntro,
  roadmapStatusLabels,
  roadmapTitle,
  values,
  type RoadmapItem,
} from '../../content/home';
import { heroSocialNetworks, socialLinks } from '../../content/site';
import { useConfig, useText } from '../../lib/configContext';
import { activeLocale } from '../../lib/i18n/catalogs';
import { intlLocale, localizePath } from '../../lib/i18n/locales';
import { translate } from '../../lib/i18n/translate';
import { isAuthErrorRedirect } from '../../lib/providers';
import { PhoneMockup } from './PhoneMockup';
import styles from './HomePage.module.css';

function Hero() {
  const text = useText();
  const { t } = useLingui();
  const { socialUrls } = useConfig();
  const social = socialLinks.filter((link) => heroSocialNetworks.includes(link.network));
  return (
    <section id="home" className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.heroInner}>
        <div className={styles.heroText}>
          <p className={styles.greeting}>{text(hero.greeting)}</p>
          <h1 id="hero-title" className={styles.headline}>
            {text(hero.headline)}
          </h1>
          <p className={styles.intro}>{text(hero.intro)}</p>
          <div className={styles.heroActions}>
            <ButtonLink to={hero.primary.to}>{text(hero.primary.label)}</ButtonLink>
            <ButtonLink to={hero.secondary.to} variant="outline">
              <Trans>
                Learn More<span className="sr-only"> about the features</span>
              </Trans>
            </ButtonLink>
          </div>
          {/* The configured profiles only (SOCIAL_*_URL); with none the list is hidden (CSS). */}
          <ul className={styles.heroSocial} aria-label={t`Follow us`}>
            {social.map((link) => {
              const network = link.label;
              return (
                <When key={link.network} when={`social:${link.network}`}>
                  <li>
                    <a
                      href={socialUrls[link.network]}
                      aria-label={t({
                        message: `Follow us on ${network}`,
                        comment: '{network} is a social network: Instagram, Twitter or Facebook',
                      })}
                      className={styles.socialLink}
                    >
                      <SocialIcon network={link.network} />
                    </a>
                  </li>
                </When>
              );
            })}
          </ul>
        </div>
        <PhoneMockup />
      </div>
    </section>
  );
}

function Highlights() {
  const text = useText();
  const { t } = useLingui();
  return (
    <Section id="highlights" labelledBy="highlights-title">
      <SectionHeader
        id="highlights-title"
        eyebrow={t`Highlights`}
        title={text(highlightsTitle)}
        intro={text(highlightsIntro)}
      />
      <ul className={cardStyles.grid}>
        {highlights.map((card) => {
          const title = text(card.title);
          return (
            <li key={card.link} className={cardStyles.card} data-stagger>
              <span className={cardStyles.iconBadge}>
                <Icon name={card.icon} size={28} />
              </span>
              <h3 className={cardStyles.title}>{title}</h3>
              <p className={cardStyles.text}>{text(card.description)}</p>
              <Link to={card.link} className={cardStyles.moreLink}>
                <Trans>
                  Learn more<span className="sr-only"> about {title}</span>
                </Trans>
                <ArrowRight size={18} aria-hidden="true" className="flip-rtl" />
              </Link>
              {card.tryIt && (
                // A full page load (see content/home.ts): the language's prefix is added here.
                <a
                  href={localizePath(card.tryIt.to, activeLocale())}
                  className={cardStyles.moreLink}
                >
                  {text(card.tryIt.label)}
                  <ArrowRight size={18} aria-hidden="true" className="flip-rtl" />
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

function About() {
  const text = useText();
  const { t } = useLingui();
  return (
    <Section id="about" labelledBy="about-title" className={styles.about}>
      <SectionHeader id="about-title" eyebrow={t`Who we are`} title={text(about.title)} />
      <div className={styles.aboutGrid}>
        <div className={styles.aboutBlock}>
          <h3>{text(about.teamHeading)}</h3>
          <p>{text(about.team)}</p>
        </div>
        <div className={styles.aboutBlock}>
          <h3>{text(about.missionHeading)}</h3>
          <p>{text(about.mission)}</p>
        </div>
      </div>
      <h3 className={styles.valuesHeading}>{text(about.valuesHeading)}</h3>
      <ul className={cardStyles.grid}>
        {values.map((value) => (
          <li key={value.icon} className={cardStyles.card} data-stagger>
            <span className={cardStyles.iconBadge}>
              <Icon name={value.icon} size={28} />
            </span>
            <h4 className={cardStyles.title}>{text(value.title)}</h4>
            <p className={cardStyles.text}>{text(value.description)}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** A roadmap date ('Q1 2025') as the page's language writes a quarter of a year. */
function useQuarter(): (date: RoadmapItem['date']) => string {
  const { i18n } = useLingui();
  const year = new Intl.NumberFormat(intlLocale(activeLocale()), { useGrouping: false });
  return (date) => {
    const [, quarter = '', yearNumber = ''] = /^Q(\d) (\d{4})$/.exec(date) ?? [];
    return translate(i18n, quarterLabel, { quarter, year: year.format(Number(yearNumber)) });
  };
}

function Roadmap() {
  const text = useText();
  const { t } = useLingui();
  const quarter = useQuarter();
  return (
    <Section id="roadmap" labelledBy="roadmap-title">
      <SectionHeader
        id="roadmap-title"
        eyebrow={t`Roadmap`}
        title={text(roadmapTitle)}
        intro={text(roadmapIntro)}
      />
      <ol className={styles.timeline}>
        {roadmap.map((item) => (
          <li
            key={item.date}
            className={`${styles.milestone} ${item.completed ? styles.completed : ''}`}
            data-stagger
            data-status={item.status}
          >
            <span className={styles.marker}>
              <Icon name={item.icon} size={22} />
            </span>
            <div className={styles.milestoneBody}>
              <p className={styles.milestoneMeta}>
                <time>{quarter(item.date)}</time>
                <span className={styles.status}>{text(roadmapStatusLabels[item.status])}</span>
              </p>
              <h3 className={styles.milestoneTitle}>{text(item.title)}</h3>
              <p className={styles.milestoneText}>{text(item.description)}</p>
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}

export default function HomePage() {
  const [, navigate] = useLocation();
  useEffect(() => {
    // A sign-in failure the server could not send back to /auth/callback: shown there.
    const { search, hash } = window.location;
    if (isAuthErrorRedirect(hash)) navigate(`/auth/callback${search}${hash}`, { replace: true });
  }, [navigate]);
  return (
    <>
      <Hero />
      <Highlights />
      <About />
      <Roadmap />
    </>
  );
}
