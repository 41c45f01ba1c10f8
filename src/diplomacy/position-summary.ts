/**
 * The position for reports, as data and as plain text in fixed columns (it survives any mail client):
 * every power's units, the dislodged units with their retreat options, the centre counts with their
 * change since the centres were last counted, and the builds or removals owed in an adjustment phase.
 * The reader's own power comes first. Pure.
 */
import { adjustmentCounts } from './adjudicator/adjustments.js';
import { STANDARD_MAP } from './map/standard.js';
import { POWERS, type GameMap, type Power, type ProvinceId } from './map/types.js';
import { formatPhase } from './phase.js';
import type { GameState, Unit } from './state.js';

export interface PowerSummary {
  readonly power: Power;
  /** Units as `A PAR`, `F STP/SC`, sorted by location. */
  readonly units: readonly string[];
  /** Dislodged units and where each may retreat (retreat phases only). */
  readonly dislodged: readonly { readonly unit: string; readonly retreats: readonly string[] }[];
  /** Owned centres, sorted. */
  readonly centres: readonly ProvinceId[];
  /** Centres gained (positive) or lost since `previousCentres`. */
  readonly change: number;
  /** Builds (positive) or removals (negative) owed; 0 outside adjustment phases (D.V). */
  readonly adjustment: number;
  /** Builds the power is entitled to but cannot make: no vacant owned home centre (D.V). */
  readonly buildsBlocked: number;
  /** No unit and no centre left. */
  readonly eliminated: boolean;
}

export interface PositionSummary {
  /** The phase the position is at the start of (`W1901A`). */
  readonly phase: string;
  /** The game year whose centre count `change` is counted over (see {@link ChangeBaseline}); absent: unnamed. */
  readonly changeYear?: number;
  /** Every power in the standard order, or the reader's first. */
  readonly powers: readonly PowerSummary[];
}

const unitText = (u: Unit) => `${u.kind} ${u.location}`;

/**
 * What the centre change is counted from: the ownership at the start of game year `year` (as the
 * last Winter left it). A report of any phase of 1901 — its Winter included — counts the change of
 * 1901 against the start of 1901, so the Winter report shows the gains its builds come from (not 0).
 */
export interface ChangeBaseline {
  readonly centres: ReadonlyMap<ProvinceId, Power>;
  readonly year: number;
}

/**
 * Summarise `state` for reports. `previous` is the ownership the change is counted from: a
 * {@link ChangeBaseline} (the start of the reported phase's game year, which names the year in the
 * text), or a bare ownership; `reader`, if given, comes first.
 */
export function summarisePosition(
  state: GameState,
  previous: ReadonlyMap<ProvinceId, Power> | ChangeBaseline,
  reader?: Power,
  map: GameMap = STANDARD_MAP,
): PositionSummary {
  const baseline = 'year' in previous && 'centres' in previous ? (previous as ChangeBaseline) : undefined;
  const previousCentres = baseline ? baseline.centres : (previous as ReadonlyMap<ProvinceId, Power>);
  const changeYear = baseline?.year;
  const counts = state.phase.kind === 'A' ? adjustmentCounts(map, state.units, state.centers) : new Map<Power, number>();
  const order = reader ? [reader, ...POWERS.filter((p) => p !== reader)] : [...POWERS];
  const powers = order.map((power): PowerSummary => {
    const units = state.units.filter((u) => u.power === power).sort((a, b) => a.location.localeCompare(b.location));
    const dislodged = state.phase.kind === 'R' ? state.dislodged.filter((d) => d.power === power) : [];
    const centres = [...state.centers].filter(([, o]) => o === power).map(([c]) => c).sort();
    const before = [...previousCentres.values()].filter((o) => o === power).length;
    const adjustment = counts.get(power) ?? 0;
    const entitled = state.phase.kind === 'A' ? centres.length - units.length : 0;
    return {
      power,
      units: units.map(unitText),
      dislodged: dislodged.map((d) => ({ unit: unitText(d), retreats: [...d.retreats].sort() })),
      centres,
      change: centres.length - before,
      adjustment,
      buildsBlocked: entitled > 0 ? entitled - adjustment : 0,
      eliminated: units.length === 0 && dislodged.length === 0 && centres.length === 0,
    };
  });
  return { phase: formatPhase(state.phase), ...(changeYear !== undefined ? { changeYear } : {}), powers };
}

const WIDTH = 72;
const NAME = 10;

/** `+2`, `-1`, `0`. */
function signed(n: number): string {
  return n > 0 ? `+${n}` : `${n}`;
}

