/**
 * The smarthost misbehaves (issue 16, "Faults to keep proving"): a real SMTP server in the test
 * (smtp-server, our own peer, not a mock of a named component) answers 4xx for a while (France's
 * mailbox), 4xx for ever (England's), 5xx (Italy's), and, once, never answers the end of DATA
 * (Germany's first mail). Fourteen players' messages go through the real intake; their
 * acknowledgements go through the real send-mail task and the real nodemailer transport, retried as
 * graphile-worker retries a job that throws (its exponential backoff elapsing at once here).
 *
 * Every message is stored once and decided once; every mail is sent once or reported failed
 * (`mailjudge outbox`: status failed with the smarthost's answer; the `mail.failed` log line at
 * level error): a 5xx at once, a 4xx after MAX_SEND_ATTEMPTS, never retried for ever; a smarthost
 * that hangs costs one socket timeout, not a stalled worker, and the mail it may have taken is sent
 * again with the same Message-ID (at-least-once, README "How often a mail is sent").
 */
import { spawnSync } from 'node:child_process';
import { SMTPServer } from 'smtp-server';
import { sql } from 'kysely';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransport, type MailTransport } from '../../src/mail/outbound/send.js';
import { renderMail } from '../../src/mail/outbound/render.js';
import { buildDigest } from '../../src/service/diplomacy/gm-digest.js';
import { loadCalendarFacts } from '../../src/service/diplomacy/calendar-facts.js';
import { findGame } from '../../src/db/games.js';
import { findPersonByEmail } from '../../src/db/people.js';
import { receiveMessage } from '../../src/service/intake/receive-message.js';
import { MAX_SEND_ATTEMPTS, sendMailTask } from '../../src/worker/tasks/send-mail.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { POWERS } from '../../src/diplomacy/index.js';
import { CLI } from '../helpers/cli.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { freePort } from '../helpers/free-port.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const GAME = 'smtp-faults';
const JUDGE = 'judge@judge.example.org';
const SOCKET_TIMEOUT_MS = 400;
let t: TestDatabase;
let server: SMTPServer;
let port: number;
let transport: MailTransport;

