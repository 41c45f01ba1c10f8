/**
 * Reply tokens (issue 16, the reply address diplicity uses): every mail the judge sends a player of
 * a game carries `Reply-To: judge+<game>.<token>@<judge's domain>`, the token one of the player's
 * holding (positions.reply_token, 8 characters of a 32-letter alphabet: 40 bits). A reply to that
 * address names the game and is authenticated by possession of the token (D.X(6)), so a player at
 * a domain without DMARC who replies to the judge's mail needs no secret line. A token dies with
 * the holding (a replaced player's token no longer works).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Power } from '../diplomacy/index.js';
import type { Db } from './schema.js';
import { parseReplyAddress } from './reply-address.js';

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

function newToken(): string {
  return [...randomBytes(8)].map((b) => ALPHABET[b & 31]!).join('');
}

/** `judge+demo-1.k7q2m9xp@judge.example.org` for the judge's address `judge@judge.example.org`. Pure. */
export function replyAddress(judgeAddress: string, gameId: string, token: string): string {
  const at = judgeAddress.lastIndexOf('@');
  return `${judgeAddress.slice(0, at)}+${gameId}.${token}${judgeAddress.slice(at)}`.toLowerCase();
}


/** The token of `to`'s current holding in the game (made at the first call), or `undefined` when `to` holds no power there. */
export async function replyTokenFor(db: Db, gameId: string, to: string): Promise<string | undefined> {
  // Issue 29: found, and made when missing, in one statement. The UPDATE sets it only where it is still
  // NULL, so when another transaction made one first, the holding's token is read again below.
  const token = newToken();
  const row = await sql<{ id: number; reply_token: string | null }>`
    WITH holding AS (
      SELECT p.id, p.reply_token FROM positions p JOIN people pe ON pe.id = p.person_id
       WHERE p.game_id = ${gameId} AND p.ended_at IS NULL AND lower(pe.email) = ${to.toLowerCase()}
       ORDER BY p.id LIMIT 1),
    made AS (
      UPDATE positions SET reply_token = ${token}
       WHERE id = (SELECT id FROM holding WHERE reply_token IS NULL) AND reply_token IS NULL
       RETURNING id, reply_token)
    SELECT h.id, coalesce(h.reply_token, m.reply_token) AS reply_token FROM holding h LEFT JOIN made m ON m.id = h.id`.execute(db);
  const r = row.rows[0];
  if (!r) return undefined;
  if (r.reply_token) return r.reply_token;
  return (await db.selectFrom('positions').select('reply_token').where('id', '=', r.id).executeTakeFirstOrThrow()).reply_token ?? token;
}

/**
 * {@link replyTokenFor} for several addresses of one game with one query (issue 29: a deadline's
 * reports); a holding without its token yet gets one as replyTokenFor makes it. Keys are lower case.
 */
export async function replyTokensFor(db: Db, gameId: string, addresses: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(addresses.map((a) => a.toLowerCase()))];
  const out = new Map<string, string>();
  if (wanted.length === 0) return out;
  const rows = await sql<{ email: string; reply_token: string | null }>`
    SELECT DISTINCT ON (lower(pe.email)) lower(pe.email) AS email, p.reply_token FROM positions p JOIN people pe ON pe.id = p.person_id
     WHERE p.game_id = ${gameId} AND p.ended_at IS NULL AND lower(pe.email) = ANY(${wanted}::text[])
     ORDER BY lower(pe.email), p.id`.execute(db);
  for (const r of rows.rows) {
    const token = r.reply_token ?? (await replyTokenFor(db, gameId, r.email));
    if (token) out.set(r.email, token);
  }
  return out;
}

/** Whose current holding in `gameId` the token is, or `undefined`. */
export async function holderOfToken(db: Db, gameId: string, token: string): Promise<{ personId: number; power: Power } | undefined> {
  const r = await db.selectFrom('positions').select(['person_id', 'power']).where('game_id', '=', gameId).where('reply_token', '=', token).where('ended_at', 'is', null).executeTakeFirst();
  return r ? { personId: r.person_id, power: r.power } : undefined;
}
