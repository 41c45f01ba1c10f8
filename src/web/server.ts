/**
 * The read-only web view (issue 31): fastify with helmet (a CSP with no script at all, frame-ancestors
 * none), signed cookies, static files and a rate limit on signing in. Every route is a GET except
 * signing in and out; nothing here changes a game (orders, commands and rulings stay by mail and CLI,
 * where they are audited). Sign-in: a one-time link (src/db/web-access.ts) opens a page whose button
 * uses it, then a session cookie: signed, HttpOnly, SameSite=Lax, Secure when the view is served by https.
 */
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { findGame, findTournamentGames, type Game } from '../db/games.js';
import { findPeople } from '../db/people.js';
import type { Db } from '../db/schema.js';
import { findTournament, findTournamentBySlug } from '../db/tournaments.js';
import { deleteWebSession, findWebSession, insertWebSession, useWebLink, type WebGrant } from '../db/web-access.js';
import { findOrderSets } from '../db/order-sets.js';
import { findPhase } from '../db/phases.js';
import { POWERS, type Power } from '../diplomacy/index.js';
import { renderMail, templatesDir } from '../mail/outbound/render.js';
import { gameView } from '../mail/outbound/queue-mail.js';
import { gmtSeconds } from '../mail/inbound/intake.js';
import { loadCalendarFacts } from '../service/diplomacy/calendar-facts.js';
import { buildDigest } from '../service/diplomacy/gm-digest.js';
import { waitingForGm } from '../service/diplomacy/gm-waiting.js';
import { findGm } from '../service/game-people.js';
import { mayAudit, mayViewGame, mayViewGmDigest, mayViewOpenOrders, type Refusal } from './access.js';
import { gamePage, mapSvg, phasePage } from './game-page.js';
import { coalitionPage, coalitionTurnPng } from './coalition-page.js';
import { health, metricsText } from './metrics.js';
import { renderPage } from './render.js';
import { auditPage, outboxPage, quarantinePage } from './td-pages.js';
import { tournamentPage } from './tournament-page.js';
import { judgeNow } from '../config/clock.js';

export const SESSION_COOKIE = 'mj_session';
/** Sign-in attempts (POST /signin) one client address may make per minute. */
export const SIGNIN_PER_MINUTE = 10;

export interface WebOptions {
  /** The address people reach the view by (https: the cookie is Secure and the proxy's X-Forwarded-For is trusted). */
  readonly webUrl: string;
  /** The key that signs session cookies (judgeKey 'web-cookie'). */
  readonly cookieSecret: string;
  /** The mailboxes /healthz reports (their source names). */
  readonly mailboxes?: readonly string[];
  readonly now?: () => Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    grant: WebGrant | undefined;
    viewer: { label: string; zone: string | undefined } | undefined;
  }
}

const ROLE_LABEL = { td: 'Tournament Director', gm: 'GM', player: 'player' } as const;

