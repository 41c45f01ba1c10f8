/**
 * Issue 29, stop 46: what a player's message needs to know of its game right after the game's lock,
 * in one statement (was three, and a fourth to look for NMR notices to close): the game's current
 * positions (as findCurrentPositions reads them), the open stand-in periods among them (as
 * findOpenReplacementPeriods), the player's own abbreviations (as findPlayerAbbreviations), and
 * whether the player has an open NMR notice in the game (D.VII(6)(a): only then can the message be
 * contact to record), and the message's decided copies to the confirmation mailbox (D.VII(7)). The three extras ride on each position row; a game with no current position
 * returns no row, so then the abbreviations are read on their own and no notice is assumed absent.
 */
import { sql } from 'kysely';
import { positionFromRow, type Position } from './positions.js';
import { precompiled } from './precompiled.js';
import type { ReplacementPeriodRow } from './replacement-periods.js';
import { findPlayerAbbreviations } from './player-abbreviations.js';
import type { Db } from './schema.js';

export interface PlayerFacts {
  readonly positions: Position[];
  /** The open stand-in periods, oldest holding first (as findOpenReplacementPeriods). */
  readonly openPeriods: ReplacementPeriodRow[];
  readonly abbreviations: ReadonlyMap<string, string> | undefined;
  /** False only when the player has certainly no open NMR notice in the game. */
  readonly nmrNoticeOpen: boolean;
  /**
   * The confirmation mailbox's decided copies of the message from the player's address (D.VII(1),
   * D.VII(7); as confirmCopies in player-mail.ts reads them), or `undefined` when not read here.
   */
  readonly confirmCopies: { receivedAt: Date; identity: unknown }[] | undefined;
}

/** Compiled once (precompiled.ts). */
export const PLAYER_FACTS = precompiled((db, p: { gameId: string; personId: number; messageId: string | null; from: string }) => db
  .selectFrom('positions as p')
  .selectAll('p')
  .select([
    sql<{ from_phase: string; until_phase: string } | null>`(SELECT json_build_object('from_phase', r.from_phase, 'until_phase', r.until_phase) FROM replacement_periods r WHERE r.position_id = p.id)`.as('mj_period'),
    sql<Record<string, string> | null>`(SELECT a.abbreviations FROM player_abbreviations a WHERE a.game_id = ${p.gameId} AND a.person_id = ${p.personId} ORDER BY a.id DESC LIMIT 1)`.as('mj_abbreviations'),
    sql<boolean>`EXISTS (SELECT 1 FROM nmr_notices n WHERE n.game_id = ${p.gameId} AND n.person_id = ${p.personId} AND n.status = 'open')`.as('mj_nmr_open'),
    sql<{ received_at: string; identity: unknown }[]>`(SELECT coalesce(json_agg(json_build_object('received_at', m.received_at, 'identity', d.identity)), '[]'::json) FROM inbound_messages m JOIN inbound_decisions d ON d.inbound_message_id = m.id WHERE m.message_id = ${p.messageId} AND d.role = 'confirm' AND d.from_address = ${p.from})`.as('mj_confirm_copies'),
  ])
  .where('p.game_id', '=', p.gameId)
  .where('p.ended_at', 'is', null)
  .orderBy('p.power')
  .orderBy('p.id'));

/** `copiesOf`: the message's Message-ID and the player's address (its copies to the confirmation mailbox). */
export async function findPlayerFacts(db: Db, gameId: string, personId: number, copiesOf: { messageId: string | undefined; from: string }): Promise<PlayerFacts> {
  const rows = await PLAYER_FACTS.execute(db, { gameId, personId, messageId: copiesOf.messageId ?? null, from: copiesOf.from.toLowerCase() });
  if (rows.length === 0) return { positions: [], openPeriods: [], abbreviations: await findPlayerAbbreviations(db, gameId, personId), nmrNoticeOpen: true, confirmCopies: undefined };
  const positions = rows.map(positionFromRow);
  const openPeriods = rows
    .filter((r) => r.mj_period !== null)
    .map((r): ReplacementPeriodRow => ({ positionId: r.id, power: r.power, personId: r.person_id, fromPhase: r.mj_period!.from_phase, untilPhase: r.mj_period!.until_phase, startedAt: r.started_at, endedAt: null }))
    // findReplacementPeriods' order (the holding's start); equal starts keep the positions' order.
    .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
  const first = rows[0]!;
  // A receipt time parsed from PostgreSQL's ISO text: the millisecond `pg` gives (both drop microseconds).
  const confirmCopies = first.mj_confirm_copies.map((c) => ({ receivedAt: new Date(c.received_at), identity: c.identity }));
  return { positions, openPeriods, abbreviations: first.mj_abbreviations ? new Map(Object.entries(first.mj_abbreviations)) : undefined, nmrNoticeOpen: first.mj_nmr_open, confirmCopies };
}
