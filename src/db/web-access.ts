/**
 * The web view's sign-in (sql/0028, issue 31): one-time links and sessions. Only the SHA-256 of a
 * token or a session id is stored, so a copy of the database signs no one in. A link is used once
 * (the UPDATE that marks it used is the check, so two browsers racing get one session between them)
 * and lapses at its `expires_at`.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './schema.js';

/** What a link, and the session it opens, lets its holder see. */
export type WebGrant =
  | { readonly role: 'td'; readonly personId: number | null; readonly tournamentId: number | null }
  | { readonly role: 'gm'; readonly personId: number }
  | { readonly role: 'player'; readonly personId: number | null; readonly gameId: string; readonly power: string };

/** How long a mailed or printed link stays usable. */
export const WEB_LINK_MINUTES = 30;
/** How long a session lasts from its sign-in. */
export const WEB_SESSION_HOURS = 12;

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
/** 32 random bytes, URL-safe. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Store a new link for `grant`; returns its token (shown once, never stored) and when it lapses. */
export async function insertWebLink(db: Db, grant: WebGrant, o: { issuedBy: string; now: Date; minutes?: number }): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(o.now.getTime() + (o.minutes ?? WEB_LINK_MINUTES) * 60_000);
  await db.insertInto('web_links').values({
    token_sha256: sha256(token), role: grant.role,
    person_id: grant.personId, tournament_id: grant.role === 'td' ? grant.tournamentId : null,
    game_id: grant.role === 'player' ? grant.gameId : null, power: grant.role === 'player' ? grant.power : null,
    issued_by: o.issuedBy, created_at: o.now, expires_at: expiresAt, used_at: null,
  }).execute();
  return { token, expiresAt };
}

type LinkRow = { id: number; role: 'td' | 'gm' | 'player'; person_id: number | null; tournament_id: number | null; game_id: string | null; power: string | null };

function grantOf(r: LinkRow): WebGrant {
  if (r.role === 'td') return { role: 'td', personId: r.person_id, tournamentId: r.tournament_id };
  if (r.role === 'gm') return { role: 'gm', personId: r.person_id! };
  return { role: 'player', personId: r.person_id, gameId: r.game_id!, power: r.power! };
}

export type LinkUse = { readonly ok: true; readonly linkId: number; readonly grant: WebGrant } | { readonly ok: false; readonly why: 'unknown' | 'used' | 'expired' };

/** Use the link of `token` at `now`: once, before it lapses. */
export async function useWebLink(db: Db, token: string, now: Date): Promise<LinkUse> {
  const hash = sha256(token);
  const used = await db.updateTable('web_links').set({ used_at: now })
    .where('token_sha256', '=', hash).where('used_at', 'is', null).where('expires_at', '>', now)
    .returning(['id', 'role', 'person_id', 'tournament_id', 'game_id', 'power']).executeTakeFirst();
  if (used) return { ok: true, linkId: Number(used.id), grant: grantOf(used) };
  const row = await db.selectFrom('web_links').select(['used_at', 'expires_at']).where('token_sha256', '=', hash).executeTakeFirst();
  return { ok: false, why: !row ? 'unknown' : row.used_at ? 'used' : 'expired' };
}

/** Open a session for a used link; returns its id (for the cookie, never stored). */
export async function insertWebSession(db: Db, linkId: number, now: Date): Promise<{ id: string; expiresAt: Date }> {
  const id = newToken();
  const expiresAt = new Date(now.getTime() + WEB_SESSION_HOURS * 3_600_000);
  await db.insertInto('web_sessions').values({ id_sha256: sha256(id), link_id: linkId, created_at: now, expires_at: expiresAt }).execute();
  return { id, expiresAt };
}

/** The grant of a live session, or `undefined`. */
export async function findWebSession(db: Db, id: string, now: Date): Promise<WebGrant | undefined> {
  const r = await db.selectFrom('web_sessions as s').innerJoin('web_links as l', 'l.id', 's.link_id')
    .select(['l.id', 'l.role', 'l.person_id', 'l.tournament_id', 'l.game_id', 'l.power'])
    .where('s.id_sha256', '=', sha256(id)).where('s.expires_at', '>', now).executeTakeFirst();
  return r ? grantOf(r) : undefined;
}

/** End a session (sign out). */
export async function deleteWebSession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('web_sessions').where('id_sha256', '=', sha256(id)).execute();
}

/** Record where the web view is reached (or `null`: not served). */
export async function recordWebUrl(db: Db, url: string | null): Promise<void> {
  await db.updateTable('judge_settings').set({ web_url: url }).execute();
}

export async function findWebUrl(db: Db): Promise<string | undefined> {
  const r = await db.selectFrom('judge_settings').select('web_url').executeTakeFirst();
  return r?.web_url ?? undefined;
}
