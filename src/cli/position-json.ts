/**
 * The JSON contract of `mailjudge adjudicate` and `mailjudge replay` (DESIGN.md "The adjudication
 * CLI contract"): reading a position and orders from JSON, and writing a phase outcome as JSON.
 * Reading validates everything and reports every problem it finds, naming the field and the value.
 */
import { z } from 'zod';
import {
  POWERS,
  STANDARD_MAP,
  fleetLocationsIn,
  formatPhase,
  isSea,
  parseOrder,
  parsePhase,
  provinceOf,
  retreatOptions,
  standardStartState,
  type DislodgedUnit,
  type GameState,
  type Location,
  type OrderResult,
  type PhaseOutcome,
  type Power,
  type ProvinceId,
  type SubmittedOrder,
  type Unit,
} from '../diplomacy/index.js';
import { InputError } from './input-error.js';

/** Bad input, with every problem found (exit code 2 at the CLI): src/cli/input-error.ts. */
export { InputError };

const PerPowerStrings = z.record(z.string(), z.array(z.string()));
const DislodgedJson = z.object({
  unit: z.string(),
  attackerFrom: z.string().nullable().optional(),
  retreats: z.array(z.string()).optional(),
});

export const PositionJson = z.object({
  phase: z.string(),
  units: PerPowerStrings,
  centers: PerPowerStrings.optional(),
  dislodged: z.record(z.string(), z.array(DislodgedJson)).optional(),
  standoffs: z.array(z.string()).optional(),
});

export const AdjudicateJson = PositionJson.extend({ orders: PerPowerStrings.optional() });

export const ReplayJson = z.object({
  start: PositionJson.optional(),
  phases: z.array(z.object({ phase: z.string(), orders: PerPowerStrings.optional() })),
});

