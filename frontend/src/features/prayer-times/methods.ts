/**
 * The words the page uses for each setting: a name and one line a scholar would recognise, as
 * messages in the page's language (rendered with `i18n._`).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  AsrRule,
  MethodId,
  PrayerName,
  ResolvedHighLatitude,
} from '../../lib/prayerTimes/compute';

interface SettingText {
  name: MessageDescriptor;
  line: MessageDescriptor;
}

export const METHOD_TEXT: Record<MethodId, SettingText> = {
  MuslimWorldLeague: {
    name: msg({
      message: 'Muslim World League',
      comment: 'The name of a prayer-time calculation method (a proper name).',
    }),
    line: msg`Fajr at 18°, Isha at 17° below the horizon. Used widely in Europe and the Far East.`,
  },
  NorthAmerica: {
    name: msg({
      message: 'ISNA (Islamic Society of North America)',
      comment: 'The name of a prayer-time calculation method (a proper name).',
    }),
    line: msg`Fajr and Isha at 15°. Used by many mosques in the United States and Canada.`,
  },
  Egyptian: {
    name: msg({
      message: 'Egyptian General Authority of Survey',
      comment: 'The name of a prayer-time calculation method (a proper name).',
    }),
    line: msg`Fajr at 19.5°, Isha at 17.5°. Used in Egypt and much of Africa and the Levant.`,
  },
  UmmAlQura: {
    name: msg({
      message: 'Umm al-Qura',
      comment: 'The name of a prayer-time calculation method (a proper name).',
    }),
    line: msg`Fajr at 18.5°, Isha 90 minutes after Maghrib. The official method of Saudi Arabia.`,
  },
  Karachi: {
    name: msg({
      message: 'University of Islamic Sciences, Karachi',
      comment: 'The name of a prayer-time calculation method (a proper name).',
    }),
    line: msg`Fajr and Isha at 18°. Used in Pakistan, India, Bangladesh and Afghanistan.`,
  },
  Dubai: {
    name: msg({
      message: 'Dubai',
      comment: 'The name of a prayer-time calculation method (a proper name).',
    }),
    line: msg`Fajr and Isha at 18.2°, with the small offsets of the UAE authority.`,
  },
  Qatar: {
    name: msg({
      message: 'Qatar',
      comment: 'The name of a prayer-time calculation method (a proper name).',
    }),
    line: msg`Fajr at 18°, Isha 90 minutes after Maghrib, as in Qatar.`,
  },
  Kuwait: {
    name: msg({
      message: 'Kuwait',
      comment: 'The name of a prayer-time calculation method (a proper name).',
    }),
    line: msg`Fajr at 18°, Isha at 17.5°, as in Kuwait.`,
  },
  MoonsightingCommittee: {
    name: msg({
      message: 'Moonsighting Committee Worldwide',
      comment: 'The name of a prayer-time calculation method (a proper name).',
    }),
    line: msg`Fajr and Isha at 18° with seasonal corrections for higher latitudes (Khalid Shaukat).`,
  },
  Singapore: {
    name: msg({
      message: 'Singapore, Malaysia and Indonesia (MUIS, JAKIM, KEMENAG)',
      comment:
        "The name of a prayer-time calculation method (a proper name). MUIS, JAKIM and KEMENAG are the three countries' religious authorities.",
    }),
    line: msg`Fajr at 20°, Isha at 18°, times rounded up.`,
  },
  Turkey: {
    name: msg({
      message: 'Diyanet (Turkey)',
      comment: 'The name of a prayer-time calculation method (a proper name).',
    }),
    line: msg`Fajr at 18°, Isha at 17°, with offsets approximating the Diyanet timetable.`,
  },
  Tehran: {
    name: msg({
      message: 'Institute of Geophysics, University of Tehran',
      comment: 'The name of a prayer-time calculation method (a proper name).',
    }),
    line: msg`Fajr at 17.7°, Isha at 14°, Maghrib at 4.5°. Used in Iran and by many Shia communities.`,
  },
};

export const ASR_TEXT: Record<AsrRule, SettingText> = {
  standard: {
    name: msg({
      message: 'Standard',
      comment: "The Asr time of the majority (Shafi'i, Maliki and Hanbali schools).",
    }),
    line: msg`Shafi'i, Maliki and Hanbali: when an object's shadow equals its length.`,
  },
  hanafi: {
    name: msg({ message: 'Hanafi', comment: 'The Asr time of the Hanafi school.' }),
    line: msg`When an object's shadow is twice its length: later in the afternoon.`,
  },
};

export const HIGH_LATITUDE_TEXT: Record<ResolvedHighLatitude, SettingText> = {
  middleofthenight: {
    name: msg({
      message: 'Middle of the night',
      comment: 'A rule for Fajr and Isha where the sun stays near the horizon.',
    }),
    line: msg`Fajr no earlier, and Isha no later, than the middle of the night.`,
  },
  seventhofthenight: {
    name: msg({
      message: 'Seventh of the night',
      comment: 'A rule for Fajr and Isha where the sun stays near the horizon.',
    }),
    line: msg`Fajr no earlier than a seventh of the night before sunrise; Isha no later than a seventh after sunset.`,
  },
  twilightangle: {
    name: msg({
      message: 'Twilight angle',
      comment: 'A rule for Fajr and Isha where the sun stays near the horizon.',
    }),
    line: msg`The night divided in proportion to the Fajr and Isha angles (an angle of 18° is 18/60 of the night).`,
  },
  moonsighting: {
    name: msg`The Moonsighting Committee's seasonal times`,
    line: msg`This method sets Fajr and Isha with its own seasonal rule at every latitude.`,
  },
};

export const PRAYER_NAMES: Record<PrayerName, MessageDescriptor> = {
  fajr: msg({
    message: 'Fajr',
    comment:
      'The name of a prayer time, as timetables print it: a row of the day table, a column of the monthly timetable, a calendar event.',
  }),
  sunrise: msg({
    message: 'Sunrise',
    comment: 'The time of sunrise (not a prayer), as timetables print it.',
  }),
  dhuhr: msg({
    message: 'Dhuhr',
    comment:
      'The name of a prayer time, as timetables print it: a row of the day table, a column of the monthly timetable, a calendar event.',
  }),
  asr: msg({
    message: 'Asr',
    comment:
      'The name of a prayer time, as timetables print it: a row of the day table, a column of the monthly timetable, a calendar event.',
  }),
  maghrib: msg({
    message: 'Maghrib',
    comment:
      'The name of a prayer time, as timetables print it: a row of the day table, a column of the monthly timetable, a calendar event.',
  }),
  isha: msg({
    message: 'Isha',
    comment:
      'The name of a prayer time, as timetables print it: a row of the day table, a column of the monthly timetable, a calendar event.',
  }),
};

/** A country's name in the page's language ("Saudi Arabia"), from the browser's own data. */
export function countryName(code: string, locale: string): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames(locale, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
