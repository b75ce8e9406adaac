/** The words the page uses for each setting: a name and one line a scholar would recognise. */
import type { AsrRule, MethodId, ResolvedHighLatitude } from './compute';

export const METHOD_TEXT: Record<MethodId, { name: string; line: string }> = {
  MuslimWorldLeague: {
    name: 'Muslim World League',
    line: 'Fajr at 18°, Isha at 17° below the horizon. Used widely in Europe and the Far East.',
  },
  NorthAmerica: {
    name: 'ISNA (Islamic Society of North America)',
    line: 'Fajr and Isha at 15°. Used by many mosques in the United States and Canada.',
  },
  Egyptian: {
    name: 'Egyptian General Authority of Survey',
    line: 'Fajr at 19.5°, Isha at 17.5°. Used in Egypt and much of Africa and the Levant.',
  },
  UmmAlQura: {
    name: 'Umm al-Qura',
    line: 'Fajr at 18.5°, Isha 90 minutes after Maghrib. The official method of Saudi Arabia.',
  },
  Karachi: {
    name: 'University of Islamic Sciences, Karachi',
    line: 'Fajr and Isha at 18°. Used in Pakistan, India, Bangladesh and Afghanistan.',
  },
  Dubai: {
    name: 'Dubai',
    line: 'Fajr and Isha at 18.2°, with the small offsets of the UAE authority.',
  },
  Qatar: {
    name: 'Qatar',
    line: 'Fajr at 18°, Isha 90 minutes after Maghrib, as in Qatar.',
  },
  Kuwait: {
    name: 'Kuwait',
    line: 'Fajr at 18°, Isha at 17.5°, as in Kuwait.',
  },
  MoonsightingCommittee: {
    name: 'Moonsighting Committee Worldwide',
    line: 'Fajr and Isha at 18° with seasonal corrections for higher latitudes (Khalid Shaukat).',
  },
  Singapore: {
    name: 'Singapore, Malaysia and Indonesia (MUIS, JAKIM, KEMENAG)',
    line: 'Fajr at 20°, Isha at 18°, times rounded up.',
  },
  Turkey: {
    name: 'Diyanet (Turkey)',
    line: 'Fajr at 18°, Isha at 17°, with offsets approximating the Diyanet timetable.',
  },
  Tehran: {
    name: 'Institute of Geophysics, University of Tehran',
    line: 'Fajr at 17.7°, Isha at 14°, Maghrib at 4.5°. Used in Iran and by many Shia communities.',
  },
};

export const ASR_TEXT: Record<AsrRule, { name: string; line: string }> = {
  standard: {
    name: 'Standard',
    line: "Shafi'i, Maliki and Hanbali: when an object's shadow equals its length.",
  },
  hanafi: {
    name: 'Hanafi',
    line: "When an object's shadow is twice its length: later in the afternoon.",
  },
};

export const HIGH_LATITUDE_TEXT: Record<ResolvedHighLatitude, { name: string; line: string }> = {
  middleofthenight: {
    name: 'Middle of the night',
    line: 'Fajr no earlier, and Isha no later, than the middle of the night.',
  },
  seventhofthenight: {
    name: 'Seventh of the night',
    line: 'Fajr no earlier than a seventh of the night before sunrise; Isha no later than a seventh after sunset.',
  },
  twilightangle: {
    name: 'Twilight angle',
    line: 'The night divided in proportion to the Fajr and Isha angles (an angle of 18° is 18/60 of the night).',
  },
  moonsighting: {
    name: "The Moonsighting Committee's seasonal times",
    line: 'This method sets Fajr and Isha with its own seasonal rule at every latitude.',
  },
};

export const PRAYER_NAMES = {
  fajr: 'Fajr',
  sunrise: 'Sunrise',
  dhuhr: 'Dhuhr',
  asr: 'Asr',
  maghrib: 'Maghrib',
  isha: 'Isha',
} as const;

/** A country's name in the visitor's language ("Saudi Arabia"), from the browser's own data. */
export function countryName(code: string, locale: string | undefined): string {
  if (!code) return '';
  try {
    return new Intl.DisplayNames(locale, { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
