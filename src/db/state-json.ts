/**
 * The engine's {@link GameState} as stored in `phases.state_before` / `state_after` (jsonb), and back.
 *
 * The state holds a `Map` (supply-centre owners), which `JSON.stringify` would turn into `{}`; this
 * module writes it as a plain object with sorted keys, and everything else in a fixed order, so the
 * same position always gives the same JSON. `format` versions the layout: a later change adds a new
 * number and a reader for it, and old rows keep reading.
 */
import { z } from 'zod';
import { POWERS, formatPhase, parsePhase, type GameState, type Power } from '../diplomacy/index.js';
import { DbError } from './errors.js';

/** The current layout number. */
const FORMAT = 1;

const PowerJson = z.enum(POWERS as [Power, ...Power[]]);
const UnitJson = z.strictObject({ power: PowerJson, kind: z.enum(['A', 'F']), location: z.string().min(1) });
const StateJson = z.strictObject({
  format: z.literal(FORMAT),
  phase: z.string(),
  units: z.array(UnitJson),
  centers: z.record(z.string(), PowerJson),
  dislodged: z.array(
    UnitJson.extend({ attackerFrom: z.string().nullable(), retreats: z.array(z.string()) }),
  ),
  standoffs: z.array(z.string()),
});

/** The stored form of a {@link GameState}. */
export type GameStateJson = z.infer<typeof StateJson>;

function byLocation<T extends { readonly location: string }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => (a.location < b.location ? -1 : a.location > b.location ? 1 : 0));
}

/** Write a position as JSON data (deterministic: units by location, centres by province). Pure. */
export function gameStateToJson(state: GameState): GameStateJson {
  const centers: Record<string, Power> = {};
  for (const province of [...state.centers.keys()].sort()) centers[province] = state.centers.get(province)!;
  return {
    format: FORMAT,
    phase: formatPhase(state.phase),
    units: byLocation(state.units).map((u) => ({ power: u.power, kind: u.kind, location: u.location })),
    centers,
    dislodged: byLocation(state.dislodged).map((d) => ({
      power: d.power,
      kind: d.kind,
      location: d.location,
      attackerFrom: d.attackerFrom,
      retreats: [...d.retreats],
    })),
    standoffs: [...state.standoffs].sort(),
  };
}

/**
 * Read a stored position. Throws a {@link DbError} (`bad-state-json`) naming every mismatch: stored
 * state is written only by {@link gameStateToJson}, so a mismatch is corruption, not user input.
 */
export function gameStateFromJson(json: unknown): GameState {
  const r = StateJson.safeParse(json);
  const phase = r.success ? parsePhase(r.data.phase) : undefined;
  if (!r.success || !phase) {
    const problems = r.success ? [`phase: "${r.data.phase}" is not a phase name`] : r.error.issues.map((i) => `${i.path.join('.') || '(state)'}: ${i.message}`);
    throw new DbError('bad-state-json', `stored game state is not valid: ${problems.join('; ')}`);
  }
  const s = r.data;
  return {
    phase,
    units: s.units.map((u) => ({ power: u.power, kind: u.kind, location: u.location })),
    centers: new Map(Object.entries(s.centers)),
    dislodged: s.dislodged.map((d) => ({ ...d, retreats: [...d.retreats] })),
    standoffs: [...s.standoffs],
  };
}
