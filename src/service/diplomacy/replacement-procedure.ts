/**
 * The replacement procedure (B.8), started when an NMR'd player has not contacted the GM in time
 * (D.VII(6)(a)) or at once in 1901 (D.VII(6)(b)): who replaces the player is decided by the pure rule
 * `chooseReplacement`; this module acts on its answer.
 * - Round 1 with a team captain: the captain is the default replacement (B.8(c)) and is given the
 *   position as a stand-in at once, so that the captain's orders are accepted; the original player
 *   keeps the right of return until the captain sends orders, when the captain becomes the official
 *   player ({@link confirmCaptainStandIns}).
 * - Otherwise the captain (team rounds) and then the reserve pool are asked; the GM records the
 *   replacement with `mailjudge replace`. Reserves' replies reach the GM, not the judge, so the judge
 *   never picks a reserve by itself.
 * - Nobody in time: the position falls into civil disorder (B.8(f)).
 */
import { appendAudit } from '../../db/audit-log.js';
import type { Game } from '../../db/games.js';
import { endCivilDisorder, resolveNmrNotices, startCivilDisorder } from '../../db/nmr-notices.js';
import { findPerson, type Person } from '../../db/people.js';
import { endPosition, findCurrentPositions, holdersByPower, insertPosition, type Position } from '../../db/positions.js';
import type { Trx } from '../../db/schema.js';
import type { Power } from '../../diplomacy/index.js';
import { chooseReplacement, type ReplacementChoice } from '../../diplomacy/conduct/replacements.js';
import { announcementRecipients, distinctPeople, findCaptain, findGm, findReserves, findTds } from '../game-people.js';
import { sendNotice, when } from '../notify.js';
import { b9Refusal } from '../tournament/b9-limit.js';

/** The reason written on a round-1 captain's stand-in row; {@link confirmCaptainStandIns} looks for it. */
export const CAPTAIN_STAND_IN = 'B.8(c) team captain standing in as the default replacement';

export interface ReplacementStart {
  readonly game: Game;
  readonly power: Power;
  /** The player who NMR'd. */
  readonly playerId: number;
  /** When the procedure started: the contact deadline, or the 1901 deadline (D.VII(6)(b)). */
  readonly startedAt: Date;
  readonly now: Date;
  /** Why, for the notices: "NMR in S1902M". */
  readonly cause: string;
  /** The phase open now. */
  readonly phase: string;
  readonly fromAddress: string;
}

/**
 * Why the captain was not given the position: already playing another power of this game (nobody
 * plays two powers of one game), or a stand-in (B.7) already holding it.
 */
export type CaptainNotGiven = { readonly kind: 'captain-plays-here'; readonly power: Power } | { readonly kind: 'stand-in-holds'; readonly personId: number };

/** Give the captain the position as a stand-in (B.8(c)); what stood in the way, if anything did. */
export async function openCaptainStandIn(trx: Trx, game: Game, power: Power, captain: Person, at: Date, cause: string): Promise<CaptainNotGiven | undefined> {
  const current = await findCurrentPositions(trx, game.id);
  const own = current.find((p) => p.personId === captain.id);
  if (own) return { kind: 'captain-plays-here', power: own.power };
  const standIn = current.find((p) => p.power === power && p.kind === 'temporary');
  if (standIn) return { kind: 'stand-in-holds', personId: standIn.personId };
  await insertPosition(trx, { gameId: game.id, power, personId: captain.id, kind: 'temporary', startedAt: at, reason: `${CAPTAIN_STAND_IN} (${cause})` });
  await endCivilDisorder(trx, game.id, power, at);
  await appendAudit(trx, { gameId: game.id, actor: 'worker', action: 'position.stand-in', detail: { power, person: captain.id, reason: CAPTAIN_STAND_IN, cause } });
  return undefined;
}

/** A `replacement-request` notice of one step of the procedure, keyed so that each step is sent once per phase. */
function replacementNotice(s: ReplacementStart, step: string, context: (zone: string) => object) {
  return { game: s.game, template: 'replacement-request', key: `replacement:${s.game.id}:${s.power}:${s.phase}:${step}`, context };
}

/** What the procedure did: the rule's choice, the captain barred from standing in by B.9, or not given the position for another reason. */
export type ReplacementStep = ReplacementChoice | { readonly kind: 'captain-barred-b9' } | CaptainNotGiven;

