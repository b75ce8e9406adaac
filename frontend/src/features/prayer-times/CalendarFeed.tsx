/**
 * "Add to your calendar": the server's calendar feed of the place and settings on the page
 * (docs/behaviour.md#calendar-feed), as a webcal:// link calendar apps subscribe to and an
 * https link to copy (Google Calendar's "From URL" takes only https). Calendar apps fetch it
 * again every day by themselves, so the times follow the days without the page.
 */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarPlus, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Button, ButtonLink } from '../../components/Button';
import type { Place, PrayerSettings } from '../../lib/prayerTimes/settings';
import { DEFAULT_FEED_LEAD, FEED_LEADS, feedLinks } from './feed';
import styles from './PrayerTimesPage.module.css';

type CopyState = 'copied' | 'failed' | null;

export function CalendarFeed({ place, settings }: { place: Place; settings: PrayerSettings }) {
  const { i18n, t } = useLingui();
  const id = useId();
  const [lead, setLead] = useState<number>(DEFAULT_FEED_LEAD);
  const [copy, setCopy] = useState<CopyState>(null);
  const links = feedLinks(window.location.origin, place, settings, {
    lead,
    lang: i18n.locale,
  });

  const leadLabel = (minutes: number) =>
    minutes === 0
      ? t({ message: 'At the prayer time', comment: 'The calendar alarm rings at the time.' })
      : t({
          message: plural(minutes, {
            one: '# minute before',
            other: '# minutes before',
          }),
          comment: 'The calendar alarm rings this many minutes before each prayer.',
        });

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(links.https);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <div className={styles.settings}>
      <h2 id="calendar-feed-title" className={styles.panelTitle}>
        <Trans>Add to your calendar</Trans>
      </h2>
      <p className={styles.hint}>
        <Trans>
          Subscribe once: your calendar app fetches the next month’s five prayers every day by
          itself, with an alarm before each.
        </Trans>
      </p>
      <div className={styles.setting}>
        <label htmlFor={`${id}-lead`}>
          <Trans comment="The choice of when the calendar's alarm rings.">Alarm</Trans>
        </label>
        <select
          id={`${id}-lead`}
          value={lead}
          onChange={(event) => {
            setLead(Number(event.target.value));
            setCopy(null);
          }}
        >
          {FEED_LEADS.map((minutes) => (
            <option key={minutes} value={minutes}>
              {leadLabel(minutes)}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.actions}>
        <ButtonLink variant="outline" small className={styles.feedLink} to={links.webcal}>
          <CalendarPlus size={16} aria-hidden="true" />
          <Trans>Subscribe in your calendar app</Trans>
        </ButtonLink>
        <Button variant="outline" small onClick={() => void copyLink()}>
          <Copy size={16} aria-hidden="true" />
          <Trans>Copy the https link</Trans>
        </Button>
      </div>
      <p role="status" className={styles.hint}>
        {copy === 'copied' ? <Trans>Link copied.</Trans> : null}
        {copy === 'failed' ? (
          <Trans>Could not copy: select the link below and copy it.</Trans>
        ) : null}
      </p>
      <div className={styles.setting}>
        <label htmlFor={`${id}-link`}>
          <Trans>The https link (for Google Calendar: Add calendar, From URL)</Trans>
        </label>
        <input
          id={`${id}-link`}
          className={styles.input}
          dir="ltr"
          readOnly
          value={links.https}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <p className={styles.privacy}>
        <Trans>
          The link holds the place to about 11 km, its time zone, your calculation settings, the
          alarm and the language; nothing else, no name and no account.
        </Trans>
      </p>
    </div>
  );
}
