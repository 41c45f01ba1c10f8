/** Who is told, as every kind's alarms name them. Pure. */
import type { Person } from '../db/people.js';

/** `list` without `person` and without repeats. */
export function othersThan(person: Person, list: readonly (Person | undefined)[]): Person[] {
  const seen = new Set<number>([person.id]);
  return list.filter((p): p is Person => p !== undefined && !seen.has(p.id) && seen.add(p.id) !== undefined);
}

/** "the GM"; "the Movement Judge and the Battle Judge": who was told, for the mails that say so. */
export function toldPhrase(who: readonly string[]): string {
  return who.length <= 1 ? who[0] ?? 'nobody' : `${who.slice(0, -1).join(', ')} and ${who.at(-1)}`;
}
