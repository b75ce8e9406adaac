import { ArrowRight } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { ButtonLink } from '../../components/Button';
import cardStyles from '../../components/Card.module.css';
import { Icon } from '../../components/Icon';
import { Section, SectionHeader } from '../../components/Section';
import { SocialIcon } from '../../components/SocialIcon';
import {
  about,
  hero,
  highlights,
  highlightsIntro,
  highlightsTitle,
  roadmap,
  roadmapIntro,
  roadmapTitle,
  values,
} from '../../content/home';
import { heroSocialNetworks, socialLinks } from '../../content/site';
import { useText } from '../../lib/configContext';
import { isAuthErrorRedirect } from '../../lib/providers';
import { PhoneMockup } from './PhoneMockup';
import styles from './HomePage.module.css';

function Hero() {
  const social = socialLinks.filter((link) => heroSocialNetworks.includes(link.network));
  return (
    <section id="home" className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.heroInner}>
        <div className={styles.heroText}>
          <p className={styles.greeting}>{hero.greeting}</p>
          <h1 id="hero-title" className={styles.headline}>
            {hero.headline}
          </h1>
          <p className={styles.intro}>{hero.intro}</p>
          <div className={styles.heroActions}>
            <ButtonLink to={hero.primary.to}>{hero.primary.label}</ButtonLink>
            <ButtonLink to={hero.secondary.to} variant="outline">
              {hero.secondary.label}
              <span className="sr-only"> about the features</span>
            </ButtonLink>
          </div>
          <ul className={styles.heroSocial} aria-label="Follow us">
            {social.map((link) => (
              <li key={link.network}>
                <a
                  href={link.href}
                  aria-label={`Follow us on ${link.label}`}
                  className={styles.socialLink}
                >
                  <SocialIcon network={link.network} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <PhoneMockup />
      </div>
    </section>
  );
}

function Highlights() {
  return (
    <Section id="highlights" labelledBy="highlights-title">
      <SectionHeader
        id="highlights-title"
        eyebrow="Highlights"
        title={highlightsTitle}
        intro={highlightsIntro}
      />
      <ul className={cardStyles.grid}>
        {highlights.map((card) => (
          <li key={card.title} className={cardStyles.card} data-stagger>
            <span className={cardStyles.iconBadge}>
              <Icon name={card.icon} size={28} />
            </span>
            <h3 className={cardStyles.title}>{card.title}</h3>
            <p className={cardStyles.text}>{card.description}</p>
            <Link to={card.link} className={cardStyles.moreLink}>
              Learn more<span className="sr-only"> about {card.title}</span>
              <ArrowRight size={18} aria-hidden="true" />
            </Link>
            {card.tryIt && (
              <a href={card.tryIt.to} className={cardStyles.moreLink}>
                {card.tryIt.label}
                <ArrowRight size={18} aria-hidden="true" />
              </a>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}

function About() {
  const text = useText();
  return (
    <Section id="about" labelledBy="about-title" className={styles.about}>
      <SectionHeader id="about-title" eyebrow="Who we are" title={about.title} />
      <div className={styles.aboutGrid}>
        <div className={styles.aboutBlock}>
          <h3>{about.teamHeading}</h3>
          <p>{text(about.team)}</p>
        </div>
        <div className={styles.aboutBlock}>
          <h3>{about.missionHeading}</h3>
          <p>{text(about.mission)}</p>
        </div>
      </div>
      <h3 className={styles.valuesHeading}>{about.valuesHeading}</h3>
      <ul className={cardStyles.grid}>
        {values.map((value) => (
          <li key={value.title} className={cardStyles.card} data-stagger>
            <span className={cardStyles.iconBadge}>
              <Icon name={value.icon} size={28} />
            </span>
            <h4 className={cardStyles.title}>{value.title}</h4>
            <p className={cardStyles.text}>{value.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Roadmap() {
  return (
    <Section id="roadmap" labelledBy="roadmap-title">
      <SectionHeader
        id="roadmap-title"
        eyebrow="Roadmap"
        title={roadmapTitle}
        intro={roadmapIntro}
      />
      <ol className={styles.timeline}>
        {roadmap.map((item) => (
          <li
            key={item.title}
            className={`${styles.milestone} ${item.completed ? styles.completed : ''}`}
            data-stagger
            data-status={item.status}
          >
            <span className={styles.marker}>
              <Icon name={item.icon} size={22} />
            </span>
            <div className={styles.milestoneBody}>
              <p className={styles.milestoneMeta}>
                <time>{item.date}</time>
                <span className={styles.status}>{item.status}</span>
              </p>
              <h3 className={styles.milestoneTitle}>{item.title}</h3>
              <p className={styles.milestoneText}>{item.description}</p>
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