/** Words joined with `, ` and wrapped at {@link WIDTH} with a hanging indent. */
function wrap(first: string, words: readonly string[], indent: number): string[] {
  const lines: string[] = [];
  let line = first;
  words.forEach((w, i) => {
    const piece = `${w}${i < words.length - 1 ? ',' : ''}`;
    const sep = line.length === 0 || /\s$/.test(line) ? '' : ' ';
    if (line.length + sep.length + piece.length > WIDTH && line.trim().length > 0) {
      lines.push(line.trimEnd());
      line = `${' '.repeat(indent)}${piece}`;
    } else line += `${sep}${piece}`;
  });
  lines.push(line.trimEnd());
  return lines;
}

/** "2 more than at the start of 1901", "No change since the start of 1901", "1 fewer than …" (issue 28: never a bare "0"). */
function changeWords(change: number, year: number | undefined): string {
  const since = year !== undefined ? `the start of ${year}` : 'the start of this year';
  if (change === 0) return `No change since ${since}`;
  return `${Math.abs(change)} ${change > 0 ? 'more' : 'fewer'} than at ${since}`;
}

function owed(s: PowerSummary, you: boolean): string {
  const n = Math.abs(s.adjustment);
  const what = s.adjustment > 0 ? `build ${n}` : s.adjustment < 0 ? `remove ${n}` : '';
  if (!what) return '';
  return you ? `you must ${what}` : `must ${what}`;
}

/**
 * The summary as plain text, no line over 72 characters, columns padded with spaces. With `reader`,
 * it opens with the reader's own lines: "Your units: ...", "Your 5 centres (…): ...", "You must build 2."
 */
export function formatPositionSummary(summary: PositionSummary, reader?: Power): string {
  const out: string[] = [];
  const mine = reader ? summary.powers.find((p) => p.power === reader) : undefined;
  if (mine) {
    out.push(...wrap(`Your units (${mine.power}):`, mine.units.length ? mine.units : ['none'], 4));
    for (const d of mine.dislodged) {
      out.push(...wrap(`Your dislodged ${d.unit} may retreat to:`, d.retreats, 4), '  (or be disbanded)');
    }
    out.push(...wrap(`Your ${mine.centres.length} centre${mine.centres.length === 1 ? '' : 's'}:`, mine.centres.length ? mine.centres : ['none'], 4));
    out.push(`${changeWords(mine.change, summary.changeYear)}.`);
    if (mine.adjustment !== 0) out.push(`${owed(mine, true).replace(/^y/, 'Y')}.`);
    if (mine.buildsBlocked > 0) out.push(`(${mine.buildsBlocked} more build${mine.buildsBlocked > 1 ? 's' : ''} owed but no vacant home centre to build in)`);
    out.push('');
  }
  out.push(`Position at the start of ${summary.phase}:`);
  // The change column names the year it counts (the centres gained or lost since the Winter before it).
  out.push(`${'Power'.padEnd(NAME)}${'Centres'.padStart(8)}${(summary.changeYear !== undefined ? `In ${summary.changeYear}` : 'Change').padStart(8)}${'Units'.padStart(7)}  Adjustment`);
  for (const s of summary.powers) {
    const adj = s.eliminated ? 'eliminated' : owed(s, false).replace(/^must /, '');
    out.push(`${s.power.padEnd(NAME)}${String(s.centres.length).padStart(8)}${signed(s.change).padStart(8)}${String(s.units.length).padStart(7)}  ${adj}`.trimEnd());
  }
  if (summary.changeYear !== undefined) out.push(`(In ${summary.changeYear}: centres gained or lost since the start of ${summary.changeYear}.)`);
  out.push('');
  out.push('Units:');
  for (const s of summary.powers) {
    if (s.units.length === 0) continue;
    out.push(...wrap(s.power.padEnd(NAME), s.units, NAME));
  }
  const dislodged = summary.powers.flatMap((s) => s.dislodged.map((d) => ({ power: s.power, ...d })));
  if (dislodged.length > 0) {
    out.push('');
    out.push('Dislodged (retreat or disband):');
    for (const d of dislodged) {
      out.push(...wrap(`${d.power.padEnd(NAME)}${d.unit.padEnd(9)} -> `, d.retreats.length ? d.retreats : ['(none)'], NAME + 13));
    }
  }
  out.push('');
  out.push('Centres:');
  for (const s of summary.powers) {
    if (s.centres.length === 0) continue;
    out.push(...wrap(s.power.padEnd(NAME), s.centres, NAME));
  }
  return `${out.join('\n')}\n`;
}