/** What the smarthost saw: RCPT attempts per address, messages taken (answered 250) and hung. */
const seen = { rcpt: new Map<string, number>(), accepted: [] as string[], hung: [] as string[] };
const smtpError = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  await gameWithPlayers(t.db, GAME);
  await sql`UPDATE games SET identity = 'address' WHERE id = ${GAME}`.execute(t.db);
  port = await freePort();
  server = new SMTPServer({
    disableReverseLookup: true, authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false,
    onRcptTo(address, _session, cb) {
      const to = address.address.toLowerCase();
      const n = (seen.rcpt.get(to) ?? 0) + 1;
      seen.rcpt.set(to, n);
      if (to.includes('-italy@')) return cb(smtpError(550, '5.1.1 No such user here'));
      if (to.includes('-england@')) return cb(smtpError(451, '4.2.2 Mailbox over quota, try later'));
      if (to.includes('-france@') && n <= 2) return cb(smtpError(451, '4.3.0 Temporarily unavailable'));
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const id = /^Message-ID:\s*(<[^>]+>)/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '?';
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(',');
        // Germany's first mail: the whole message arrives, and the smarthost never answers.
        if (to.includes('-germany@') && seen.hung.length === 0) {
          seen.hung.push(id);
          return;
        }
        seen.accepted.push(id);
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  transport = createTransport({ from: JUDGE, outboxDir: '/nonexistent', smtpUrl: `smtp://127.0.0.1:${port}`, timeouts: { connection: 2_000, greeting: 2_000, socket: SOCKET_TIMEOUT_MS } });
});
afterAll(async () => {
  transport?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t.close();
});

describe('the smarthost answers 4xx, 5xx, and hangs', () => {
  it('stores and decides every message once; sends every mail once or reports it failed', { timeout: 60_000 }, async () => {
    // Two messages from each of the seven players, through the real intake.
    let n = 0;
    for (const round of [1, 2]) {
      for (const power of POWERS) {
        const raw = await new MailComposer({
          from: `${GAME}-${power.toLowerCase()}@example.org`, to: `${GAME}@judge.example.org`, subject: `orders ${round}`,
          text: 'HOLD ALL', messageId: `<${GAME}-${power}-${round}@example.org>`,
        }).compile().build();
        await receiveMessage(t.db, { fromAddress: JUDGE }, { raw, receivedAt: new Date(Date.now() - 60_000 + ++n), source: 'cli' });
      }
    }
    const stored = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM inbound_messages`.execute(t.db)).rows[0]!.n);
    const decided = Number((await sql<{ n: number }>`SELECT count(DISTINCT inbound_message_id)::int AS n FROM inbound_decisions`.execute(t.db)).rows[0]!.n);
    expect(stored).toBe(14);
    expect(decided).toBe(14);
    const mails = await t.db.selectFrom('outbox').select(['id', 'to_address', 'message_id']).where('game_id', '=', GAME).orderBy('id').execute();
    expect(mails).toHaveLength(14); // one acknowledgement per message

    // The worker: each send-mail job run until it stops throwing, at most graphile-worker's 25 tries.
    let jobs = mails.map((m) => ({ id: m.id, runs: 0 }));
    let longest = 0;
    while (jobs.length > 0) {
      const again: typeof jobs = [];
      for (const job of jobs) {
        job.runs++;
        const t0 = performance.now();
        const threw = await sendMailTask(t.db, transport, { outboxId: job.id }).then(() => false, () => true);
        longest = Math.max(longest, performance.now() - t0);
        if (threw && job.runs < 25) again.push(job);
      }
      jobs = again;
    }

    const rows = await t.db.selectFrom('outbox').select(['id', 'to_address', 'message_id', 'status', 'attempts', 'last_error']).where('game_id', '=', GAME).orderBy('id').execute();
    const sent = rows.filter((r) => r.status === 'sent');
    const failed = rows.filter((r) => r.status === 'failed');
    console.log(`faults: stored ${stored}/14, decided ${decided}/14, sent ${sent.length}, failed ${failed.length} (smarthost: 4xx for a while, 4xx for ever, 5xx, one hang after DATA)`);
    expect(rows.filter((r) => r.status === 'pending')).toEqual([]);
    expect(sent).toHaveLength(10);
    expect(failed).toHaveLength(4);

    // 5xx: failed at the first answer, never retried.
    for (const r of failed.filter((x) => x.to_address.includes('-italy@'))) {
      expect(r.attempts).toBe(1);
      expect(r.last_error).toMatch(/550 5\.1\.1 No such user here/);
    }
    // 4xx for ever: retried, then failed after MAX_SEND_ATTEMPTS, not retried for ever.
    for (const r of failed.filter((x) => x.to_address.includes('-england@'))) {
      expect(r.attempts).toBe(MAX_SEND_ATTEMPTS);
      expect(r.last_error).toMatch(/451 4\.2\.2 Mailbox over quota/);
    }
    expect(failed.map((r) => r.to_address).sort()).toEqual([`${GAME}-england@example.org`, `${GAME}-england@example.org`, `${GAME}-italy@example.org`, `${GAME}-italy@example.org`]);
    // 4xx for a while (the first two RCPTs to France): both of France's mails went at the second try.
    expect(sent.filter((r) => r.to_address.includes('-france@')).map((r) => r.attempts)).toEqual([2, 2]);

    // The hang cost one socket timeout, not a stalled worker; the mail went again with its Message-ID.
    expect(longest).toBeLessThan(SOCKET_TIMEOUT_MS + 1_500);
    expect(seen.hung).toHaveLength(1);
    const germany = sent.filter((r) => r.to_address.includes('-germany@'));
    expect(germany.map((r) => r.attempts)).toContain(2);
    expect(seen.hung[0]).toBe(`<${germany.find((r) => r.attempts === 2)!.message_id}>`);
    // Every sent mail was taken by the smarthost exactly once (the hung copy was never answered).
    expect(seen.accepted.sort()).toEqual(sent.map((r) => `<${r.message_id}>`).sort());

    // The GM's digest lists them: the players who did not get their mail, with the smarthost's answer.
    const facts = (await loadCalendarFacts(t.db, (await findGame(t.db, GAME))!))!;
    const digest = await buildDigest(t.db, facts, await findPersonByEmail(t.db, `${GAME}-gm@example.org`), new Date());
    const text = renderMail('gm-digest', { digest }).text;
    expect(text).toContain('Mail the judge could not deliver (the player did not get it; reach them another way):');
    for (const r of failed) expect(text).toMatch(new RegExp(`to ${r.to_address}: "[^"]+" — SMTP smtp://127\\.0\\.0\\.1:${port}: .*${r.to_address.includes('-italy@') ? '550' : '451'}`));

    // Where the operator sees the failures: `mailjudge outbox`, with the smarthost's answer.
    const listed = spawnSync(process.execPath, [CLI, 'outbox', '--game', GAME, '--json'], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: t.url } });
    expect(listed.status).toBe(0);
    const list = JSON.parse(listed.stdout) as { status: string; to: string; error: string | null }[];
    expect(list.filter((m) => m.status === 'failed').map((m) => [m.to, m.error?.match(/\b[45]\d\d\b/)?.[0]])).toEqual(
      failed.map((r) => [r.to_address, r.to_address.includes('-italy@') ? '550' : '451']),
    );
  });
});
