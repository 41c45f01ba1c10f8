/**
 * Builders for Coalition movement tests: armies by team letter and square, orders by minute, and a
 * turn run with a named seed.
 */
import { DiceStream } from '../../../src/dice/index.js';
import { adjudicateMovement, type Army, type ArmyRank, type MovementOrder, type MovementState, type MovementUpdate, type WorldMap, type Site } from '../../../src/coalition/index.js';

const TEAM = { C: 'coalition', P: 'phyrexia', M: 'mercenary' } as const;

/** `army('C', 'Sai Rei', '3D')`: a lieutenant (or a 1/1-4/4 mercenary) unless a rank is given. */
export function army(team: keyof typeof TEAM, name: string, at: string, rank?: ArmyRank): Army {
  const t = TEAM[team];
  return { name, team: t, at, rank: rank ?? (t === 'coalition' ? 'lieutenant' : t === 'phyrexia' ? 'centurion' : '1/1-4/4') };
}

/** An order received `minute` minutes after 04:00 GMT on 2026-11-20, in post `post` at `line`. */
export function order(armyName: string, text: string, minute = 0, post = `p-${armyName}`, line = 1, extra: Partial<MovementOrder> = {}): MovementOrder {
  return { army: armyName, text, at: new Date(Date.UTC(2026, 10, 20, 4, minute)), post, line, ...extra };
}

export const PLAIN_MAP: WorldMap = { terrain: {}, defaultTerrain: 'plains', sites: {} };

export function mapWith(sites: Record<string, Site>): WorldMap {
  return { terrain: {}, defaultTerrain: 'plains', sites };
}

/** One turn with seed `seed`. */
export function turn(armies: Army[], orders: MovementOrder[], opts: Partial<MovementState> & { seed?: string } = {}): MovementUpdate & { dice: DiceStream } {
  const dice = new DiceStream(opts.seed ?? 'test', 'turn');
  const { seed: _seed, ...rest } = opts;
  const out = adjudicateMovement({ map: PLAIN_MAP, armies, ...rest }, orders, dice);
  return { ...out, dice };
}

/** Where each army ends: `{ 'Sai Rei': '5E' }`. */
export function positions(out: MovementUpdate): Record<string, string> {
  return Object.fromEntries(out.armies.map((a) => [a.name, a.at]));
}

/** The result of the order counted for `name` (the last one listed for it). */
export function resultOf(out: MovementUpdate, name: string): MovementUpdate['results'][number] {
  const r = out.results.filter((x) => x.army === name).at(-1);
  if (!r) throw new Error(`no result for ${name}`);
  return r;
}
