/** Window builders shared by the calendar tests. */
import type { UnavailableWindow, Weekday } from '../../../src/diplomacy/calendar/index.js';
import type { Power } from '../../../src/diplomacy/index.js';

export function win(power: Power, zone: string, from: string, to: string): UnavailableWindow {
  const [startDay, startTime] = from.split(' ') as [Weekday, string];
  const [endDay, endTime] = to.split(' ') as [Weekday, string];
  return { power, zone, startDay, startTime, endDay, endTime };
}

export const at = (iso: string): Date => new Date(iso);

/** The D.VII(2) example: 5pm Friday to 9am Monday, US Eastern. */
export const NY_WEEKEND = win('ENGLAND', 'America/New_York', 'Fri 17:00', 'Mon 09:00');
export const LONDON_WEEKEND = win('FRANCE', 'Europe/London', 'Fri 18:00', 'Mon 08:00');
export const SYDNEY_WEEKEND = win('TURKEY', 'Australia/Sydney', 'Sat 08:00', 'Mon 00:00');
export const KOLKATA_WEEKEND = win('RUSSIA', 'Asia/Kolkata', 'Sat 10:00', 'Sun 22:30');
