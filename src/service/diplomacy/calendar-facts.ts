/**
 * Everything the calendar rules need about a game's open turn, read in one place: the phase and its
 * deadline, the last publication, the declared windows (D.VII(2)), holidays (D.VII(5)), the GM's
 * settings, the recorded consent to shorter turns (D.VII(4)(a)), who acts for each power, who has
 * ordered (never the orders), and the positions in civil disorder.
 */
import { Duration } from 'luxon';
import { findCalendarSettingsAndPresence, type CalendarSettings } from '../../db/calendar-settings.js';
import type { Game } from '../../db/games.js';
import { findHolidays } from '../../db/holidays.js';
import { findCivilDisorder } from '../../db/nmr-notices.js';
import { findOrderSetStatus, type OrderSetStatus } from '../../db/order-sets.js';
import { findPeople, type Person } from '../../db/people.js';
import { findPhaseWithLastPublication, type PhaseRecord } from '../../db/phases.js';
import type { StoredProposal } from '../../db/proposals.js';
import type { Db } from '../../db/schema.js';
import { findGameWindows, type StoredWindow } from '../../db/unavailable-windows.js';
import { parsePhase, type Phase, type Power } from '../../diplomacy/index.js';
import type { GameCalendar, Holiday, NmrNotice, OrderStatus, PowerStatus, UnavailableWindow } from '../../diplomacy/calendar/index.js';
import { actingFrom, findActingPlayers, type Seats } from '../game-people.js';
import { findVotesOutstanding } from './open-votes.js';
import { powersWithOrders } from './powers-to-order.js';

export interface CalendarFacts {
  readonly game: Game;
  readonly phase: PhaseRecord;
  readonly settings: CalendarSettings;
  readonly storedWindows: readonly StoredWindow[];
  readonly windows: readonly UnavailableWindow[];
  readonly holidays: readonly Holiday[];
  /** Consent to turns below the minimum is on record (D.VII(4)(a)). */
  readonly consentToShorten: boolean;
  /** The publication that opened this turn (the game's start for the first turn). */
  readonly lastPublication: Date;
  /**
   * The last published adjudication before this turn, `undefined` before the first: D.VII(2)'s 24 hours
   * run "between posting of adjudications", and the start mail is none (issue #26, item 12).
   */
  readonly lastAdjudication: Date | undefined;
  readonly acting: ReadonlyMap<Power, Person>;
  /** The powers with something to order this phase. */
  readonly powers: readonly Power[];
  readonly statuses: readonly OrderSetStatus[];
  readonly civilDisorder: ReadonlySet<Power>;
  /** The GM's zone: daily digests go out at the GM's times of day. */
  readonly gmZone: string;
  /** D.IX(2): open proposals due with this deadline whose votes are not all in (described, never who). */
  readonly votesOutstanding: readonly string[];
}

/** A stored window as the pure rules take it. Pure. */
export function toRuleWindow(w: StoredWindow): UnavailableWindow {
  return { power: w.power, person: String(w.personId), zone: w.zone, startDay: w.startDay, startTime: w.startTime, endDay: w.endDay, endTime: w.endTime };
}

/** The latest publication of the game's history before its open phase; `undefined` before the first. */
export async function findLastPublication(db: Db, gameId: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('phases')
    .select((eb) => eb.fn.max('published_at').as('at'))
    .where('game_id', '=', gameId)
    .where('superseded_at', 'is', null)
    .executeTakeFirst();
  return row?.at ?? undefined;
}

/** The game's turn-independent calendar inputs: windows, holidays, settings, consent. */
export async function loadCalendarInputs(db: Db, game: Game) {
  // Issue 29: one statement for the settings and the consent, and whether there is any window or
  // holiday to read (most games have neither); those are read only then (were four statements).
  const head = await findCalendarSettingsAndPresence(db, game.id, game.tournamentId);
  const storedWindows = head.windows ? await findGameWindows(db, game.id) : [];
  const holidays = head.holidays ? await findHolidays(db, game.tournamentId) : [];
  return { settings: head.settings, storedWindows, windows: storedWindows.map(toRuleWindow), holidays, consentToShorten: head.consent };
}

/**
 * Facts the caller has just read in its transaction (issue 29: an accepted set's decision reads each
 * once): the open phase (`game.currentPhase`), its order-set statuses, the positions in civil disorder.
 */
