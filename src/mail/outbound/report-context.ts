/**
 * The data of a phase report, built from an adjudication (pure): per power, the orders as written
 * and as adjudicated with each outcome; dislodged units with their retreat options; supply-centre
 * ownership and counts; builds and removals owed; the next deadline in GMT and in the reader's zone.
 * The templates in `templates/` only lay this out.
 */
import { DateTime } from 'luxon';
import {
  POWERS,
  formatPositionSummary,
  summarisePosition,
  adjustmentCounts,
  outcomeWords,
  formatPhase,
  STANDARD_MAP,
  type GameState,
  type OrderResult,
  type Phase,
  type Power,
} from '../../diplomacy/index.js';
import { exactFormat } from '../../rules/calendar/format-deadline.js';

export interface ReportInput {
  readonly game: { readonly id: string; readonly board: string; readonly address: string };
  readonly phase: Phase;
  readonly results: readonly OrderResult[];
  /** Each submitted order's line as the player wrote it, by the order's index in the submission (D.VIII(4)). */
  readonly writtenLines: readonly string[];
  /** The position after the phase (at the start of `next`). */
  readonly after: GameState;
  readonly next: Phase | null;
  readonly deadline?: Date;
  readonly winner?: Power;
  readonly ended?: boolean;
  /** Powers that sent no orders this phase. */
  readonly nmr: readonly Power[];
  /** Press to publish: white press with its author, the rest anonymously (D.X(1)). */
  readonly press?: readonly { readonly author?: Power; readonly text: string }[];
  /** The anonymous section's heading under the game's press rule (D.X(1)); default the standard one. */
  readonly pressHeading?: string;
  /** Results of proposals that failed, published with the adjudication (D.IX(2)): one sentence each. */
  readonly voteResults?: readonly string[];
  /** Notes for this reader only (the GM's copy: calendar warnings). */
  readonly notes?: readonly string[];
  /** The centre ownership the summary's "change" is counted from (the position before the phase). */
  /**
   * The centres at the start of the reported phase's game year (as the last Winter left them), for
   * the position's change column (D.V: the Winter builds come from that year's gains).
   */
  readonly centresBefore?: GameState['centers'];
  /** The reader's power, listed first in the position ("Your units: …"); none for the GM. */
  readonly reader?: Power;
  /**
   * The map pictures attached to this reader's report (issue 29: their `MAPS` choice, both by
   * default): the wide map's and the phone layout's file names, absent when not attached.
   */
  readonly maps?: { readonly choice: 'both' | 'wide' | 'phone' | 'none'; readonly wide?: string; readonly phone?: string };
}

const SEASONS = { S: 'Spring', F: 'Fall', W: 'Winter' } as const;
const KINDS = { M: 'Movement', R: 'Retreats', A: 'Adjustments' } as const;

/** "Spring 1901 Movement (S1901M)". */
export function phaseTitle(p: Phase): string {
  return `${SEASONS[p.season]} ${p.year} ${KINDS[p.kind]} (${formatPhase(p)})`;
}

/** What happened to an order, in a few words (plain words, src/diplomacy/adjudicator/outcome-words.ts). */
export function outcomeText(r: OrderResult, all: readonly OrderResult[] = []): string {
  return outcomeWords(r, all);
}

/**
 * An instant as people read it: GMT first, then the reader's zone with the weekday (D.VII); with its
 * seconds when it has any, so a deadline is stated exactly as it is enforced (D.VII(4)(b)).
 */
export function formatDeadline(at: Date, zone: string | undefined): { gmt: string; local?: string } {
  // A deadline is written for every reader of a game (issue 29: a deadline of many boards writes the
  // same few instants in the same few zones thousands of times): the last answers are kept.
  const key = `${at.getTime()} ${zone ?? ''}`;
  const known = writtenDeadlines.get(key);
  if (known) return { ...known };
  const written = writeDeadline(at, zone);
  if (writtenDeadlines.size >= WRITTEN_DEADLINES) writtenDeadlines.delete(writtenDeadlines.keys().next().value!);
  writtenDeadlines.set(key, written);
  return { ...written };
}

const WRITTEN_DEADLINES = 2000;
const writtenDeadlines = new Map<string, { gmt: string; local?: string }>();

function writeDeadline(at: Date, zone: string | undefined): { gmt: string; local?: string } {
  const t = DateTime.fromJSDate(at, { zone: 'utc' });
  const format = exactFormat(at, 'cccc d LLLL yyyy, HH:mm', 'cccc d LLLL yyyy, HH:mm:ss');
  const gmt = `${t.toFormat(format)} GMT`;
  if (!zone || zone === 'UTC' || zone === 'GMT' || zone === 'Etc/UTC') return { gmt };
  const local = t.setZone(zone);
  if (!local.isValid) return { gmt };
  return { gmt, local: `${local.toFormat(format)} ${local.offsetNameShort ?? zone} in ${zone}` }; // issue 28: no parentheses, so none nest
}

