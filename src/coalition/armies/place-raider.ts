/**
 * A Raider that spawned at the movement update (6.3.2 "Spawning") and waits to be placed: "Where it
 * appears is the Mercenary Judge's" (issue 12), within the Raiders' rules: "random squares away from
 * bases" (6.3), "never move to a square adjacent to a base, portal, or town" (6.3.1), on an empty
 * square, and never more than 5 Raiders on the map (6.3). Pure.
 */
import type { WorldMap } from '../world/map.js';
import { keyOf, parseSquare, surroundingSquares } from '../world/square.js';
import type { Army } from './army.js';

export interface PendingRaider {
  readonly name: string;
  readonly rank: '1/1-4/4' | '2/2-5/5';
  /** The turn whose update spawned it. */
  readonly turn: number;
}

const MAX_RAIDERS = 5;

/** A name for the Raider spawned at turn `turn`'s update, unique among `taken`. */
export function spawnedRaiderName(taken: readonly string[], turn: number): string {
  const used = new Set(taken.map((n) => n.trim().toLowerCase()));
  for (let i = 0; ; i++) {
    const name = `Raider T${turn}${i === 0 ? '' : `-${i + 1}`}`;
    if (!used.has(name.toLowerCase())) return name;
  }
}

/** Where `square` is acceptable for a spawned Raider, or why not (with the rule). */
export function checkRaiderPlacement(map: WorldMap, armies: readonly Pick<Army, 'name' | 'at' | 'mercenary'>[], square: string): { ok: true; at: string } | { ok: false; reason: string } {
  const sq = parseSquare(square);
  if (!sq) return { ok: false, reason: `"${square}" is not a square of the map (1.2: a number 1–38 then a letter A–N, as 24G)` };
  const at = keyOf(sq);
  const site = map.sites[at];
  if (site) return { ok: false, reason: `${at} is a ${site.kind}: a Raider appears away from bases, portals and towns (6.3, 6.3.1)` };
  const near = surroundingSquares(sq).map(keyOf).find((q) => map.sites[q]);
  if (near) return { ok: false, reason: `${at} is next to the ${map.sites[near]!.kind} at ${near}: a Raider is never on a square adjacent to a base, portal or town (6.3.1)` };
  const there = armies.find((a) => a.at === at);
  if (there) return { ok: false, reason: `${there.name} stands on ${at}: a Raider appears on an empty square (6.3)` };
  if (armies.filter((a) => a.mercenary === 'raider').length >= MAX_RAIDERS) return { ok: false, reason: 'there are 5 Raider armies on the map already: "There can be up to 5 Raider armies" (6.3)' };
  return { ok: true, at };
}