export interface KnownFacts {
  readonly phase?: PhaseRecord;
  readonly statuses?: readonly OrderSetStatus[];
  readonly civilDisorder?: ReadonlySet<Power>;
  /** Issue 29: the game's holdings and their people with the GM (game-people.ts findSeats), for the acting players and the GM's zone. */
  readonly seats?: Seats;
  /** Issue 29: the game's open proposals (findOpenProposals), for the votes outstanding. */
  readonly openProposals?: readonly StoredProposal[];
}

/** The facts of the game's open phase, or `undefined` when it has none (finished, forming, adjudicated). */
export async function loadCalendarFacts(db: Db, game: Game, known: KnownFacts = {}): Promise<CalendarFacts | undefined> {
  if (game.status !== 'active') return undefined;
  // Issue 29: the phase and the last publication in one statement when the phase is not known.
  const read = known.phase ? { phase: known.phase, lastPublished: await findLastPublication(db, game.id) } : await findPhaseWithLastPublication(db, game.id, game.currentPhase);
  if (!read) return undefined;
  const { phase, lastPublished: last } = read;
  if (phase.adjudicatedAt || phase.supersededAt) return undefined;
  const inputs = await loadCalendarInputs(db, game);
  const gm = known.seats?.people.get(game.gmPersonId) ?? (known.seats ? undefined : (await findPeople(db, [game.gmPersonId])).get(game.gmPersonId));
  return {
    game,
    phase,
    ...inputs,
    lastPublication: last && last.getTime() <= phase.deadline.getTime() ? last : phase.createdAt,
    lastAdjudication: last && last.getTime() <= phase.deadline.getTime() ? last : undefined,
    acting: known.seats ? actingFrom(known.seats.positions, known.seats.people) : await findActingPlayers(db, game.id),
    powers: powersWithOrders(phase.stateBefore),
    statuses: known.statuses ?? (await findOrderSetStatus(db, game.id, phase.name)),
    civilDisorder: known.civilDisorder ?? (await findCivilDisorder(db, game.id)),
    gmZone: gm?.timeZone ?? 'UTC',
    votesOutstanding: await findVotesOutstanding(db, game.id, phase.stateBefore, phase.deadline, known.openProposals),
  };
}

/** Each power's order status: no set, preliminary or Final (D.II(1)). Pure. */
export function orderStatus(facts: Pick<CalendarFacts, 'statuses'>, power: Power): OrderStatus {
  const s = facts.statuses.find((x) => x.power === power);
  return !s ? 'missing' : s.final ? 'final' : 'preliminary';
}

/** The powers as the reminder and early-adjudication rules take them. Pure. */
export function powerStatuses(facts: CalendarFacts): PowerStatus[] {
  return facts.powers.map((power) => ({
    power,
    status: orderStatus(facts, power),
    cd: facts.civilDisorder.has(power) || !facts.acting.has(power),
    email: facts.acting.get(power)?.email ?? '',
  }));
}

const hours = (h: number) => Duration.fromObject({ hours: h });

/** A stored phase name as a {@link Phase}; throws on a corrupt name (a program error). */
export function phaseOf(name: string): Phase {
  const p = parsePhase(name);
  if (!p) throw new Error(`stored phase name ${name} is not a phase`);
  return p;
}

/** The pure calendar of the open turn (src/diplomacy/calendar/actions-due.ts). Pure. */
export function gameCalendar(
  facts: CalendarFacts,
  sent: { reminders: ReadonlySet<string>; digests: ReadonlySet<string> },
  nmrNotices: readonly NmrNotice[],
): GameCalendar {
  return {
    gameId: facts.game.id,
    phase: phaseOf(facts.phase.name),
    deadline: facts.phase.deadline,
    lastPublication: facts.lastPublication,
    ...(facts.phase.deadlineMovedAt ? { deadlineMovedAt: facts.phase.deadlineMovedAt } : {}),
    lastAdjudication: facts.lastAdjudication ?? null,
    windows: facts.windows,
    leadTimes: facts.settings.reminderLeadHours.map(hours),
    powers: powerStatuses(facts),
    remindersSent: sent.reminders,
    nmrNotices,
    digestLeadTimes: facts.settings.digestLeadHours.map(hours),
    ...(facts.settings.digestTimes.length > 0 ? { digestTimes: { zone: facts.gmZone, times: facts.settings.digestTimes } } : {}),
    digestsSent: sent.digests,
  };
}

