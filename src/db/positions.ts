/**
 * Who holds which power, with the whole history of replacements (B.7, B.8).
 *
 * A temporary replacement overlaps the original: the original (or permanent) holder stays the
 * player of record with the right of return, and the temporary holder is the acting player while
 * their row is open (see the comment on `positions` in sql/0001_init.sql). Rows are closed with
 * {@link endPosition}, never deleted.
 */
import { sql } from 'kysely';
import { POWERS, type Power } from '../diplomacy/index.js';
import type { Db, PositionKind, PositionRow } from './schema.js';
import { precompiled } from './precompiled.js';

/** One holding of a power by a person. */
export interface Position {
  readonly id: number;
  readonly gameId: string;
  readonly power: Power;
  readonly personId: number;
  readonly kind: PositionKind;
  readonly startedAt: Date;
  /** `null` while the holding lasts. */
  readonly endedAt: Date | null;
  readonly reason: string | null;
  /** B.8(d),(e): a reserve from the pool, because the captain or team provided no replacement. */
  readonly fromPool: boolean;
}

/** The current holders of one power. */
export interface PowerHolders {
  readonly power: Power;
  /** The open original or permanent holding: the player of record (scores, has the right of return). */
  readonly ofRecord: Position | undefined;
  /** The open temporary holding, if a stand-in is playing (B.7). */
  readonly standIn: Position | undefined;
  /** Who orders for the power now: the stand-in if any, else the player of record. */
  readonly acting: Position | undefined;
}

/** Map a row to a {@link Position}. */
export function positionFromRow(row: PositionRow): Position {
  return {
    id: row.id,
    gameId: row.game_id,
    power: row.power,
    personId: row.person_id,
    kind: row.kind,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    reason: row.reason,
    fromPool: row.from_pool,
  };
}

/**
 * Open a holding. Throws the database error (23505) when the power already has an open holding of
 * the same sort (player of record, or stand-in) or the person already holds a power in the game:
 * close the old row first, in the same transaction.
 */
export async function insertPosition(
  db: Db,
  p: { gameId: string; power: Power; personId: number; kind: PositionKind; startedAt?: Date; reason?: string | null; fromPool?: boolean },
): Promise<Position> {
  const row = await db
    .insertInto('positions')
    .values({
      game_id: p.gameId,
      power: p.power,
      person_id: p.personId,
      kind: p.kind,
      started_at: p.startedAt,
      reason: p.reason ?? null,
      ...(p.fromPool ? { from_pool: true } : {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return positionFromRow(row);
}

/**
 * {@link insertPosition} of several holdings in one statement (issue 29: a game's seven players
 * seated at its creation, and a round's games at once), returned in the order given.
 */
export async function insertPositions(
  db: Db,
  list: readonly { gameId: string; power: Power; personId: number; kind: PositionKind; startedAt?: Date; reason?: string | null }[],
): Promise<Position[]> {
  if (list.length === 0) return [];
  const rows = await db
    .insertInto('positions')
    .values(list.map((p) => ({ game_id: p.gameId, power: p.power, person_id: p.personId, kind: p.kind, started_at: p.startedAt, reason: p.reason ?? null })))
    .returningAll()
    .execute();
  // RETURNING gives the rows of a multi-row VALUES in its order; matched by (game, power, kind) to be sure.
  return list.map((p) => positionFromRow(rows.find((r) => r.game_id === p.gameId && r.power === p.power && r.kind === p.kind && r.person_id === p.personId)!));
}

/** Close a holding at `at`; `reason` is appended to the row's reason (a closed row is left alone). */
export async function endPosition(db: Db, id: number, end: { at: Date; reason: string }): Promise<void> {
  await db
    .updateTable('positions')
    .set({ ended_at: end.at, reason: sql<string>`concat_ws('; ', reason, ${`ended: ${end.reason}`}::text)` })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .execute();
}

/** The open holdings of a game. */
/** Issue 29: compiled once (precompiled.ts). */
export const CURRENT_POSITIONS = precompiled((db, p: { gameId: string }) => db
  .selectFrom('positions')
  .selectAll()
  .where('game_id', '=', p.gameId)
  .where('ended_at', 'is', null)
  .orderBy('power')
  .orderBy('id'));

export async function findCurrentPositions(db: Db, gameId: string): Promise<Position[]> {
  const rows = await CURRENT_POSITIONS.execute(db, { gameId });
  return rows.map(positionFromRow);
}

/** Every holding of a game (or of one power), oldest first. */
export async function findPositionHistory(db: Db, gameId: string, power?: Power): Promise<Position[]> {
  let q = db.selectFrom('positions').selectAll().where('game_id', '=', gameId);
  if (power) q = q.where('power', '=', power);
  const rows = await q.orderBy('started_at').orderBy('id').execute();
  return rows.map(positionFromRow);
}

/** The open holding `personId` orders through: their temporary stand-in row if any (B.7), else their own. Pure. */
export function actingPositionOf(current: readonly Position[], personId: number): Position | undefined {
  const mine = current.filter((p) => p.personId === personId);
  return mine.find((p) => p.kind === 'temporary') ?? mine[0];
}

/** Group open holdings by power, for all seven powers (a power nobody holds has no holders). Pure. */
export function holdersByPower(current: readonly Position[]): PowerHolders[] {
  return POWERS.map((power) => {
    const mine = current.filter((p) => p.power === power && p.endedAt === null);
    const ofRecord = mine.find((p) => p.kind !== 'temporary');
    const standIn = mine.find((p) => p.kind === 'temporary');
    return { power, ofRecord, standIn, acting: standIn ?? ofRecord };
  });
}