/** Run the procedure's next step for one position and return what the rule chose. */
export async function advanceReplacement(trx: Trx, s: ReplacementStart): Promise<ReplacementStep> {
  const { game, power } = s;
  const player = await findPerson(trx, s.playerId);
  const captain = await findCaptain(trx, game, s.playerId);
  const reserves = await findReserves(trx, game);
  const choice = chooseReplacement({
    round: game.roundNumber ?? 0,
    now: s.now,
    startedAt: s.startedAt,
    ...(player ? { zone: player.timeZone } : {}),
    ...(captain ? { captain: String(captain.id) } : {}),
    // Replies reach the GM by email; the GM records the choice with `mailjudge replace`.
    reserves: reserves.map((r) => ({ person: String(r.person.id), ...(r.rank !== null ? { rank: r.rank } : {}) })),
  });
  const gm = await findGm(trx, game);
  const tds = await findTds(trx, game);
  const base = { power, cause: s.cause, phase: s.phase };
  const notice = (step: string, context: (zone: string) => object) => replacementNotice(s, step, context);

  // B.8(c): the captain is the default replacement "subject to the provisions of rule B9": not when
  // standing in would put the captain in more than three games of the round at once.
  const b9 = choice.kind === 'captain-default' && captain ? await b9Refusal(trx, game, captain, 'temporary', s.now) : undefined;
  if (b9 && captain) {
    await sendNotice(trx, s.fromAddress, notice('captain-b9', () => ({ ...base, captainB9: b9.message, toCaptain: true, gmEmail: gm?.email })), [captain]);
    await sendNotice(trx, s.fromAddress, notice('captain-b9', () => ({ ...base, captainB9: b9.message, captainName: captain.name, captainEmail: captain.email })), distinctPeople([gm, ...tds]));
    await appendAudit(trx, { gameId: game.id, actor: 'worker', action: 'position.stand-in-refused', detail: { power, person: captain.id, rule: 'B.8(c), B.9', held: b9.heldGames, problems: b9.problems } });
    return { kind: 'captain-barred-b9' };
  } else if (choice.kind === 'captain-default' && captain) {
    // From the instant the rule made the captain the replacement (the contact deadline, or the NMR),
    // not the moment a busy judge's tick came round to it: the same instant in every replay.
    const notGiven = await openCaptainStandIn(trx, game, power, captain, s.startedAt, s.cause);
    if (notGiven) {
      await captainNotGivenNotices(trx, s, notGiven, captain, gm, tds);
      return notGiven;
    }
    await sendNotice(trx, s.fromAddress, notice('captain', () => ({ ...base, captainDefault: true, toCaptain: true })), [captain]);
    await sendNotice(trx, s.fromAddress, notice('captain', () => ({ ...base, captainDefault: true, captainName: captain.name })), distinctPeople([gm, ...tds]));
  } else if (choice.kind === 'wait') {
    const until = choice.until;
    if (choice.for === 'captain' && captain) {
      await sendNotice(trx, s.fromAddress, notice('ask-captain', (z) => ({ ...base, askCaptain: true, toCaptain: true, until: when(until, z) })), [captain]);
      await sendNotice(trx, s.fromAddress, notice('ask-captain', (z) => ({ ...base, askCaptain: true, until: when(until, z) })), distinctPeople([gm, ...tds]));
    } else {
      await sendNotice(trx, s.fromAddress, notice('ask-reserves', (z) => ({ ...base, askReserves: true, toReserve: true, gmEmail: gm?.email, until: when(until, z) })), reserves.map((r) => r.person));
      await sendNotice(trx, s.fromAddress, notice('ask-reserves', (z) => ({ ...base, askReserves: true, reserves: reserves.length, until: when(until, z) })), distinctPeople([gm, ...tds, captain]));
    }
  } else if (choice.kind === 'civil-disorder') {
    await startCivilDisorder(trx, game.id, power, s.now, `no replacement found after ${s.cause} (B.8(f))`);
    await resolveNmrNotices(trx, game.id, power, 'civil-disorder', s.now, 'no replacement within the given periods (B.8(f))');
    await sendNotice(trx, s.fromAddress, notice('civil-disorder', () => ({ ...base, civilDisorder: true })), distinctPeople([gm, ...tds, captain, player]));
    await appendAudit(trx, { gameId: game.id, actor: 'worker', action: 'position.civil-disorder', detail: { power, cause: s.cause } });
  }
  return choice;
}

