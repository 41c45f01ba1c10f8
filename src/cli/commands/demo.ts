/**
 * `mailjudge demo`: a newcomer's first run. Creates a seven-player game, sends every power's scripted
 * Spring and Fall 1901 orders as real RFC 822 messages through the same path mail ingestion uses
 * ({@link receiveMessage}), has the GM process each phase, lets the worker adjudicate and send, and
 * prints where the result emails are.
 */
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { Config } from '../../config/config.js';
import { DEFAULT_POLICIES, findGame } from '../../db/games.js';
import type { Db } from '../../db/schema.js';
import { POWERS, type Power } from '../../diplomacy/index.js';
import { receiveMessage } from '../../service/intake/receive-message.js';
import { outboxFileName } from '../../mail/outbound/send.js';
import { startJudge } from '../../worker/run-judge.js';
import { processNow } from '../../db/schedule-jobs.js';
import { insertReplayEntry } from '../../db/replay-log.js';
import { runGameCreate } from './game-create.js';
import { issueWebLink } from '../../service/web-link.js';
import { judgeNow, realNow } from '../../config/clock.js';

/** The scripted orders, as players write them (not canonical, on purpose). */
export const DEMO_ORDERS: Record<'S1901M' | 'F1901M', Record<Power, string>> = {
  S1901M: {
    AUSTRIA: 'A Vie - Gal\nA Bud - Ser\nF Tri - Alb',
    ENGLAND: 'F Lon - Nth Sea\nF Edi - Nrg\nA Lvp - Yor',
    FRANCE: 'Army Paris -> Burgundy\nA Mar - Spa\nF Brest - Mid Atlantic',
    GERMANY: 'A Ber - Kie\nA Mun - Ruh\nF Kie - Den',
    ITALY: 'A Ven - Pie\nA Rom - Ven\nF Nap - Ion',
    RUSSIA: 'A War - Gal\nA Mos - Ukr\nF Sev - Bla\nF StP(sc) - GoB',
    TURKEY: 'A Con - Bul\nA Smy - Con\nF Ank - Bla',
  },
  F1901M: {
    AUSTRIA: 'A Ser - Gre\nF Alb S A Ser - Gre\nA Vie - Bud',
    ENGLAND: 'A Yor - Nwy\nF Nth C A Yor - Nwy\nF Nwg S A Yor - Nwy',
    FRANCE: 'A Bur - Bel\nA Spa - Por\nF Mao - Iri',
    GERMANY: 'A Kie - Hol\nA Ruh - Mun\nF Den H',
    ITALY: 'A Pie - Mar\nA Ven H\nF Ion - Tun',
    RUSSIA: 'A Ukr - Rum\nA War - Gal\nF Sev - Bla\nF Bot - Swe',
    TURKEY: 'A Bul H\nA Con - Smy\nF Ank - Con',
  },
};

const emailOf = (power: Power) => `${power.toLowerCase()}@demo.example.org`;

async function nextDemoId(db: Db): Promise<string> {
  const rows = await db.selectFrom('games').select('id').where('id', 'like', 'demo-%').execute();
  const n = rows.map((r) => Number(r.id.slice(5))).filter((x) => Number.isInteger(x));
  return `demo-${(n.length ? Math.max(...n) : 0) + 1}`;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const until = realNow().getTime() + timeoutMs;
  while (!(await check())) {
    if (realNow().getTime() > until) throw new Error(`demo: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface DemoResult {
  readonly gameId: string;
  readonly outboxDir: string;
  readonly files: readonly string[];
  readonly phases: readonly string[];
  /** Issue 31: with MAILJUDGE_WEB_LISTEN set, where the web view is served and a TD's one-time link to it. */
  readonly web?: { readonly url: string; readonly tdLink: string; readonly until: Date };
}

export async function runDemo(config: Config, log: (line: string) => void): Promise<DemoResult> {
  const judge = await startJudge(config, { sweepEvery: 500 });
  try {
    const db = judge.database.db;
    const gameId = await nextDemoId(db);
    const address = `${gameId}@${config.fromAddress.split('@')[1] ?? 'localhost'}`;
    const now = judgeNow();
    const created = await runGameCreate(db, {
      id: gameId, address, gm: { email: 'gm@demo.example.org', name: 'Demo GM' }, rules: 'wm', endYear: 1909,
      policies: DEFAULT_POLICIES, tournament: undefined, round: undefined, board: `Demo board ${gameId.slice(5)}`,
      deadline: new Date(now.getTime() + 4 * 86_400_000),
      players: POWERS.map((power) => ({ power, name: `${power[0]}${power.slice(1).toLowerCase()} player`, email: emailOf(power), timeZone: 'Europe/London', where: power })),
    }, 'demo', now, config.fromAddress);
    if (!created.ok) throw new Error(created.problems.join('; '));
    log(`Created ${gameId} at ${address}: 7 players, World Masters rules.`);
    const phases: string[] = [];
    for (const phase of ['S1901M', 'F1901M'] as const) {
      for (const power of POWERS) {
        const raw = await new MailComposer({
          from: `${power} player <${emailOf(power)}>`, to: address, subject: `${power} ${phase} orders - FINAL`,
          text: `Hello GM,\n\n${DEMO_ORDERS[phase][power]}\n\nThanks!\n-- \n${power} player\n`,
          messageId: `<${gameId}-${phase}-${power.toLowerCase()}@demo.example.org>`,
        }).compile().build();
        const r = await receiveMessage(db, { fromAddress: config.fromAddress }, { raw, receivedAt: judgeNow(), source: 'cli' });
        if (r.kind !== 'orders') throw new Error(`demo: ${power}'s ${phase} orders were not accepted (${r.kind})`);
      }
      log(`${phase}: all seven powers sent Final orders by email; each got an acknowledgement.`);
      const at = judgeNow();
      await processNow(db, gameId, phase, at, { requestedBy: 'demo' });
      // The GM's "process now", logged for `mailjudge reproduce` (replay_log, 0013).
      await insertReplayEntry(db, { gameId, at, kind: 'command', name: 'process-now', args: { gameId, phase, at }, actor: 'demo' });
      await waitFor(`${phase} to be adjudicated`, async () => (await findGame(db, gameId))?.currentPhase !== phase);
      phases.push(phase);
      log(`${phase}: adjudicated; the game is now at ${(await findGame(db, gameId))!.currentPhase}.${phase === 'F1901M' ? ' (The demo does not wait: in a real game an early adjudication comes 24 hours after the last results at the soonest, D.VII(2).)' : ''}`);
    }
    await waitFor('every email to be sent', async () => {
      const pending = await db.selectFrom('outbox').select('id').where('game_id', '=', gameId).where('status', '=', 'pending').execute();
      return pending.length === 0;
    });
    const rows = await db.selectFrom('outbox').selectAll().where('game_id', '=', gameId).orderBy('id').execute();
    const files = rows.map((r) => join(judge.outboxDir, outboxFileName({ id: r.id, kind: r.kind, to: r.to_address, createdAt: r.created_at })));
    // Issue 31: a TD's sign-in link (everything the judge holds), for the web view `mailjudge start` serves.
    const link = config.webUrl ? await issueWebLink(db, { role: 'td', personId: null, tournamentId: null }, { issuedBy: 'demo', now: judgeNow(), baseUrl: config.webUrl }) : undefined;
    return { gameId, outboxDir: judge.outboxDir, files, phases, ...(link && config.webUrl ? { web: { url: config.webUrl, tdLink: link.url, until: link.expiresAt } } : {}) };
  } finally {
    await judge.stop();
  }
}
