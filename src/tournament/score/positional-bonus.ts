/**
 * The positional bonus (C.2) with ties sharing the bonuses of the places they occupy (C.3), and
 * eliminated players scoring zero (C.1).
 */
import { POWERS, type Power } from '../powers.js';

/** C.2: first to sixth place; seventh place has no bonus. */
export const POSITIONAL_BONUSES: readonly number[] = [32, 16, 8, 4, 2, 1, 0];

/**
 * Each power's bonus for the given (scored) centre counts. Surviving powers are placed by centres;
 * powers tied on centres share the bonuses of the places they occupy equally (C.3: three players
 * ending at 8 with nobody above them share 32 + 16 + 8, 56/3 each). An eliminated power (0 centres)
 * scores zero (C.1), bonus included.
 */
export function positionalBonuses(centres: Readonly<Record<Power, number>>): Record<Power, number> {
  const out = Object.fromEntries(POWERS.map((p) => [p, 0])) as Record<Power, number>;
  const alive = POWERS.filter((p) => centres[p] > 0).sort((a, b) => centres[b] - centres[a]);
  let place = 0;
  while (place < alive.length) {
    const count = centres[alive[place]!];
    let end = place;
    while (end < alive.length && centres[alive[end]!] === count) end++;
    const pot = POSITIONAL_BONUSES.slice(place, end).reduce((a, b) => a + b, 0);
    for (let i = place; i < end; i++) out[alive[i]!] = pot / (end - place);
    place = end;
  }
  return out;
}
