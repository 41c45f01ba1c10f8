/**
 * Issue 29: a deadline's reports go out together, over pooled SMTP connections, at a bounded pace per
 * recipient domain. The settings ride in the smarthost URL (pure); the pacer spaces the mails to one
 * domain (a clock of the test's own); and a game's eight reports, queued by queueMails in one
 * transaction, are sent by one send-mail job through the real transport to a real SMTP server in the
 * test (smtp-server, our own peer), which answers 550 for Italy and 451 for England: the six others
 * are accepted over at most maxConnections connections and marked sent, Italy's is failed for good
 * with its bounce recorded, England's stays pending and the job throws to be retried — and the retry
 * offers England's mail alone.
 */
import { SMTPServer } from 'smtp-server';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainOf, domainPacer, smtpPoolSettings } from '../../../src/mail/outbound/smtp-pool.js';
import { createTransport, type MailTransport } from '../../../src/mail/outbound/send.js';
import { queueMails } from '../../../src/mail/outbound/queue-mail.js';
import { outboxKey } from '../../../src/db/outbox.js';
import { sendMailTask } from '../../../src/worker/tasks/send-mail.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { POWERS } from '../../../src/diplomacy/index.js';
import { gameWithPlayers } from '../../helpers/db-fixtures.js';
import { freePort } from '../../helpers/free-port.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';

describe('smtpPoolSettings', () => {
  it('reads the pool settings from the URL and hands nodemailer the rest', () => {
    expect(smtpPoolSettings('smtp://judge@relay.example.org:587')).toEqual({ url: 'smtp://judge@relay.example.org:587', pool: true, maxConnections: 5, maxMessages: 100, ratePerDomain: 50 });
    const s = smtpPoolSettings('smtps://judge@relay.example.org:465?maxConnections=2&maxMessages=500&ratePerDomain=0&ignoreTLS=true');
    expect(s).toEqual({ url: 'smtps://judge@relay.example.org:465?ignoreTLS=true', pool: true, maxConnections: 2, maxMessages: 500, ratePerDomain: 0 });
    expect(smtpPoolSettings('smtp://relay.example.org?pool=false').pool).toBe(false);
  });

  it('refuses a setting that is not a whole number in range, naming it', () => {
    expect(() => smtpPoolSettings('smtp://relay.example.org?maxConnections=0')).toThrow(/maxConnections=0 must be a whole number of at least 1/);
    expect(() => smtpPoolSettings('smtp://relay.example.org?ratePerDomain=fast')).toThrow(/ratePerDomain=fast/);
  });
});

describe('domainPacer', () => {
  it('spaces the mails to one domain 1/rate apart, other domains independent', async () => {
    let now = 1_000;
    const waits: number[] = [];
    const pacer = domainPacer(4, { now: () => now, sleep: async (ms) => { waits.push(ms); } }); // 4 per second: 250 ms apart
    await pacer.take(domainOf('ann@Gmail.com'));
    await pacer.take('gmail.com');
    await pacer.take('gmail.com');
    await pacer.take('example.org');
    expect(waits).toEqual([250, 500]); // the first of each domain goes at once
    now += 2_000; // idle for two seconds: the next goes at once again
    await pacer.take('gmail.com');
    expect(waits).toEqual([250, 500]);
    const unlimited = domainPacer(0, { now: () => now, sleep: async (ms) => { waits.push(ms); } });
    for (let i = 0; i < 5; i++) await unlimited.take('gmail.com');
    expect(waits).toEqual([250, 500]);
  });
});

