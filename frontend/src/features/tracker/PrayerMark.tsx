/**
 * One prayer's mark on the chosen day: a radio group (its choices and the one chosen are what a
 * screen reader announces; the arrow keys move and mark in one key press), with "Not marked"
 * as one of its choices so clearing a mark is as easy as making it. Below it, the day's extras:
 * in congregation, and on a travel day shortened (qasr) and combined (jam').
 */
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { Mark, Status } from './model';
import { NOT_MARKED } from './names';
import styles from './TrackerPage.module.css';

export type Extra = 'congregation' | 'qasr' | 'jam';

interface PrayerMarkProps {
  name: string;
  /** The prayer's time on the day, written out ("5:12 AM"), when the place is known. */
  time?: string;
  mark: Mark | undefined;
  choices: readonly (readonly [Status, MessageDescriptor])[];
  onStatus: (status: Status | null) => void;
  /** In congregation, shortened, combined: the obligatory prayers' (none for the voluntary). */
  extras?: Extra[];
  onExtra?: (extra: Extra, value: boolean) => void;
}

export function PrayerMark({
  name,
  time,
  mark,
  choices,
  extras = [],
  onStatus,
  onExtra,
}: PrayerMarkProps) {
  const { i18n } = useLingui();
  const id = useId();
  const status = mark?.status ?? null;
  const options: (readonly [Status | null, MessageDescriptor])[] = [...choices, [null, NOT_MARKED]];
  return (
    <fieldset className={styles.prayer} data-status={status ?? 'none'}>
      <legend className={styles.prayerName}>
        {name}
        {time && (
          <>
            {' '}
            <span className={styles.prayerTime}>{time}</span>
          </>
        )}
      </legend>
      <div className={styles.choices}>
        {options.map(([value, label]) => (
          <label key={value ?? 'none'} className={styles.choice} data-choice={value ?? 'none'}>
            <input
              type="radio"
              name={`${id}-status`}
              checked={status === value}
              onChange={() => onStatus(value)}
            />
            <span>{i18n._(label)}</span>
          </label>
        ))}
      </div>
      {extras.length > 0 && (
        <div className={styles.extras}>
          {extras.map((extra) => (
            <label key={extra} className={styles.extra}>
              <input
                type="checkbox"
                checked={mark?.[extra] ?? false}
                onChange={(event) => onExtra?.(extra, event.currentTarget.checked)}
              />
              <span>
                <ExtraName extra={extra} />
              </span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

function ExtraName({ extra }: { extra: Extra }) {
  switch (extra) {
    case 'congregation':
      return (
        <Trans comment="A prayer mark's option: prayed with others (jama'ah).">
          In congregation
        </Trans>
      );
    case 'qasr':
      return (
        <Trans comment="A travel day's option: the four-unit prayer prayed as two (qasr).">
          Shortened (qasr)
        </Trans>
      );
    case 'jam':
      return (
        <Trans comment="A travel day's option: prayed together with the prayer before or after it (jam').">
          Combined (jam’)
        </Trans>
      );
  }
}
