/**
 * A Coalition game's page (issue 31): the grid of each turn exactly as its movement update carried it
 * (the PNG attached to every copy when the turn locked, seed 000 3.1), newest first. Only what was
 * mailed is shown: nothing of a turn before its lock.
 */
import { sql } from 'kysely';
import type { Game } from '../db/games.js';
import type { Db } from '../db/schema.js';

const TURN_PICTURE = /-T(\d+)\.png$/;

/** The turn pictures the judge mailed for `game`: file name, turn, when first queued. */
export async function coalitionTurns(db: Db, game: Game): Promise<{ file: string; turn: number; at: Date }[]> {
  const r = await sql<{ file: string; at: Date }>`
    SELECT a->>'filename' AS file, min(o.created_at) AS at
    FROM outbox o, jsonb_array_elements(o.attachments) a
    WHERE o.game_id = ${game.id} AND a->>'contentType' = 'image/png'
    GROUP BY a->>'filename'`.execute(db);
  return r.rows
    .filter((x) => TURN_PICTURE.test(x.file) && x.file.startsWith(`${game.id}-T`))
    .map((x) => ({ file: x.file, turn: Number(TURN_PICTURE.exec(x.file)![1]), at: x.at }))
    .sort((a, b) => b.turn - a.turn);
}

/** The PNG bytes of one mailed turn picture, or `undefined`. */
export async function coalitionTurnPng(db: Db, game: Game, file: string): Promise<Buffer | undefined> {
  if (!TURN_PICTURE.test(file) || !file.startsWith(`${game.id}-T`)) return undefined;
  // Inline (base64 in the row) or, since sql/0032, stored once in outbox_blobs under its hash.
  const r = await sql<{ content: string | null; bytes: Buffer | null }>`
    SELECT a->>'content' AS content, b.content AS bytes
    FROM outbox o CROSS JOIN jsonb_array_elements(o.attachments) a LEFT JOIN outbox_blobs b ON b.sha256 = a->>'blob'
    WHERE o.game_id = ${game.id} AND a->>'filename' = ${file}
    ORDER BY o.id LIMIT 1`.execute(db);
  const row = r.rows[0];
  return row?.bytes ?? (row?.content ? Buffer.from(row.content, 'base64') : undefined);
}

export async function coalitionPage(db: Db, game: Game): Promise<object> {
  const turns = await coalitionTurns(db, game);
  const gmt = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} GMT`;
  return {
    game: { id: game.id, board: game.boardName, status: game.status },
    turns: turns.map((x) => ({ turn: x.turn, at: gmt(x.at), src: `/g/${encodeURIComponent(game.id)}/grid/${encodeURIComponent(x.file)}` })),
  };
}
