/** The countdown's time left, in the page's language ("2 h 14 min"). */
import { plural, t } from '@lingui/core/macro';
import { formatNumber } from '../../lib/i18n/format';

/** "2 h 14 min", "45 min", "less than a minute", in the page's language. */
export function untilText(ms: number, locale: string): string {
  const total = Math.ceil(ms / 60_000);
  if (total <= 1 && ms <= 60_000) {
    return t({
      message: 'less than a minute',
      comment: 'Time left until the next prayer, as in "Dhuhr in less than a minute".',
    });
  }
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const hoursText = formatNumber(hours, locale);
  const minutesText = formatNumber(minutes, locale);
  if (!hours) {
    return t({
      message: plural(minutes, { one: `${minutesText} min`, other: `${minutesText} min` }),
      comment: 'Time left until the next prayer, as in "Dhuhr in 45 min".',
    });
  }
  if (!minutes) {
    return t({
      message: plural(hours, { one: `${hoursText} h`, other: `${hoursText} h` }),
      comment: 'Time left until the next prayer, as in "Dhuhr in 2 h".',
    });
  }
  return t({
    // Two plurals side by side: the order and the space are the translator's to change.
    // eslint-disable-next-line lingui/no-single-variables-to-translate
    message: `${plural(hours, { one: `${hoursText} h`, other: `${hoursText} h` })} ${plural(minutes, { one: `${minutesText} min`, other: `${minutesText} min` })}`,
    comment: 'Time left until the next prayer, as in "Dhuhr in 2 h 14 min".',
  });
}
