/**
 * A sign-in link to the read-only web view (issue 31): for the TD of a tournament, the GM of a game or
 * the player of a power, asked by `WEB` in a mail from a registered address or by `mailjudge web-link`
 * on the server. The link opens a page with a sign-in button (a link checker that fetches the URL
 * spends nothing); pressing it uses the link, once, within WEB_LINK_MINUTES.
 */
import { findGame } from '../db/games.js';
import { findCurrentPositions } from '../db/positions.js';
import type { Db } from '../db/schema.js';
import { findTournamentBySlug, findTournamentMembers } from '../db/tournaments.js';
import { findWebUrl, insertWebLink, WEB_LINK_MINUTES, type WebGrant } from '../db/web-access.js';
import { POWERS, type Power } from '../diplomacy/index.js';
import { problems, type CommandResult } from './command-result.js';
import { formatDeadline } from '../mail/outbound/report-context.js';

export interface IssuedLink {
  readonly url: string;
  readonly expiresAt: Date;
  readonly minutes: number;
}

/** A link for `grant`, or `undefined` when no judge serves the web view (`MAILJUDGE_WEB_LISTEN` unset). */
export async function issueWebLink(db: Db, grant: WebGrant, o: { issuedBy: string; now: Date; baseUrl?: string | undefined }): Promise<IssuedLink | undefined> {
  const base = (await findWebUrl(db)) ?? o.baseUrl;
  if (!base) return undefined;
  const { token, expiresAt } = await insertWebLink(db, grant, { issuedBy: o.issuedBy, now: o.now });
  return { url: `${base}/signin?token=${token}`, expiresAt, minutes: WEB_LINK_MINUTES };
}

/** What the link lets its holder see, in one line for the mail and the CLI. */
export function grantText(grant: WebGrant, name: { tournament?: string; game?: string } = {}): string {
  if (grant.role === 'td') return `everything the judge holds, as the Tournament Director${name.tournament ? ` of ${name.tournament}` : ''}`;
  if (grant.role === 'gm') return 'the games you run as GM (their digests live)';
  return `the public record of ${grant.gameId} and ${grant.power}'s own submissions`;
}

export type WebLinkAsk = { readonly td: string } | { readonly gm: string } | { readonly player: readonly [string, string] };

/** `mailjudge web-link --td <tournament> | --gm <game> | --player <game> <power>`. */
export async function runWebLink(db: Db, ask: WebLinkAsk, o: { now: Date; baseUrl?: string | undefined }): Promise<CommandResult> {
  let grant: WebGrant;
  let who: string;
  if ('td' in ask) {
    const t = await findTournamentBySlug(db, ask.td);
    if (!t) return problems([`--td ${ask.td}: no tournament with that slug (mailjudge tournament show lists them)`]);
    const td = (await findTournamentMembers(db, t.id)).find((m) => m.role === 'td');
    grant = { role: 'td', personId: td?.personId ?? null, tournamentId: t.id };
    who = `the TD of ${t.slug}`;
  } else if ('gm' in ask) {
    const g = await findGame(db, ask.gm);
    if (!g) return problems([`--gm ${ask.gm}: no game with that id`]);
    grant = { role: 'gm', personId: g.gmPersonId };
    who = `the GM of ${g.id}`;
  } else {
    const [gameId, powerText] = ask.player;
    const power = powerText.toUpperCase() as Power;
    const g = await findGame(db, gameId);
    const bad: string[] = [];
    if (!g) bad.push(`--player ${gameId}: no game with that id`);
    if (!POWERS.includes(power)) bad.push(`--player … ${powerText}: the power is one of ${POWERS.join(', ')}`);
    if (bad.length > 0 || !g) return problems(bad);
    const holder = (await findCurrentPositions(db, g.id)).find((p) => p.power === power);
    grant = { role: 'player', personId: holder?.personId ?? null, gameId: g.id, power };
    who = `${power}'s player in ${g.id}`;
  }
  const link = await issueWebLink(db, grant, { issuedBy: 'cli', now: o.now, baseUrl: o.baseUrl });
  if (!link) return problems(['the web view is not served: set MAILJUDGE_WEB_LISTEN=host:port (and MAILJUDGE_WEB_URL if people reach it by another address) and run mailjudge start']);
  const until = `${link.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} GMT`;
  return {
    ok: true,
    text: `Sign-in link for ${who} (${grantText(grant)}), single use, valid until ${until}:\n${link.url}`,
    json: { url: link.url, expiresAt: link.expiresAt.toISOString(), role: grant.role },
  };
}

/** The `web-link` mail's context: a new link for `grant`, or none when the web view is not served. */
export async function webLinkContext(db: Db, grant: WebGrant, issuedBy: string, now: Date, timeZone: string): Promise<object> {
  const link = await issueWebLink(db, grant, { issuedBy, now });
  if (!link) return {};
  return { url: link.url, until: formatDeadline(link.expiresAt, timeZone).gmt, sees: grantText(grant) };
}