/** Parse JSON text, or throw {@link InputError} naming the problem. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError([`invalid JSON: ${(e as Error).message}`]);
  }
}

/** Validate against a schema, or throw {@link InputError} listing every mismatch with its path. */
export function validate<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  throw new InputError(r.error.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`));
}

function readPower(name: string, where: string, problems: string[]): Power | undefined {
  const p = name.trim().toUpperCase() as Power;
  if (POWERS.includes(p)) return p;
  problems.push(`${where}: unknown power "${name}" (one of ${POWERS.join(', ')})`);
  return undefined;
}

/** A location as written in the JSON (`STP/NC`, `Spain(nc)`, `bur`), or a problem. */
function readLocation(text: string, where: string, problems: string[]): Location | undefined {
  const r = parseOrder(`A ${text} H`);
  if (!r.ok || r.order.kind !== 'hold') {
    problems.push(`${where}: unknown province "${text}"`);
    return undefined;
  }
  return r.order.unit.location;
}

function readUnit(power: Power, text: string, where: string, problems: string[]): Unit | undefined {
  const m = /^\s*([AF])\s+(.+?)\s*$/i.exec(text);
  if (!m) {
    problems.push(`${where}: "${text}" is not a unit (write "A PAR" or "F STP/NC")`);
    return undefined;
  }
  const kind = m[1]!.toUpperCase() as 'A' | 'F';
  const loc = readLocation(m[2]!, where, problems);
  if (!loc) return undefined;
  const p = provinceOf(loc);
  const province = STANDARD_MAP.provinces.get(p)!;
  if (province.terrain === 'impassable') {
    problems.push(`${where}: no unit can stand in ${province.name}`);
    return undefined;
  }
  if (kind === 'A') {
    if (isSea(STANDARD_MAP, p)) {
      problems.push(`${where}: an army cannot stand in ${province.name} (${p})`);
      return undefined;
    }
    return { power, kind, location: p };
  }
  const fleetLocs = fleetLocationsIn(STANDARD_MAP, p);
  if (fleetLocs.length === 0) {
    problems.push(`${where}: a fleet cannot stand in ${province.name} (${p})`);
    return undefined;
  }
  if (fleetLocs.length > 1 && !fleetLocs.includes(loc)) {
    problems.push(`${where}: a fleet in ${province.name} needs its coast (${fleetLocs.join(' or ')})`);
    return undefined;
  }
  return { power, kind, location: fleetLocs.length > 1 ? loc : p };
}

/** Read a position; throws {@link InputError} with every problem found. */
export function readPosition(json: z.infer<typeof PositionJson>): GameState {
  const problems: string[] = [];
  const phase = parsePhase(json.phase);
  if (!phase) problems.push(`phase: "${json.phase}" is not a phase name (write S1901M, F1901R, W1901A: season S/F/W, year, M/R/A)`);
  const units: Unit[] = [];
  const seen = new Map<ProvinceId, string>();
  for (const [name, list] of Object.entries(json.units)) {
    const power = readPower(name, `units.${name}`, problems);
    if (!power) continue;
    list.forEach((text, k) => {
      const u = readUnit(power, text, `units.${name}[${k}]`, problems);
      if (!u) return;
      const p = provinceOf(u.location);
      if (seen.has(p)) problems.push(`units.${name}[${k}]: two units in ${p} ("${seen.get(p)}" and "${text}")`);
      seen.set(p, text);
      units.push(u);
    });
  }
  let centers = new Map<ProvinceId, Power>();
  if (json.centers) {
    for (const [name, list] of Object.entries(json.centers)) {
      const power = readPower(name, `centers.${name}`, problems);
      if (!power) continue;
      for (const text of list) {
        const loc = readLocation(text, `centers.${name}`, problems);
        if (!loc) continue;
        const p = provinceOf(loc);
        if (!STANDARD_MAP.provinces.get(p)!.supplyCenter) problems.push(`centers.${name}: ${p} is not a supply centre`);
        else if (centers.has(p) && centers.get(p) !== power) problems.push(`centers: ${p} is owned by both ${centers.get(p)} and ${power}`);
        else centers.set(p, power);
      }
    }
  } else centers = new Map(standardStartState().centers);
  const dislodged: DislodgedUnit[] = [];
  for (const [name, list] of Object.entries(json.dislodged ?? {})) {
    const power = readPower(name, `dislodged.${name}`, problems);
    if (!power) continue;
    list.forEach((d, k) => {
      const where = `dislodged.${name}[${k}]`;
      const u = readUnit(power, d.unit, where, problems);
      if (!u) return;
      const attacker = d.attackerFrom ? readLocation(d.attackerFrom, `${where}.attackerFrom`, problems) : null;
      dislodged.push({ ...u, attackerFrom: attacker ? provinceOf(attacker) : null, retreats: d.retreats ?? [] });
    });
  }
  const standoffs: ProvinceId[] = [];
  for (const s of json.standoffs ?? []) {
    const loc = readLocation(s, 'standoffs', problems);
    if (loc) standoffs.push(provinceOf(loc));
  }
  if (phase?.kind === 'R' && dislodged.length === 0 && json.dislodged === undefined) {
    problems.push('dislodged: a retreat phase needs the dislodged units ({"POWER": [{"unit": "A MUN", "attackerFrom": "BUR"}]})');
  }
  if (problems.length > 0) throw new InputError(problems);
  return { phase: phase!, units, centers, dislodged: withRetreats(phase!, units, dislodged, standoffs), standoffs };
}

/** Fill in the retreat options of dislodged units the input gave without them (the engine's rule). */
function withRetreats(phase: GameState['phase'], units: Unit[], dislodged: DislodgedUnit[], standoffs: ProvinceId[]): DislodgedUnit[] {
  if (phase.kind !== 'R') return dislodged;
  const occupied = new Set(units.map((u) => provinceOf(u.location)));
  const blocked = new Set(standoffs);
  return dislodged.map((d) =>
    d.retreats.length > 0 ? d : { ...d, retreats: retreatOptions(STANDARD_MAP, d, d.attackerFrom, occupied, blocked) },
  );
}

/**
 * Read orders per power. An unparseable order, an unknown power, or a movement or retreat order for a
 * unit that is not there at all (no unit in that province, nor a dislodged one in a retreat phase) is
 * bad input; an order for another power's unit is not (it is adjudicated as illegal, DATC 6.A.6).
 */
export function readOrders(json: Record<string, string[]> | undefined, state: GameState): SubmittedOrder[] {
  const problems: string[] = [];
  const out: SubmittedOrder[] = [];
  const present = new Set([...state.units, ...(state.phase.kind === 'R' ? state.dislodged : [])].map((u) => provinceOf(u.location)));
  for (const [name, list] of Object.entries(json ?? {})) {
    const power = readPower(name, `orders.${name}`, problems);
    if (!power) continue;
    list.forEach((text, k) => {
      const r = parseOrder(text);
      if (!r.ok) {
        problems.push(`orders.${name}[${k}]: "${text}": ${r.issue.message}`);
        return;
      }
      const o = r.order;
      // In an adjustment phase a removal of a unit that is not there is an order that fails (DATC 6.J.1).
      if (state.phase.kind !== 'A' && o.kind !== 'build' && o.kind !== 'waive' && !present.has(provinceOf(o.unit.location))) {
        problems.push(`orders.${name}[${k}]: "${text}": there is no unit in ${provinceOf(o.unit.location)}`);
        return;
      }
      out.push({ power, order: o });
    });
  }
  if (problems.length > 0) throw new InputError(problems);
  return out;
}

function perPower<T>(items: readonly T[], powerOf: (t: T) => Power, value: (t: T) => unknown): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const p of POWERS) {
    const mine = items.filter((t) => powerOf(t) === p);
    if (mine.length > 0) out[p] = mine.map(value);
  }
  return out;
}

/** The position part of the output: `units`, `dislodged`, `standoffs`, `centers`. */
export function formatPosition(state: GameState) {
  const units = [...state.units].sort((a, b) => a.location.localeCompare(b.location));
  const centers: Record<string, string[]> = {};
  for (const p of POWERS) {
    const mine = [...state.centers].filter(([, owner]) => owner === p).map(([c]) => c).sort();
    if (mine.length > 0) centers[p] = mine;
  }
  return {
    units: perPower(units, (u) => u.power, (u) => `${u.kind} ${u.location}`),
    dislodged: perPower(state.dislodged, (d) => d.power, (d) => ({ unit: `${d.kind} ${d.location}`, attackerFrom: d.attackerFrom, retreats: [...d.retreats] })),
    standoffs: [...state.standoffs],
    centers,
  };
}

function formatResult(r: OrderResult) {
  const { index: _index, ...rest } = r;
  return rest;
}

/** The whole output of one adjudicated phase. */
export function formatOutcome(phase: GameState['phase'], out: PhaseOutcome) {
  const results = POWERS.flatMap((p) => out.results.filter((r) => r.power === p)).map(formatResult);
  return {
    phase: formatPhase(phase),
    next: out.next ? formatPhase(out.next) : null,
    ...(out.winner ? { winner: out.winner } : {}),
    ...(out.ended ? { ended: true } : {}),
    results,
    ...formatPosition(out.state),
  };
}
