/**
 * The replay log (0013): what a game's archived mail does not hold, for `mailjudge reproduce`: the
 * console commands of the GM and the TD with their arguments and clock, and the worker's runs with
 * the instant they ran at. Append-only. Arguments are stored with instants tagged
 * (`{"$date": "<ISO>"}`) so that they read back as the `Date`s the command was given.
 */
import type { Db, Json } from './schema.js';

export type ReplayKind = 'command' | 'task';

export interface ReplayEntry {
  readonly id: number;
  readonly gameId: string | null;
  readonly at: Date;
  readonly loggedAt: Date;
  readonly kind: ReplayKind;
  readonly name: string;
  readonly args: unknown;
  readonly actor: string;
}

/** JSON with every `Date` as `{"$date": iso}`. Pure. */
export function encodeArgs(value: unknown): Json {
  if (value instanceof Date) return { $date: value.toISOString() };
  if (Array.isArray(value)) return value.map(encodeArgs);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, Json> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = encodeArgs(v);
    return out;
  }
  return (value ?? null) as Json;
}

/** The inverse of {@link encodeArgs}. Pure. */
export function decodeArgs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeArgs);
  if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 1 && keys[0] === '$date' && typeof o.$date === 'string') return new Date(o.$date);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(o)) out[k] = decodeArgs(v);
    return out;
  }
  return value;
}

/** Log one command or task run, in the caller's transaction when there is one. */
export async function insertReplayEntry(db: Db, e: NewReplayEntry): Promise<void> {
  await replayEntryInsert(db, e).execute();
}

/** A replay-log entry to insert. */
export interface NewReplayEntry { gameId: string | null; at: Date; kind: ReplayKind; name: string; args: unknown; actor: string }

/** {@link insertReplayEntry}'s INSERT, not run: for a caller that sends it with another statement (issue 29: appendAudit's `alongside`). */
export function replayEntryInsert(db: Db, e: NewReplayEntry) {
  return db.insertInto('replay_log').values({
    game_id: e.gameId, at: e.at, kind: e.kind, name: e.name, args: JSON.stringify(encodeArgs(e.args)), actor: e.actor,
  });
}

/** The entries of these games, in the order they happened (judge's clock, then wall clock). */
export async function findReplayEntries(db: Db, gameIds: readonly string[]): Promise<ReplayEntry[]> {
  if (gameIds.length === 0) return [];
  const rows = await db.selectFrom('replay_log').selectAll().where('game_id', 'in', gameIds).orderBy('at').orderBy('logged_at').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, gameId: r.game_id, at: r.at, loggedAt: r.logged_at, kind: r.kind, name: r.name, args: decodeArgs(r.args), actor: r.actor }));
}

/**
 * The holidays declared with a logged instant (`holiday-create`, game_id NULL) that concern these
 * tournaments: judge-wide ones (`tournament` absent) and those of a slug in `slugs`.
 */
export async function findHolidayEntries(db: Db, slugs: readonly string[]): Promise<ReplayEntry[]> {
  const rows = await db.selectFrom('replay_log').selectAll().where('game_id', 'is', null).where('name', '=', 'holiday-create').orderBy('at').orderBy('logged_at').orderBy('id').execute();
  return rows
    .map((r) => ({ id: r.id, gameId: r.game_id, at: r.at, loggedAt: r.logged_at, kind: r.kind, name: r.name, args: decodeArgs(r.args), actor: r.actor }))
    .filter((e) => {
      const t = (e.args as { tournament?: string }).tournament;
      return t === undefined || t === null || slugs.includes(t);
    });
}
