/**
 * The web view's sign-in, sessions, roles and refusals (issue 31), on a real database through
 * fastify's inject: a link works once and only for 30 minutes; a GM of game A is refused game B; a
 * player is refused another power's orders of the open phase (and the GM too: they see who ordered);
 * the TD's pages are the TD's alone; the security headers; the rate limit on signing in;
 * /healthz and /metrics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { recordJudgeAddresses } from '../../src/db/judge-settings.js';
import { recordWebUrl, WEB_LINK_MINUTES, insertWebLink } from '../../src/db/web-access.js';
import { insertOrderSet } from '../../src/db/order-sets.js';
import { buildWebServer, SESSION_COOKIE, SIGNIN_PER_MINUTE } from '../../src/web/server.js';
import { runWebLink } from '../../src/service/web-link.js';
import { ensureRound, insertTournament } from '../../src/db/tournaments.js';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { receiveMessage } from '../../src/service/intake/receive-message.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { insertGame } from '../../src/db/games.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.js';

let t: TestDatabase;
let app: FastifyInstance;
let clock = new Date('2030-04-01T12:00:00Z');
const BASE = 'http://judge.test:8080';

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

/** Sign in with a link's token; the session cookie (`name=value`) or the refusal page. */
async function signIn(token: string, ip = '10.0.0.1'): Promise<{ status: number; cookie?: string; body: string; location?: string }> {
  const r = await app.inject({ method: 'POST', url: '/signin', payload: `token=${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: ip });
  const set = r.cookies.find((c) => c.name === SESSION_COOKIE);
  return { status: r.statusCode, body: r.body, ...(set ? { cookie: `${set.name}=${set.value}` } : {}), ...(r.headers.location ? { location: String(r.headers.location) } : {}) };
}

async function linkFor(ask: Parameters<typeof runWebLink>[1]): Promise<string> {
  const r = await runWebLink(t.db, ask, { now: clock });
  if (!r.ok) throw new Error(r.problems.join('; '));
  return tokenOf((r.json as { url: string }).url);
}

const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url); // WEB by mail queues its reply as a send-mail job
  await recordJudgeAddresses(t.db, { fromAddress: 'judge@judge.test' });
  await recordWebUrl(t.db, BASE);
  await gameWithPlayers(t.db, 'wa-a');
  await gameWithPlayers(t.db, 'wa-b');
  const tour = await insertTournament(t.db, { slug: 'wa-t', name: 'Web Access Open' });
  await ensureRound(t.db, { tournamentId: tour.id, number: 1 });
  await t.db.updateTable('games').set({ tournament_id: tour.id, round_number: 1 }).where('id', 'in', ['wa-a', 'wa-b']).execute();
  // Germany's set in wa-a's open phase S1901M: not public until the results.
  const germany = await t.db.selectFrom('positions').select('person_id').where('game_id', '=', 'wa-a').where('power', '=', 'GERMANY').executeTakeFirstOrThrow();
  await insertOrderSet(t.db, { gameId: 'wa-a', phase: 'S1901M', power: 'GERMANY', personId: germany.person_id, receivedAt: new Date('2030-04-01T10:00:00Z'), final: true, sheet: {}, orders: ['A MUN - RUH', 'A BER - KIE', 'F KIE - DEN'] });
  app = await buildWebServer(t.db, { webUrl: BASE, cookieSecret: 'a-test-secret-of-enough-length-000000', now: () => clock });
});
afterAll(async () => {
  await app?.close();
  await t.close();
});

describe('sign-in by one-time link', () => {
  it('the link shows a button and uses nothing; pressing it signs in once, and the link is refused the second time', async () => {
    const token = await linkFor({ player: ['wa-a', 'france'] });
    const page = await get(`/signin?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post" action="/signin">');
    const first = await signIn(token);
    expect(first.status).toBe(303);
    expect(first.location).toBe('/g/wa-a');
    expect(first.cookie).toBeDefined();
    const again = await signIn(token);
    expect(again.status).toBe(403);
    expect(again.cookie).toBeUndefined();
    expect(again.body).toContain('this link has been used already');
  });

  it('the cookie is signed, HttpOnly and SameSite; a forged or altered cookie is no session', async () => {
    const r = await app.inject({ method: 'POST', url: '/signin', payload: `token=${await linkFor({ gm: 'wa-a' })}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const c = r.cookies.find((x) => x.name === SESSION_COOKIE)!;
    expect(c.httpOnly).toBe(true);
    expect(c.sameSite).toBe('Lax');
    expect(c.secure).toBeFalsy(); // http here; Secure when the view's URL is https
    expect((await get('/g/wa-a', `${SESSION_COOKIE}=${c.value}`)).statusCode).toBe(200);
    const unsigned = c.value.slice(0, c.value.lastIndexOf('.'));
    expect((await get('/g/wa-a', `${SESSION_COOKIE}=${unsigned}`)).statusCode).toBe(401);
    expect((await get('/g/wa-a', `${SESSION_COOKIE}=${unsigned}.AAAA`)).statusCode).toBe(401);
  });

  it('a link past its 30 minutes is refused as expired, and one a minute before is not', async () => {
    const early = await linkFor({ gm: 'wa-a' });
    const late = await linkFor({ gm: 'wa-a' });
    const issued = clock;
    clock = new Date(issued.getTime() + (WEB_LINK_MINUTES * 60 - 60) * 1000);
    expect((await signIn(early, '10.0.0.2')).status).toBe(303);
    clock = new Date(issued.getTime() + WEB_LINK_MINUTES * 60 * 1000);
    const r = await signIn(late, '10.0.0.2');
    expect(r.status).toBe(403);
    expect(r.body).toContain('this link has expired');
    clock = issued;
  });

  it('only the hash of a token is stored; an unknown token is refused', async () => {
    const token = await linkFor({ gm: 'wa-b' });
    const rows = await t.db.selectFrom('web_links').select('token_sha256').execute();
    expect(rows.some((r) => r.token_sha256.includes(token))).toBe(false);
    expect(JSON.stringify(rows)).not.toContain(token);
    const r = await signIn('x'.repeat(43), '10.0.0.3');
    expect(r.status).toBe(403);
    expect(r.body).toContain('not one the judge issued');
  });

  it(`sign-in attempts are limited to ${SIGNIN_PER_MINUTE} a minute per address`, async () => {
    const codes: number[] = [];
    for (let i = 0; i < SIGNIN_PER_MINUTE + 2; i++) codes.push((await signIn('y'.repeat(43), '10.9.9.9')).status);
    expect(codes.slice(0, SIGNIN_PER_MINUTE).every((c) => c === 403)).toBe(true);
    expect(codes.slice(SIGNIN_PER_MINUTE)).toEqual([429, 429]);
    expect((await signIn('y'.repeat(43), '10.9.9.8')).status).toBe(403); // another address is not limited
  });
});

describe('WEB by mail', () => {
  const ask = async (from: string, id: string) => {
    const raw = await new MailComposer({ from, to: 'wa-b@judge.example.org', subject: 'web', text: 'WEB', messageId: `<${id}@example.org>` }).compile().build();
    const got = await receiveMessage(t.db, { fromAddress: 'judge@judge.test', now: () => clock }, { raw, receivedAt: clock, source: 'cli' });
    const reply = await t.db.selectFrom('outbox').select(['subject', 'body_text']).where('to_address', '=', from).orderBy('id', 'desc').executeTakeFirstOrThrow();
    return { got, reply, token: /\/signin\?token=([A-Za-z0-9_-]+)/.exec(reply.body_text)?.[1] };
  };
  it('from the GM: a GM link in the reply, which signs in to the GM\'s games', async () => {
    const r = await ask('wa-b-gm@example.org', 'wa-web-gm');
    expect(r.got.kind).toBe('command');
    expect(r.reply.body_text).toContain(`${BASE}/signin?token=`);
    expect(r.reply.body_text).toContain('it works once, until');
    const c = (await signIn(r.token!, '10.4.0.1')).cookie!;
    expect((await get('/g/wa-b', c)).statusCode).toBe(200);
    expect((await get('/g/wa-a', c)).statusCode).toBe(403);
  });
  it('from a player: their own link in a reply of its own, no set changed and nobody alarmed', async () => {
    const r = await ask('wa-b-italy@example.org', 'wa-web-italy');
    expect(r.got.kind).not.toBe('refused');
    expect(r.reply.subject).toBe('[wa-b] WEB: your sign-in link');
    const c = (await signIn(r.token!, '10.4.0.2')).cookie!;
    expect((await get('/g/wa-b/orders/ITALY', c)).statusCode).toBe(200);
    expect((await get('/g/wa-b/orders/FRANCE', c)).statusCode).toBe(403);
    expect(await t.db.selectFrom('order_sets').select('id').where('game_id', '=', 'wa-b').execute()).toEqual([]);
    expect(await t.db.selectFrom('outbox').select('id').where('kind', 'like', '%alert%').execute()).toEqual([]);
  });
});

describe('who sees what', () => {
  let player: string;
  let gm: string;
  let td: string;
  beforeAll(async () => {
    player = (await signIn(await linkFor({ player: ['wa-a', 'FRANCE'] }), '10.1.0.1')).cookie!;
    gm = (await signIn(await linkFor({ gm: 'wa-a' }), '10.1.0.2')).cookie!;
    td = (await signIn(await linkFor({ td: 'wa-t' }), '10.1.0.3')).cookie!;
  });

  it('nothing without a session', async () => {
    for (const url of ['/g/wa-a', '/t/wa-t', '/audit', '/g/wa-a/orders/FRANCE']) {
      const r = await get(url);
      expect(r.statusCode, url).toBe(401);
      expect(r.body).toContain('sign in first');
    }
  });

  it('the GM of wa-a is refused wa-b, its map, its digest and its tournament-wide pages of the TD', async () => {
    expect((await get('/g/wa-a', gm)).statusCode).toBe(200);
    for (const url of ['/g/wa-b', '/g/wa-b/map/now.svg', '/g/wa-b/gm', '/g/wa-b/phase/S1901M']) {
      const r = await get(url, gm);
      expect(r.statusCode, url).toBe(403);
      expect(r.body).toContain('not of wa-b');
    }
    for (const url of ['/audit', '/outbox', '/quarantine']) expect((await get(url, gm)).statusCode, url).toBe(403);
    // A game that does not exist is refused the same as one of another GM: no probing for ids.
    expect((await get('/g/wa-nonesuch', gm)).statusCode).toBe(403);
  });

  it('a player sees their own sets of the open phase, never another power\'s before the results', async () => {
    const own = await get('/g/wa-a/orders/FRANCE', player);
    expect(own.statusCode).toBe(200);
    const other = await get('/g/wa-a/orders/GERMANY', player);
    expect(other.statusCode).toBe(403);
    expect(other.body).toContain('published with its results, not before');
    expect(other.body).not.toContain('A MUN - RUH');
    const game = await get('/g/wa-a', player);
    expect(game.body).not.toContain('A MUN - RUH');
    // Germany is Final: that much is public; when it was received is the GM's and the TD's.
    expect(game.body).toMatch(/GERMANY<\/td><td><span class="badge final">Final/);
    expect(game.body).not.toContain('10:00:00');
    // No phase of wa-a is adjudicated: the history page of S1901M is refused, with why.
    const phase = await get('/g/wa-a/phase/S1901M', player);
    expect(phase.statusCode).toBe(404);
    expect(phase.body).toContain('orders are shown once the phase is adjudicated');
    expect((await get('/g/wa-b', player)).statusCode).toBe(403);
    expect((await get('/g/wa-a/gm', player)).statusCode).toBe(403);
    expect((await get('/audit', player)).statusCode).toBe(403);
  });

  it('the GM sees who ordered and when, never the orders; the TD sees the orders', async () => {
    const gmGame = await get('/g/wa-a', gm);
    expect(gmGame.body).toContain('10:00:00');
    expect(gmGame.body).not.toContain('A MUN - RUH');
    expect((await get('/g/wa-a/orders/GERMANY', gm)).statusCode).toBe(403);
    const tdOrders = await get('/g/wa-a/orders/GERMANY', td);
    expect(tdOrders.statusCode).toBe(200);
    expect(tdOrders.body).toContain('A MUN - RUH');
  });

  it('the TD sees every game, the tournament, the audit, the outbox and the quarantine', async () => {
    for (const url of ['/g/wa-a', '/g/wa-b', '/g/wa-b/gm', '/t/wa-t', '/audit', '/audit?game=wa-a&power=GERMANY', '/outbox', '/quarantine', '/g/wa-a/map/now.svg']) {
      expect((await get(url, td)).statusCode, url).toBe(200);
    }
    const t1 = await get('/t/wa-t', td);
    expect(t1.body).toContain('Round 1');
    expect(t1.body).toContain('wa-a');
    // One Final set (Germany's) of seven powers with units.
    expect(t1.body).toContain('1 of 7');
  });

  it('signing out ends the session', async () => {
    const c = (await signIn(await linkFor({ gm: 'wa-b' }), '10.1.0.4')).cookie!;
    expect((await get('/g/wa-b', c)).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/signout', headers: { cookie: c } });
    expect((await get('/g/wa-b', c)).statusCode).toBe(401);
  });
});

describe('a Coalition game', () => {
  it('shows each locked turn\'s grid as its movement update carried it, and none of the Diplomacy pages', async () => {
    const gm = await t.db.selectFrom('games').select('gm_person_id').where('id', '=', 'wa-a').executeTakeFirstOrThrow();
    await insertGame(t.db, { id: 'wa-c', boardName: 'Coalition board', address: 'wa-c@judge.example.org', gmPersonId: gm.gm_person_id, kind: 'coalition', currentPhase: 'T4', status: 'active' });
    // The turn-3 update as lock-turn queues it: one PNG named <game>-T3.png, attached to each copy.
    const png = readFileSync(join(ROOT, 'docs', 'coalition-turn-3.png'));
    for (const to of ['p1@example.org', 'p2@example.org']) {
      await t.db.insertInto('outbox').values({ dedupe_key: `wa-c-t3-${to}`, game_id: 'wa-c', kind: 'coalition-update', to_address: to, subject: 'T3', body_text: 'b', message_id: `<wa-c-${to}>`, attachments: JSON.stringify([{ filename: 'wa-c-T3.png', contentType: 'image/png', content: png.toString('base64'), cid: 'grid-wa-c-t3' }]) }).execute();
    }
    const gmCookie = (await signIn(await linkFor({ gm: 'wa-c' }), '10.5.0.1')).cookie!;
    const page = await get('/g/wa-c', gmCookie);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Turn 3');
    expect(page.body.match(/<img class="map"/g)).toHaveLength(1); // two copies, one picture
    const img = await get('/g/wa-c/grid/wa-c-T3.png', gmCookie);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png)).toBe(true);
    expect((await get('/g/wa-c/grid/wa-a-T3.png', gmCookie)).statusCode).toBe(404);
    expect((await get('/g/wa-c/phase/S1901M', gmCookie)).statusCode).toBe(404);
    expect((await get('/g/wa-c/gm', gmCookie)).statusCode).toBe(404);
    // A player of wa-a is refused it.
    const fr = (await signIn(await linkFor({ player: ['wa-a', 'FRANCE'] }), '10.5.0.2')).cookie!;
    expect((await get('/g/wa-c', fr)).statusCode).toBe(403);
    expect((await get('/g/wa-c/grid/wa-c-T3.png', fr)).statusCode).toBe(403);
  });
});

describe('headers, health and metrics', () => {
  it('every page carries a CSP with no script and frame-ancestors none, and no inline script', async () => {
    const r = await get('/');
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.body).not.toMatch(/<script/i);
    expect(r.body).toContain('<meta name="viewport"');
  });

  it('/healthz answers the database reachable, the queue and the outbox; /metrics is Prometheus text with the database\'s counts', async () => {
    const h = await get('/healthz');
    expect(h.statusCode).toBe(200);
    // The two WEB replies above are queued (no worker runs here): 2 send-mail jobs waiting; pending
    // mails are those 2 and the Coalition update's 2 copies written straight into the outbox: 4.
    expect(h.json()).toMatchObject({ ok: true, database: { ok: true }, outbox: { pending: 4, failed: 0 } });
    expect(h.json().queue.waiting).toBeGreaterThanOrEqual(2);
    await t.db.insertInto('outbox').values({ dedupe_key: 'wa-failed', kind: 'test', to_address: 'x@example.org', subject: 's', body_text: 'b', message_id: '<wa@x>', status: 'failed', last_error: '550 no such user' }).execute();
    const m = await get('/metrics');
    expect(m.headers['content-type']).toContain('text/plain');
    expect(m.body).toContain('# TYPE mailjudge_mails gauge');
    expect(m.body).toContain('mailjudge_mails{status="failed"} 1');
    expect(m.body).toContain('# TYPE mailjudge_adjudication_duration_seconds histogram');
    expect(m.body).toContain('mailjudge_imap_reconnects_total');
    expect(m.body).toContain('mailjudge_job_queue_depth{task="send-mail"} 2');
    expect(m.body).toContain('mailjudge_mails{status="pending"} 4');
    // The two WEB messages: received (game mailbox) and decided.
    expect(m.body).toContain('mailjudge_messages_received{role="game"} 2');
    const td = (await signIn(await linkFor({ td: 'wa-t' }), '10.2.0.1')).cookie!;
    const outbox = await get('/outbox', td);
    expect(outbox.body).toContain('550 no such user');
  });

  it('the CLI refuses a link when no judge serves the view, and names the setting', async () => {
    await recordWebUrl(t.db, null);
    const r = await runWebLink(t.db, { gm: 'wa-a' }, { now: clock });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problems[0]).toContain('MAILJUDGE_WEB_LISTEN');
    await recordWebUrl(t.db, BASE);
    const bad = await runWebLink(t.db, { player: ['wa-a', 'SPAIN'] }, { now: clock });
    expect(!bad.ok && bad.problems.join()).toContain('the power is one of AUSTRIA');
    // A link for a grant straight from the table works like one from the CLI.
    const { token } = await insertWebLink(t.db, { role: 'gm', personId: (await t.db.selectFrom('games').select('gm_person_id').where('id', '=', 'wa-b').executeTakeFirstOrThrow()).gm_person_id }, { issuedBy: 'test', now: clock });
    expect((await signIn(token, '10.3.0.1')).status).toBe(303);
  });
});