/**
 * The captain is the default replacement (B.8(c)) but was not given the position. Playing another
 * power of this game, the captain may still designate the player who sends the orders ("the Team
 * Captain or player designated by the Team Captain"), whom the GM records; a stand-in already holding
 * the position (B.7) keeps it, and only the GM and the TDs are told.
 */
async function captainNotGivenNotices(trx: Trx, s: ReplacementStart, why: CaptainNotGiven, captain: Person, gm: Person | undefined, tds: readonly Person[]): Promise<void> {
  const { game, power } = s;
  const base = { power, cause: s.cause, phase: s.phase, captainName: captain.name };
  const notice = (context: () => object) => replacementNotice(s, 'captain-not-given', context);
  if (why.kind === 'captain-plays-here') {
    await sendNotice(trx, s.fromAddress, notice(() => ({ ...base, captainNotGiven: `you already play ${why.power} in this game, and nobody plays two powers of one game`, toCaptain: true, gmEmail: gm?.email })), [captain]);
    await sendNotice(trx, s.fromAddress, notice(() => ({ ...base, captainNotGiven: `${captain.name} already plays ${why.power} in this game, and nobody plays two powers of one game`, recordNamed: true })), distinctPeople([gm, ...tds]));
  } else {
    const standIn = await findPerson(trx, why.personId);
    await sendNotice(trx, s.fromAddress, notice(() => ({ ...base, captainNotGiven: `${standIn?.name ?? 'a stand-in'} already stands in for ${power} (rule B.7), and keeps the position`, standInHolds: true })), distinctPeople([gm, ...tds]));
  }
  await appendAudit(trx, { gameId: game.id, actor: 'worker', action: 'position.stand-in-refused', detail: { power, person: captain.id, rule: 'B.8(c)', why: why.kind, ...(why.kind === 'captain-plays-here' ? { plays: why.power } : { standIn: why.personId }) } });
}

/**
 * B.8(c): "The original player will maintain right of return until such time as the Team Captain …
 * submits orders for the position, at which point they become the new official player." Every
 * captain's stand-in that has sent a set since it began becomes the permanent holder; announced.
 */
export async function confirmCaptainStandIns(trx: Trx, game: Game, now: Date, fromAddress: string, positions?: readonly Position[]): Promise<Power[]> {
  const confirmed: Power[] = [];
  // `positions`: the game's current positions, when the caller has just read them in this transaction.
  for (const h of holdersByPower(positions ?? (await findCurrentPositions(trx, game.id)))) {
    const stand = h.standIn;
    if (!stand || !stand.reason?.startsWith(CAPTAIN_STAND_IN)) continue;
    const set = await trx
      .selectFrom('order_sets')
      .select(['id', 'received_at'])
      .where('game_id', '=', game.id)
      .where('power', '=', h.power)
      .where('person_id', '=', stand.personId)
      .where('received_at', '>=', stand.startedAt)
      .orderBy('received_at')
      .executeTakeFirst();
    if (!set) continue;
    const outgoing = h.ofRecord && (await findPerson(trx, h.ofRecord.personId));
    await endPosition(trx, stand.id, { at: now, reason: 'became the official player (B.8(c))' });
    if (h.ofRecord) await endPosition(trx, h.ofRecord.id, { at: now, reason: `replaced: the team captain sent orders (B.8(c))` });
    await insertPosition(trx, { gameId: game.id, power: h.power, personId: stand.personId, kind: 'permanent', startedAt: now, reason: `B.8(c): the team captain sent orders (received ${set.received_at.toISOString()}) and became the official player` });
    await resolveNmrNotices(trx, game.id, h.power, 'captain', now, 'the captain sent orders (B.8(c))');
    const captain = await findPerson(trx, stand.personId);
    await sendNotice(trx, fromAddress, {
      game,
      template: 'position-change',
      key: `position:${game.id}:${h.power}:captain:${stand.id}`,
      context: () => ({ power: h.power, incoming: captain?.name, outgoing: outgoing?.name, permanent: true, why: 'the team captain, standing in, sent orders and is now the official player (B.8(c))' }),
    }, distinctPeople([...(await announcementRecipients(trx, game)).map((r) => r.person), outgoing]));
    await appendAudit(trx, { gameId: game.id, actor: 'worker', action: 'position.replace', detail: { power: h.power, person: stand.personId, kind: 'permanent', rule: 'B.8(c)', set: set.id } });
    confirmed.push(h.power);
  }
  return confirmed;
}