describe('a game\'s reports sent together over the pool', () => {
  const GAME = 'pooled';
  const JUDGE = 'judge@judge.example.org';
  let t: TestDatabase;
  let server: SMTPServer;
  let transport: MailTransport;
  const seen = { rcpt: new Map<string, number>(), accepted: [] as string[], connections: 0 };
  const smtpError = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

  beforeAll(async () => {
    t = await createTestDatabase();
    await migrateQueue(t.url);
    await gameWithPlayers(t.db, GAME);
    const port = await freePort();
    server = new SMTPServer({
      disableReverseLookup: true, authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false,
      onConnect(_session, cb) {
        seen.connections++;
        cb();
      },
      onRcptTo(address, _session, cb) {
        const to = address.address.toLowerCase();
        seen.rcpt.set(to, (seen.rcpt.get(to) ?? 0) + 1);
        if (to.includes('-italy@')) return cb(smtpError(550, '5.1.1 No such user here'));
        if (to.includes('-england@')) return cb(smtpError(451, '4.2.2 Mailbox over quota, try later'));
        cb();
      },
      onData(stream, session, cb) {
        stream.on('data', () => {});
        stream.on('end', () => {
          seen.accepted.push(session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(','));
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    transport = createTransport({ from: JUDGE, outboxDir: '/nonexistent', smtpUrl: `smtp://127.0.0.1:${port}?maxConnections=2&ratePerDomain=1000` });
  });
  afterAll(async () => {
    transport?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t?.close();
  });

  it('one job, one connection pool: the accepted marked sent, a 5xx failed, a 4xx retried alone', { timeout: 60_000 }, async () => {
    const to = [...POWERS.map((p) => `${GAME}-${p.toLowerCase()}@example.org`), `${GAME}-gm@example.org`];
    const queued = await t.db.transaction().execute((trx) => queueMails(trx, JUDGE, to.map((address) => ({
      dedupeKey: outboxKey('test-report', GAME, address), gameId: GAME, template: 'vote-result', to: address,
      context: { game: { id: GAME, board: GAME, address: `${GAME}@judge.example.org` }, recipient: { name: 'Reader', email: address }, result: 'Draw: AUSTRIA, ENGLAND', phase: 'S1901M', showCentres: false, centres: [], cancelled: false },
    }))));
    expect(queued.every((q) => q.created)).toBe(true);
    // Issue 16: each player's copy carries their own reply address; the GM's the game's.
    const replyTo = await t.db.selectFrom('outbox').select(['to_address', 'headers']).where('game_id', '=', GAME).orderBy('id').execute();
    expect(new Set(replyTo.slice(0, 7).map((r) => r.headers['Reply-To'])).size).toBe(7);
    expect(replyTo[7]!.headers['Reply-To']).toBe(`${GAME}@judge.example.org`);
    // One send-mail job for the eight.
    const jobs = (await sql<{ payload: { outboxIds: number[] } }>`SELECT j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks k ON k.id = j.task_id WHERE k.identifier = 'send-mail'`.execute(t.db)).rows;
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.payload.outboxIds).toEqual(queued.map((q) => q.id));

    await expect(sendMailTask(t.db, transport, jobs[0]!.payload, { fromAddress: JUDGE })).rejects.toThrow(/451|over quota/);
    const status = new Map((await t.db.selectFrom('outbox').select(['to_address', 'status']).where('game_id', '=', GAME).execute()).map((r) => [r.to_address, r.status]));
    expect(seen.accepted.sort()).toEqual(to.filter((a) => !/-(italy|england)@/.test(a)).sort());
    expect([...status].filter(([, s]) => s === 'sent')).toHaveLength(6);
    expect(status.get(`${GAME}-italy@example.org`)).toBe('failed');
    expect(status.get(`${GAME}-england@example.org`)).toBe('pending');
    expect(seen.connections).toBeLessThanOrEqual(2);
    const bounces = await t.db.selectFrom('mail_bounces').select(['recipient']).execute();
    expect(bounces.map((b) => b.recipient)).toEqual([`${GAME}-italy@example.org`]);

    // The retry (graphile-worker runs the same payload again): England's mail alone is offered.
    await expect(sendMailTask(t.db, transport, jobs[0]!.payload, { fromAddress: JUDGE })).rejects.toThrow(/451|over quota/);
    expect(seen.rcpt.get(`${GAME}-england@example.org`)).toBe(2);
    expect(seen.rcpt.get(`${GAME}-italy@example.org`)).toBe(1);
    expect(seen.rcpt.get(`${GAME}-france@example.org`)).toBe(1);
    expect(seen.accepted).toHaveLength(6);
  });
});