export async function buildWebServer(db: Db, o: WebOptions): Promise<FastifyInstance> {
  const now = o.now ?? judgeNow;
  const secure = o.webUrl.startsWith('https:');
  const app = Fastify({ logger: false, trustProxy: secure });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"], scriptSrc: ["'none'"], styleSrc: ["'self'"], imgSrc: ["'self'"], fontSrc: ["'self'"],
        objectSrc: ["'none'"], baseUri: ["'none'"], formAction: ["'self'"], frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: secure,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie, { secret: o.cookieSecret });
  await app.register(fastifyRateLimit, { global: false });
  await app.register(fastifyStatic, { root: join(templatesDir(), 'web', 'static'), prefix: '/static/', index: false, list: false });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.decorateRequest('grant', undefined);
  app.decorateRequest('viewer', undefined);
  app.addHook('preHandler', async (req) => {
    const raw = req.cookies[SESSION_COOKIE];
    if (!raw) return;
    const un = req.unsignCookie(raw);
    if (!un.valid || !un.value) return;
    const grant = await findWebSession(db, un.value, now());
    if (!grant) return;
    req.grant = grant;
    const person = grant.personId !== null ? (await findPeople(db, [grant.personId])).get(grant.personId) : undefined;
    const who = person ? `${person.name}, ` : '';
    req.viewer = { label: `${who}${ROLE_LABEL[grant.role]}${grant.role === 'player' ? ` (${grant.power}, ${grant.gameId})` : ''}`, zone: person?.timeZone };
  });

  const page = (reply: FastifyReply, req: FastifyRequest, name: string, title: string, context: object = {}, status = 200) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(renderPage(name, { title, viewer: req.viewer }, context));
  const refuse = (reply: FastifyReply, req: FastifyRequest, why: string, status = 403) => page(reply, req, 'refused', status === 403 ? 'Not for you' : 'Not found', { why, signedIn: Boolean(req.grant) }, status);
  /** The signed-in grant, or the sign-in page (401). */
  const grantOr = (req: FastifyRequest, reply: FastifyReply): WebGrant | undefined => {
    if (!req.grant) void refuse(reply, req, 'sign in first: send WEB to your game\'s address from your registered address, and open the link the judge mails you', 401);
    return req.grant;
  };
  const gameOr = async (req: FastifyRequest<{ Params: { game: string } }>, reply: FastifyReply, check: (g: WebGrant, game: Game) => Refusal): Promise<{ g: WebGrant; game: Game } | undefined> => {
    const g = grantOr(req, reply);
    if (!g) return undefined;
    const game = await findGame(db, req.params.game);
    // A game the viewer may not see is refused the same whether it exists or not.
    const why = game ? check(g, game) : mayViewGame(g, { id: req.params.game, gmPersonId: -1, tournamentId: null }) ?? undefined;
    if (!game) {
      await refuse(reply, req, why ?? `no game "${req.params.game}"`, why ? 403 : 404);
      return undefined;
    }
    if (why) {
      await refuse(reply, req, why);
      return undefined;
    }
    return { g, game };
  };

  app.get('/', async (req, reply) => {
    const g = req.grant;
    if (!g) return page(reply, req, 'home', 'Sign in', { signedOut: true });
    let games: Game[];
    if (g.role === 'td') games = await db.selectFrom('games').select('id').orderBy('id').execute().then((rows) => Promise.all(rows.map((r) => findGame(db, r.id).then((x) => x!))));
    else if (g.role === 'gm') games = await db.selectFrom('games').select('id').where('gm_person_id', '=', g.personId).orderBy('id').execute().then((rows) => Promise.all(rows.map((r) => findGame(db, r.id).then((x) => x!))));
    else games = [(await findGame(db, g.gameId))!].filter(Boolean);
    const tournamentIds = [...new Set([...games.map((x) => x.tournamentId), g.role === 'td' ? g.tournamentId : null].filter((x): x is number => x !== null))];
    const tournaments = (await Promise.all(tournamentIds.map((id) => findTournament(db, id)))).filter((t) => t !== undefined);
    return page(reply, req, 'home', 'What you can see', {
      games: games.map((x) => ({ id: x.id, board: x.boardName, phase: x.currentPhase, status: x.status, gm: g.role !== 'player' })),
      tournaments: tournaments.map((t) => ({ slug: t.slug, name: t.name })),
      td: g.role === 'td', player: g.role === 'player' ? g : undefined,
    });
  });

  // The link itself only shows a button: a mail scanner that fetches it spends nothing.
  app.get<{ Querystring: { token?: string } }>('/signin', async (req, reply) => {
    const token = req.query.token ?? '';
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return refuse(reply, req, 'this is not a sign-in link: send WEB to your game\'s address for one', 400);
    return page(reply, req, 'signin', 'Sign in', { token });
  });
  app.post<{ Body: { token?: string } }>('/signin', { config: { rateLimit: { max: SIGNIN_PER_MINUTE, timeWindow: 60_000 } } }, async (req, reply) => {
    const token = typeof req.body?.token === 'string' ? req.body.token : '';
    const used = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await useWebLink(db, token, now()) : ({ ok: false, why: 'unknown' } as const);
    if (!used.ok) {
      const why = { unknown: 'this link is not one the judge issued', used: 'this link has been used already: each link signs in once', expired: 'this link has expired: links last 30 minutes' }[used.why];
      return refuse(reply, req, `${why}. Send WEB to your game's address for a new one.`);
    }
    const session = await insertWebSession(db, used.linkId, now());
    reply.setCookie(SESSION_COOKIE, session.id, { signed: true, httpOnly: true, sameSite: 'lax', secure, path: '/', expires: session.expiresAt });
    const g = used.grant;
    const to = g.role === 'player' ? `/g/${encodeURIComponent(g.gameId)}` : '/';
    return reply.code(303).header('location', to).send();
  });
  app.post('/signout', async (req, reply) => {
    const raw = req.cookies[SESSION_COOKIE];
    const un = raw ? req.unsignCookie(raw) : undefined;
    if (un?.valid && un.value) await deleteWebSession(db, un.value);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.code(303).header('location', '/').send();
  });

  app.get<{ Params: { slug: string } }>('/t/:slug', async (req, reply) => {
    const g = grantOr(req, reply);
    if (!g) return reply;
    const t = await findTournamentBySlug(db, req.params.slug);
    if (!t) return refuse(reply, req, `no tournament "${req.params.slug}"`, 404);
    if (g.role !== 'td') {
      const games = await findTournamentGames(db, t.id);
      if (!games.some((x) => mayViewGame(g, x) === undefined)) return refuse(reply, req, `you are signed in for no game of ${t.slug}`);
    }
    return page(reply, req, 'tournament', t.name, await tournamentPage(db, t, g, req.viewer?.zone, now()));
  });

  app.get<{ Params: { game: string } }>('/g/:game', async (req, reply) => {
    const r = await gameOr(req, reply, mayViewGame);
    if (!r) return reply;
    // A Coalition round's game: the grid of each locked turn, as mailed.
    if (r.game.kind === 'coalition') return page(reply, req, 'coalition', r.game.id, await coalitionPage(db, r.game));
    return page(reply, req, 'game', `${r.game.id}`, await gamePage(db, r.game, r.g, req.viewer?.zone, now()));
  });
  app.get<{ Params: { game: string; file: string } }>('/g/:game/grid/:file', async (req, reply) => {
    const r = await gameOr(req as unknown as FastifyRequest<{ Params: { game: string } }>, reply, mayViewGame);
    if (!r) return reply;
    const png = r.game.kind === 'coalition' ? await coalitionTurnPng(db, r.game, req.params.file) : undefined;
    if (!png) return refuse(reply, req, 'no such turn picture', 404);
    return reply.type('image/png').header('cache-control', 'private, max-age=3600').send(png);
  });
  app.get<{ Params: { game: string; phase: string } }>('/g/:game/phase/:phase', async (req, reply) => {
    const r = await gameOr(req, reply, mayViewGame);
    if (!r) return reply;
    if (r.game.kind !== 'diplomacy') return refuse(reply, req, `${r.game.id} is a Coalition game: its turns are on its page`, 404);
    const p = await phasePage(db, r.game, r.g, req.params.phase.toUpperCase());
    if (!p.found) return refuse(reply, req, p.why, 404);
    return page(reply, req, 'phase', `${r.game.id} ${req.params.phase.toUpperCase()}`, p.context);
  });
  app.get<{ Params: { game: string; file: string }; Querystring: { layout?: string } }>('/g/:game/map/:file', async (req, reply) => {
    const r = await gameOr(req as unknown as FastifyRequest<{ Params: { game: string } }>, reply, mayViewGame);
    if (!r) return reply;
    const m = r.game.kind === 'diplomacy' ? /^(now|[SFW]\d{4}[MRA])\.svg$/i.exec(req.params.file) : null;
    const svg = m ? await mapSvg(db, r.game, m[1]!.toLowerCase() === 'now' ? 'now' : m[1]!.toUpperCase(), req.query.layout === 'phone' ? 'phone' : 'wide') : undefined;
    if (!svg) return refuse(reply, req, 'no such map: the current position (now.svg) or a published phase (S1901M.svg)', 404);
    return reply.type('image/svg+xml').header('cache-control', 'private, max-age=60').send(svg);
  });
  // A power's sets in the open phase: its own player and the TD (orders are public with the results only).
  app.get<{ Params: { game: string; power: string } }>('/g/:game/orders/:power', async (req, reply) => {
    const power = req.params.power.toUpperCase();
    if (!POWERS.includes(power as Power)) return refuse(reply, req, `"${req.params.power}" is not a power: ${POWERS.join(', ')}`, 404);
    const r = await gameOr(req, reply, (g, game) => mayViewOpenOrders(g, game, power));
    if (!r) return reply;
    if (r.game.kind !== 'diplomacy') return refuse(reply, req, `${r.game.id} is a Coalition game: its orders go to the judges by mail`, 404);
    const phase = await findPhase(db, r.game.id, r.game.currentPhase);
    const sets = phase && !phase.adjudicatedAt ? await findOrderSets(db, r.game.id, phase.name, { power: power as Power }) : [];
    return page(reply, req, 'orders', `${power} in ${r.game.id}, ${r.game.currentPhase}`, {
      game: { id: r.game.id }, power, phase: phase?.name, open: Boolean(phase && !phase.adjudicatedAt),
      sets: sets.map((s) => ({ id: s.id, receivedAt: gmtSeconds(s.receivedAt), final: s.final, orders: s.orders, inbound: s.inboundMessageId })).reverse(),
    });
  });
  app.get<{ Params: { game: string } }>('/g/:game/gm', async (req, reply) => {
    const r = await gameOr(req, reply, mayViewGmDigest);
    if (!r) return reply;
    if (r.game.kind !== 'diplomacy') return refuse(reply, req, `${r.game.id} is a Coalition game: its digests go by mail`, 404);
    const facts = await loadCalendarFacts(db, r.game);
    if (!facts) return page(reply, req, 'gm', `GM digest of ${r.game.id}`, { game: { id: r.game.id }, none: true });
    const gm = await findGm(db, r.game);
    const digest = await buildDigest(db, facts, gm, now());
    const waiting = await waitingForGm(db, r.game, now());
    const mail = renderMail('gm-digest', { game: gameView(r.game), digest, waiting });
    // The digest's content as the GM's mail says it, live; the footer's command help is the mail's own.
    return page(reply, req, 'gm', `GM digest of ${r.game.id}`, { game: { id: r.game.id }, subject: mail.subject, text: mail.text.replace(/\n*Commands by email:[\s\S]*$/, '\n') });
  });

  const tdOnly = (req: FastifyRequest, reply: FastifyReply): boolean => {
    const g = grantOr(req, reply);
    if (!g) return false;
    const why = mayAudit(g);
    if (why) void refuse(reply, req, why);
    return !why;
  };
  app.get<{ Querystring: { game?: string; power?: string; phase?: string } }>('/audit', async (req, reply) => {
    if (!tdOnly(req, reply)) return reply;
    const { game, power, phase } = req.query;
    const games = await db.selectFrom('games').select('id').orderBy('id').execute();
    if (!game || !power) return page(reply, req, 'audit', 'Audit', { pick: true, games: games.map((x) => x.id), powers: POWERS });
    const a = await auditPage(db, game, power, phase || undefined);
    if (!a.ok) return page(reply, req, 'audit', 'Audit', { pick: true, games: games.map((x) => x.id), powers: POWERS, problems: a.problems }, 400);
    return page(reply, req, 'audit', `Audit of ${power.toUpperCase()} in ${game}`, { ...a.context, games: games.map((x) => x.id), powers: POWERS });
  });
  app.get('/outbox', async (req, reply) => {
    if (!tdOnly(req, reply)) return reply;
    return page(reply, req, 'outbox', 'Outbox', await outboxPage(db));
  });
  app.get('/quarantine', async (req, reply) => {
    if (!tdOnly(req, reply)) return reply;
    return page(reply, req, 'quarantine', 'Quarantine', await quarantinePage(db));
  });

  app.get('/healthz', async (_req, reply) => {
    const h = await health(db, o.mailboxes ?? []);
    return reply.code(h.ok ? 200 : 503).header('cache-control', 'no-store').send(h);
  });
  app.get('/metrics', async (_req, reply) => {
    const m = await metricsText(db);
    return reply.type(m.contentType).header('cache-control', 'no-store').send(m.text);
  });
  app.setNotFoundHandler((req, reply) => refuse(reply, req, 'there is no such page', 404));
  return app;
}