/** The line as written, when it differs from the canonical order (D.VIII(4)). */
function writtenIfDifferent(r: OrderResult, lines: readonly string[]): string | undefined {
  const w = r.index !== undefined ? lines[r.index] : undefined;
  return w !== undefined && w.trim().toUpperCase() !== r.order ? w.trim() : undefined;
}

/**
 * What became of a power that sent no orders, in the words of the phase: its units hold in a movement
 * phase (D.VII(6)(c)), its dislodged units are disbanded in a retreat phase, its builds are waived and
 * missing removals are made by the civil-disorder rule (D.V(4)), naming the units removed.
 */
export function nmrConsequence(phase: Phase, power: Power, results: readonly OrderResult[]): string {
  if (phase.kind === 'M') return 'all units hold (D.VII(6)(c))';
  if (phase.kind === 'R') return 'the dislodged units are disbanded';
  const removed = results.filter((r) => r.power === power && r.outcome === 'disbanded' && r.reason === 'civilDisorder').map((r) => r.order.replace(/ D$/, ''));
  if (removed.length === 0) return 'the builds are waived';
  return `${removed.join(', ')} ${removed.length === 1 ? 'is' : 'are'} removed by the civil disorder rule (D.V(4): the units farthest from home first)`;
}

/** The report's line for a power that sent no orders. */
export function nmrText(phase: Phase, power: Power, results: readonly OrderResult[]): string {
  return `no orders received (NMR): ${nmrConsequence(phase, power, results)}`;
}

/** The template context of a phase report for one reader (their zone decides the local deadline). */
export function buildReportContext(input: ReportInput, readerZone?: string) {
  const byPower = POWERS.map((power) => {
    const results = input.results.filter((r) => r.power === power && r.outcome !== 'superseded');
    return {
      power,
      nmr: input.nmr.includes(power) ? nmrText(input.phase, power, input.results) : undefined,
      // D.III(4): a unit of a power whose set counted but gave it no valid order holds; the report says so.
      // A set that named no order (HOLD ALL, NO ORDERS) is published as plain holds, not as missing orders.
      orders: results.map((r) => ({ order: r.order, outcome: outcomeText(r, input.results), written: writtenIfDifferent(r, input.writtenLines), unordered: input.phase.kind === 'M' && r.index === undefined && !input.nmr.includes(power) && results.some((x) => x.index !== undefined) })),
      press: (input.press ?? []).filter((p) => p.author === power).map((p) => p.text),
    };
  }).filter((p) => p.orders.length > 0 || p.nmr);
  const dislodged = input.after.dislodged.map((d) => ({ unit: `${d.kind} ${d.location}`, power: d.power, retreats: d.retreats.join(', ') || 'none: destroyed' }));
  const owners = new Map<Power, string[]>();
  for (const [c, p] of input.after.centers) owners.set(p, [...(owners.get(p) ?? []), c]);
  const unitsOf = (p: Power) => input.after.units.filter((u) => u.power === p).length;
  const centres = POWERS.map((p) => ({ power: p, centres: (owners.get(p) ?? []).sort().join(' '), count: (owners.get(p) ?? []).length, units: unitsOf(p) }));
  const neutral = [...STANDARD_MAP.provinces.values()].filter((p) => p.supplyCenter && !input.after.centers.has(p.id)).map((p) => p.id).sort();
  const adjustments = input.next?.kind === 'A'
    ? [...adjustmentCounts(STANDARD_MAP, input.after.units, input.after.centers)].map(([power, n]) => ({ power, text: n > 0 ? `builds ${n}` : `removes ${-n}` }))
    : [];
  return {
    game: input.game,
    title: phaseTitle(input.phase),
    phaseName: formatPhase(input.phase),
    powers: byPower,
    dislodged,
    showCentres: input.phase.season === 'F' || input.phase.kind === 'A' || input.winner !== undefined || input.ended === true,
    centres,
    neutral: neutral.join(' '),
    adjustments,
    anonymousPress: (input.press ?? []).filter((p) => p.author === undefined).map((p) => p.text),
    anonymousHeading: input.pressHeading ?? 'Anonymous or Unofficial Press',
    voteResults: input.voteResults ?? [],
    notes: input.notes ?? [],
    next: input.next ? phaseTitle(input.next) : null,
    // Issue 15: where every unit stands at the start of the next phase, the reader's own power first.
    position: input.next ? formatPositionSummary(summarisePosition(input.after, input.centresBefore ? { centres: input.centresBefore, year: input.phase.year } : input.after.centers, input.reader), input.reader) : null,
    maps: input.maps ?? null,
    deadline: input.deadline ? formatDeadline(input.deadline, readerZone) : null,
    winner: input.winner ?? null,
    ended: input.ended ?? false,
    nmr: input.nmr,
  };
}

export type ReportContext = ReturnType<typeof buildReportContext>;
