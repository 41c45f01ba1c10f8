/** Builders for test positions: `position({ ENGLAND: ['F NTH', 'A YOR'] })`. */
import {
  POWERS,
  STANDARD_MAP,
  parseOrder,
  parsePhase,
  type GameState,
  type Power,
  type ProvinceId,
  type SubmittedOrder,
  type Unit,
} from '../../src/diplomacy/index.js';

export type PerPower<T> = Partial<Record<Power, T>>;

export function unitsFrom(units: PerPower<string[]>): Unit[] {
  const out: Unit[] = [];
  for (const power of POWERS) {
    for (const text of units[power] ?? []) {
      const [kind, location] = text.trim().split(/\s+/) as ['A' | 'F', string];
      out.push({ power, kind, location });
    }
  }
  return out;
}

export function homeCenters(): Map<ProvinceId, Power> {
  const centers = new Map<ProvinceId, Power>();
  for (const p of STANDARD_MAP.provinces.values()) if (p.home) centers.set(p.id, p.home);
  return centers;
}

export function centersFrom(centers: PerPower<string[]>): Map<ProvinceId, Power> {
  const out = new Map<ProvinceId, Power>();
  for (const power of POWERS) for (const c of centers[power] ?? []) out.set(c, power);
  return out;
}

export function position(phase: string, units: PerPower<string[]>, centers?: PerPower<string[]>): GameState {
  const p = parsePhase(phase);
  if (!p) throw new Error(`bad phase ${phase}`);
  return { phase: p, units: unitsFrom(units), centers: centers ? centersFrom(centers) : homeCenters(), dislodged: [], standoffs: [] };
}

/** Parse orders per power; throws on an unparseable line (test data must parse). */
export function ordersFrom(orders: PerPower<string[]>): { submitted: SubmittedOrder[]; keys: string[] } {
  const submitted: SubmittedOrder[] = [];
  const keys: string[] = [];
  for (const power of POWERS) {
    for (const text of orders[power] ?? []) {
      const r = parseOrder(text);
      if (!r.ok) throw new Error(`cannot parse "${text}": ${r.issue.message}`);
      submitted.push({ power, order: r.order });
      keys.push(`${power}: ${text}`);
    }
  }
  return { submitted, keys };
}

export function unitsByPower(units: readonly Unit[]): PerPower<string[]> {
  const out: PerPower<string[]> = {};
  for (const u of units) (out[u.power] ??= []).push(`${u.kind} ${u.location}`);
  for (const p of Object.keys(out) as Power[]) out[p]!.sort();
  return out;
}
