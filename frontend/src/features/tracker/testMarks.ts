/**
 * The tracker tests' mark: the status given, nothing else ticked, changed at 20:00 UTC on its
 * day unless `extra` says otherwise. Only tests import this file.
 */
import type { Mark } from './model';

export function testMark(
  day: string,
  prayer: Mark['prayer'],
  status: Mark['status'],
  extra: Partial<Mark> = {},
): Mark {
  return {
    day,
    prayer,
    status,
    congregation: false,
    qasr: false,
    jam: false,
    deleted: false,
    updatedAt: `${day}T20:00:00.000Z`,
    ...extra,
  };
}
