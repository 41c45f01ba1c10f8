/**
 * What a player may look up by email (issue #15; njudge's POSITION, HISTORY, SUMMARY): the position
 * now, a past phase's orders and results or the list of phases, the centre counts per year and who
 * played which power when, and the deadline. Everything here is public in the game already (published
 * results, the position): no current orders of anyone are read, and a phase whose results are withheld
 * (D.VII(6)(b)) or withdrawn by a rollback (D.VIII(1)) is not shown. The asker's own set (ORDERS) is
 * the STATUS context of player-mail.ts.
 */
import type { Game } from '../../db/games.js';
import { pictureOfPosition } from '../../diplomacy/picture/index.js';
import { mapAttachment } from './map-attachment.js';
import type { OutboxAttachment } from '../../db/outbox.js';
import { findPeople } from '../../db/people.js';
import { findPhases, type PhaseRecord } from '../../db/phases.js';
import { findPositionHistory } from '../../db/positions.js';
import type { Db } from '../../db/schema.js';
import { POWERS, formatPhase, parsePhase, type GameState, type OrderResult, type Power } from '../../diplomacy/index.js';
import { formatDeadline, outcomeText, phaseTitle } from '../../mail/outbound/report-context.js';
import { formatTimeLeft } from '../../diplomacy/calendar/index.js';
import { gmtSeconds } from '../../mail/inbound/intake.js';

/** The units, dislodged units and centres of `state`, the reader's power first. Pure. */
export function positionView(state: GameState, reader?: Power): object {
  const powers = [...POWERS].sort((a, b) => (a === reader ? -1 : b === reader ? 1 : 0));
  const centres = (p: Power) => [...state.centers].filter(([, o]) => o === p).map(([c]) => c.toUpperCase()).sort();
  const rows = powers
    .map((power) => ({
      power,
      units: state.units.filter((u) => u.power === power).map((u) => `${u.kind} ${u.location.toUpperCase()}`).sort((a, b) => a.slice(2).localeCompare(b.slice(2))),
      dislodged: state.dislodged.filter((u) => u.power === power).map((u) => `${u.kind} ${u.location.toUpperCase()} (may retreat to ${u.retreats.length > 0 ? u.retreats.map((r) => r.toUpperCase()).join(', ') : 'nowhere: destroyed'})`),
      centres: centres(power),
    }))
    .filter((r) => r.units.length > 0 || r.centres.length > 0 || r.dislodged.length > 0)
    .map((r) => ({ ...r, count: r.centres.length, unitList: r.units.join(', ') || 'none', centreList: r.centres.join(' ') || 'none' }));
  const owned = new Set(state.centers.keys());
  return { title: phaseTitle(state.phase), rows, unowned: 34 - owned.size };
}

/** The position players see now: at the start of the open phase, or after the last one of a finished game. */
export function currentState(phases: readonly PhaseRecord[], game: Pick<Game, 'currentPhase' | 'status'>): GameState | undefined {
  const open = phases.find((p) => p.name === game.currentPhase && !p.adjudicatedAt);
  if (open) return open.stateBefore;
  const last = [...phases].reverse().find((p) => p.publishedAt && p.stateAfter);
  return last?.stateAfter ?? phases[phases.length - 1]?.stateBefore;
}

/** MAP (issue 15): the POSITION text with the picture of the position attached as a PNG. */
export async function mapContext(db: Db, game: Game, reader: Power | undefined): Promise<{ context: object; attachment?: OutboxAttachment }> {
  const state = currentState(await findPhases(db, game.id), game);
  if (!state) return { context: { none: true } };
  const name = `${game.id}-${formatPhase(state.phase)}-position.png`;
  return { context: { position: positionView(state, reader), picture: name }, attachment: mapAttachment(pictureOfPosition(state), name) };
}

/** POSITION. */
export async function positionContext(db: Db, game: Game, reader: Power | undefined): Promise<object> {
  const state = currentState(await findPhases(db, game.id), game);
  return state ? { position: positionView(state, reader) } : { none: true };
}

/** A phase's stored results (phases.results): what HISTORY and the web view read of them. */
export interface StoredResults {
  readonly results?: readonly OrderResult[];
  readonly nmr?: readonly Power[];
}

/** A published phase's orders and their outcomes in words, power by power; NMR powers included. */
export function resultsByPower(stored: unknown): { power: Power; nmr: boolean; orders: { order: string; outcome: string }[] }[] {
  const { results = [], nmr } = stored as StoredResults;
  return POWERS.filter((p) => results.some((r) => r.power === p) || nmr?.includes(p)).map((power) => ({
    power,
    nmr: nmr?.includes(power) ?? false,
    orders: results.filter((r) => r.power === power).map((r) => ({ order: r.order, outcome: outcomeText(r, results) })),
  }));
}

/** HISTORY [PHASE]: one published phase's orders and results by power, or the list of published phases. */
export async function historyContext(db: Db, game: Game, phase: string | undefined): Promise<object> {
  const published = (await findPhases(db, game.id)).filter((p) => p.publishedAt && p.results);
  const list = published.map((p) => ({ name: p.name, title: phaseTitle(p.stateBefore.phase), publishedAt: gmtSeconds(p.publishedAt!) }));
  if (!phase) return { list, asked: undefined };
  const record = published.find((p) => p.name === phase);
  if (!record) return { list, asked: phase, missing: parsePhase(phase) ? `${phase} has no published results in ${game.id}` : `"${phase}" is not a phase name (S1901M, F1901R, W1901A)` };
  return { list, asked: phase, phase: { name: record.name, title: phaseTitle(record.stateBefore.phase), powers: resultsByPower(record.results), after: record.stateAfter ? positionView(record.stateAfter) : undefined } };
}

/** SUMMARY: centre counts per power at the start of each year and now; who held each power, from when to when. */
export async function summaryContext(db: Db, game: Game): Promise<object> {
  const phases = await findPhases(db, game.id);
  const count = (s: GameState) => POWERS.map((p) => [...s.centers.values()].filter((o) => o === p).length);
  const years = phases
    .filter((p) => p.stateBefore.phase.season === 'S' && p.stateBefore.phase.kind === 'M')
    .map((p) => ({ label: `Spring ${p.stateBefore.phase.year}`, counts: count(p.stateBefore) }));
  const now = currentState(phases, game);
  if (now && !(now.phase.season === 'S' && now.phase.kind === 'M')) years.push({ label: `now (${phaseTitle(now.phase)})`, counts: count(now) });
  const history = await findPositionHistory(db, game.id);
  const people = await findPeople(db, history.map((h) => h.personId));
  const players = POWERS.map((power) => ({
    power,
    holders: history
      .filter((h) => h.power === power)
      .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime())
      .map((h) => ({ name: people.get(h.personId)?.name ?? `person ${h.personId}`, kind: h.kind, from: h.startedAt.toISOString().slice(0, 10), to: h.endedAt ? h.endedAt.toISOString().slice(0, 10) : 'now' })),
  })).filter((p) => p.holders.length > 0);
  return { powers: POWERS.map((p) => p.slice(0, 3)), years: years.map((y) => ({ label: y.label, counts: y.counts })), players };
}

/** DEADLINE: the open phase's deadline in GMT and the reader's zone, and the time left. */
export function deadlineContext(phase: PhaseRecord, zone: string, now: Date): object {
  const ms = phase.deadline.getTime() - now.getTime();
  return { phaseName: phase.name, title: phaseTitle(phase.stateBefore.phase), deadline: formatDeadline(phase.deadline, zone), timeLeft: ms > 0 ? formatTimeLeft(ms) : undefined };
}
