/**
 * Fault tests of the intake (issue 20), against a real PostgreSQL whose failures are real: a CHECK
 * constraint and a trigger raising SQLSTATE 40001 added to this file's database.
 *
 * - A failure that recurs with the same bytes (a constraint) quarantines the message with the error:
 *   the MTA gets success (`mailjudge ingest` exit 0), the operator sees it (`runQuarantine`), the GM's
 *   digest lists it, and the retry sweep leaves it alone.
 * - A failure of the environment (40001) is temporary: exit 75, the message stored and counted; the
 *   retry sweep tries it again only when its backoff has passed, doubling the wait, decides every
 *   other undecided message in the same sweep (never one behind another), and quarantines it after
 *   MAX_DECIDE_ATTEMPTS.
 * - A message whose quarantine cannot be recorded either is counted and waits out its backoff.
 * - Two paths deciding the same stored message at once (the retry sweep and the IMAP resync after a
 *   restart, in this process and from a second process): one decision, one answer, no error.
 */
import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDigest } from '../../src/service/diplomacy/gm-digest.js';
import { loadCalendarFacts } from '../../src/service/diplomacy/calendar-facts.js';
import { runQuarantine } from '../../src/cli/commands/quarantine.js';
import { createDb } from '../../src/db/database.js';
import { findGame } from '../../src/db/games.js';
import { retryDelayMs } from '../../src/db/inbound-attempts.js';
import { isTransientFailure } from '../../src/db/transient-error.js';
import { insertInboundMessage } from '../../src/db/inbound-messages.js';
import { findPersonByEmail } from '../../src/db/people.js';
import type { Db } from '../../src/db/schema.js';
import { MAX_DECIDE_ATTEMPTS } from '../../src/rules/limits.js';
import { decideStored, receiveMessage, retryUndecided, type ReceiveContext, type ReceiveOutcome } from '../../src/service/intake/receive-message.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { CLI } from '../helpers/cli.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const GAME = 'fault';
const JUDGE = 'judge@judge.example.org';
const resolver = async () => {
  throw Object.assign(new Error('no such name'), { code: 'ENOTFOUND' });
};
const at = (ms: number) => new Date(Date.now() + ms);
const ctxAt = (now: Date): ReceiveContext => ({ fromAddress: JUDGE, auth: { resolver }, now: () => now });
let t: TestDatabase;
let n = 0;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  await gameWithPlayers(t.db, GAME);
  await sql`UPDATE games SET identity = 'address' WHERE id = ${GAME}`.execute(t.db);
  // Real failures: mail to Italy violates a constraint (every time); mail to Turkey fails as a
  // serialization failure would (a failure of the environment, every time).
  await sql`ALTER TABLE outbox ADD CONSTRAINT test_poisoned_address CHECK (to_address <> 'fault-italy@example.org')`.execute(t.db);
  await sql.raw(`CREATE FUNCTION test_serialization_failure() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.to_address = 'fault-turkey@example.org' THEN
        RAISE EXCEPTION 'could not serialize access due to concurrent update (test)' USING ERRCODE = '40001';
      END IF;
      RETURN NEW;
    END $$`).execute(t.db);
  await sql`CREATE TRIGGER test_serialization_failure BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION test_serialization_failure()`.execute(t.db);
});
afterAll(async () => t.close());

function orderMail(power: string, text: string): Promise<Buffer> {
  return new MailComposer({ from: `${GAME}-${power}@example.org`, to: `${GAME}@judge.example.org`, subject: 'orders', text, messageId: `<fault-${++n}@example.org>` }).compile().build();
}

function ingest(raw: Buffer) {
  const r = spawnSync(process.execPath, [CLI, 'ingest'], { input: raw, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: t.url, MAILJUDGE_FROM_ADDRESS: JUDGE, MAILJUDGE_PIPE_RECEIVED_BY: 'mx.judge.example.org' } });
  return { status: r.status, stderr: r.stderr.toString(), json: JSON.parse(r.stdout.toString().trim().split('\n').pop() ?? '{}') as Record<string, unknown> };
}

const decisionsOf = (id: number) => t.db.selectFrom('inbound_decisions').selectAll().where('inbound_message_id', '=', id).execute();
const answersTo = (id: number, db: Db = t.db) => db.selectFrom('outbox').select(['kind', 'to_address']).where('dedupe_key', '~', `^[a-z-]+:${id}(:|$)`).execute();
const attemptsOf = (id: number) => t.db.selectFrom('inbound_attempts').selectAll().where('inbound_message_id', '=', id).executeTakeFirst();

describe('a failure that recurs with the same bytes', () => {
  it('quarantines the message with the error; the MTA gets success; the operator and the GM see it; no retry', async () => {
    const run = ingest(await orderMail('italy', 'A VEN - TYR\nA ROM - APU\nF NAP - ION'));
    expect(run.status, run.stderr).toBe(0);
    expect(run.json).toMatchObject({ kind: 'quarantined', reason: expect.stringContaining('test_poisoned_address') });
    const id = run.json.inboundId as number;
    const [d, ...more] = await decisionsOf(id);
    expect(more).toEqual([]);
    // Attributed to the player and the game from the headers; the notice to Italy fails as the
    // answer did, so the decision is recorded without it.
    expect(d).toMatchObject({ outcome: 'quarantined', from_address: 'fault-italy@example.org', game_id: GAME, replied: false });
    expect(d!.reason).toMatch(/^could not be decided: \[23514\] new row for relation "outbox" violates check constraint "test_poisoned_address"/);
    expect(await answersTo(id)).toEqual([]);
    expect(await t.db.selectFrom('order_sets').select('id').where('inbound_message_id', '=', id).execute()).toEqual([]); // rolled back whole
    expect(await attemptsOf(id)).toBeUndefined();

    const listing = await runQuarantine(t.db, {});
    expect(listing.ok && listing.json).toMatchObject({ quarantined: [expect.objectContaining({ inbound: id, from: 'fault-italy@example.org', game: GAME, senderTold: false })] });
    expect(listing.ok && listing.text).toContain('test_poisoned_address');

    const facts = await loadCalendarFacts(t.db, (await findGame(t.db, GAME))!);
    const digest = await buildDigest(t.db, facts!, await findPersonByEmail(t.db, `${GAME}-gm@example.org`), new Date());
    expect(digest.refused).toEqual([expect.objectContaining({ from: 'fault-italy@example.org', reason: expect.stringMatching(/^quarantined, not read: could not be decided: \[23514\]/) })]);

    expect(await retryUndecided(t.db, ctxAt(at(3_600_000)), { graceMs: 0 })).toBe(0);
    expect(ingest(await orderMail('italy', 'A VEN H')).json).toMatchObject({ kind: 'quarantined' }); // and the next one too, each on its own
  });
});

describe('a failure of the environment', () => {
  it('exit 75 and counted; retried on its own with doubling backoff while the others are decided; quarantined after the last attempt', async () => {
    const run = ingest(await orderMail('turkey', 'A CON - BUL\nA SMY - ARM\nF ANK - BLA'));
    expect(run.status).toBe(75);
    expect(run.stderr).toContain('could not serialize access');
    const stuck = (await t.db.selectFrom('inbound_messages').select('id').where('message_id', '=', `<fault-${n}@example.org>`).executeTakeFirstOrThrow()).id;
    expect(await decisionsOf(stuck)).toEqual([]);
    let a = (await attemptsOf(stuck))!;
    expect(a).toMatchObject({ attempts: 1, last_error: expect.stringMatching(/^\[40001\] could not serialize access/) });
    expect(a.next_attempt_at.getTime() - a.last_attempt_at.getTime()).toBe(retryDelayMs(1));

    // A killed process left three more stored and undecided, after the stuck one.
    const others: number[] = [];
    for (const power of ['england', 'france', 'germany']) {
      const raw = await orderMail(power, power === 'england' ? 'F LON - NTH' : power === 'france' ? 'A PAR - BUR' : 'A BER - KIE');
      others.push((await insertInboundMessage(t.db, { raw, receivedAt: new Date(), source: 'pipe', mailbox: 'pipe:game', messageId: `<fault-${n}@example.org>` })).id);
    }
    const failed: number[] = [];
    const sweep = (now: Date) => retryUndecided(t.db, ctxAt(now), { graceMs: 0, onError: (id) => failed.push(id) });

    // Before the stuck message's backoff has passed, only the others are tried, and decided.
    let now = new Date(a.last_attempt_at.getTime() + retryDelayMs(1) - 1000);
    expect(await sweep(now)).toBe(3);
    for (const id of others) {
      expect((await decisionsOf(id)).map((d) => d.outcome)).toEqual(['orders']);
      expect(await answersTo(id)).toEqual([expect.objectContaining({ kind: 'orders-received' })]);
    }
    expect(failed).toEqual([]);

    // Then the stuck one alone, each time its backoff has passed; the wait doubles.
    for (let attempt = 2; attempt < MAX_DECIDE_ATTEMPTS; attempt++) {
      expect(await sweep(new Date(a.next_attempt_at.getTime() - 1000))).toBe(0); // not yet
      now = a.next_attempt_at;
      expect(await sweep(now)).toBe(1);
      a = (await attemptsOf(stuck))!;
      expect(a.attempts).toBe(attempt);
      expect(a.last_attempt_at).toEqual(now);
      expect(a.next_attempt_at.getTime() - now.getTime()).toBe(retryDelayMs(attempt));
    }
    expect(failed).toEqual(Array.from({ length: MAX_DECIDE_ATTEMPTS - 2 }, () => stuck));
    expect(await decisionsOf(stuck)).toEqual([]);

    // The last attempt fails too: quarantined with the error, never tried again.
    expect(await sweep(a.next_attempt_at)).toBe(1);
    const [d] = await decisionsOf(stuck);
    expect(d).toMatchObject({ outcome: 'quarantined', from_address: 'fault-turkey@example.org', game_id: GAME, replied: false });
    expect(d!.reason).toBe(`still undecided after ${MAX_DECIDE_ATTEMPTS} attempts: [40001] could not serialize access due to concurrent update (test)`);
    expect(await sweep(at(365 * 86_400_000))).toBe(0);
    expect(retryDelayMs(MAX_DECIDE_ATTEMPTS)).toBeLessThanOrEqual(3_600_000);
  });
});

describe('a message whose quarantine cannot be recorded either', () => {
  it('is counted and waits out its backoff like any other, listed as waiting, never retried in a loop', async () => {
    // Every decision about Russia's mail is refused by the database, the quarantine's included.
    await sql`ALTER TABLE inbound_decisions ADD CONSTRAINT test_undecidable CHECK (from_address IS DISTINCT FROM 'fault-russia@example.org')`.execute(t.db);
    try {
      const raw = await orderMail('russia', 'A MOS - UKR');
      const id = (await insertInboundMessage(t.db, { raw, receivedAt: new Date(), source: 'pipe', mailbox: 'pipe:game', messageId: `<fault-${n}@example.org>` })).id;
      const failed: number[] = [];
      // A second on: stored_at is PostgreSQL's clock to the microsecond, Date.now() only to the millisecond.
      const now = at(1000);
      expect(await retryUndecided(t.db, ctxAt(now), { graceMs: 0, onError: (i) => failed.push(i) })).toBe(1);
      expect(failed).toEqual([id]);
      const a = (await attemptsOf(id))!;
      expect(a).toMatchObject({ attempts: 1, last_error: expect.stringContaining('test_undecidable') });
      expect(a.next_attempt_at.getTime() - now.getTime()).toBe(retryDelayMs(1));
      expect(await retryUndecided(t.db, ctxAt(new Date(now.getTime() + 1000)), { graceMs: 0 })).toBe(0);
      const listing = await runQuarantine(t.db, {});
      expect(listing.ok && listing.json).toMatchObject({ undecided: [expect.objectContaining({ inbound: id, attempts: 1, lastError: expect.stringContaining('test_undecidable') })] });
      expect(listing.ok && listing.text).toMatch(/Waiting to be decided \(1\)/);
    } finally {
      await sql`ALTER TABLE inbound_decisions DROP CONSTRAINT test_undecidable`.execute(t.db);
    }
  });
});

describe('two paths deciding the same stored message', () => {
  it('the retry sweep, the IMAP resync and a second process at once: one decision and one answer each, no error', async () => {
    // What a process killed between storing and deciding leaves: the raw rows, IMAP UIDs 1..10.
    const mailbox = 'imap://fault%40judge.example.org@127.0.0.1/INBOX';
    const powers = ['austria', 'england', 'france', 'germany', 'russia'];
    const stored: { id: number; raw: Buffer; uid: number }[] = [];
    for (let uid = 1; uid <= 10; uid++) {
      const raw = await orderMail(powers[uid % powers.length]!, 'HELP');
      stored.push({ id: (await insertInboundMessage(t.db, { raw, receivedAt: new Date(), source: 'imap', mailbox, uidvalidity: 7, uid, messageId: `<fault-${n}@example.org>` })).id, raw, uid });
    }
    const other = createDb(t.url, { maxConnections: 5 }); // a second process on the same database
    try {
      const ctx = ctxAt(new Date());
      const errors: unknown[] = [];
      const resync = (db: Db) => stored.map((m) => receiveMessage(db, ctx, { raw: m.raw, receivedAt: new Date(), source: 'imap', role: 'game', mailbox, uidvalidity: 7, uid: m.uid }).catch((e) => void errors.push(e)));
      const results = await Promise.all([
        retryUndecided(t.db, ctx, { graceMs: 0, onError: (_id, e) => errors.push(e) }),
        ...resync(t.db),
        ...resync(other),
        ...stored.map((m) => decideStored(other, ctx, { inboundId: m.id, raw: m.raw, receivedAt: new Date(), source: 'imap', role: 'game' }).catch((e) => void errors.push(e))),
      ]);
      expect(errors).toEqual([]);
      const outcomes = results.slice(1) as ReceiveOutcome[];
      for (const m of stored) {
        expect((await decisionsOf(m.id)).map((d) => d.outcome)).toEqual(['command']);
        expect(await answersTo(m.id)).toEqual([expect.objectContaining({ kind: 'help' })]);
        // Whoever decided it, every other path saw a duplicate.
        const mine = outcomes.filter((o) => o.inboundId === m.id);
        expect(mine.filter((o) => o.kind !== 'duplicate').length).toBeLessThanOrEqual(1);
      }
      expect((await t.db.selectFrom('inbound_messages').select('id').where('mailbox', '=', mailbox).execute())).toHaveLength(10);
    } finally {
      await other.destroy();
    }
  });
});

describe('a failure between deciding and enqueueing (issue 16)', () => {
  it('rolls the decision back with the failed enqueue; the redelivery decides once and queues the mail once', async () => {
    // Queueing the acknowledgement to Russia fails once (a sequence: not rolled back with the
    // transaction), after the decision and the order set were written in the same transaction.
    await sql`CREATE SEQUENCE test_enqueue_attempts`.execute(t.db);
    await sql.raw(`CREATE FUNCTION test_fail_enqueue_once() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.to_address = 'fault-russia@example.org' AND nextval('test_enqueue_attempts') = 1 THEN
          RAISE EXCEPTION 'terminating connection while queueing (test)' USING ERRCODE = '57P01';
        END IF;
        RETURN NEW;
      END $$`).execute(t.db);
    await sql`CREATE TRIGGER test_fail_enqueue_once BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION test_fail_enqueue_once()`.execute(t.db);

    const raw = await orderMail('russia', 'A WAR - UKR\nA MOS H\nF SEV H\nF STP/SC - BOT');
    // As the pipe delivers it (`mailjudge ingest` would exit 75: the MTA keeps it and delivers it again).
    const deliver = () => receiveMessage(t.db, ctxAt(new Date()), { raw, receivedAt: new Date('2030-04-01T12:00:00Z'), source: 'pipe', mailbox: 'pipe:game' });
    const first = await deliver().then(() => undefined, (e: Error) => e);
    expect(first?.message).toMatch(/terminating connection while queueing/);
    expect(isTransientFailure(first)).toBe(true);
    const id = (await t.db.selectFrom('inbound_messages').select('id').where('message_id', '=', `<fault-${n}@example.org>`).executeTakeFirstOrThrow()).id;
    expect(await decisionsOf(id)).toEqual([]); // the decision went with the failed enqueue
    expect(await t.db.selectFrom('order_sets').select('id').where('inbound_message_id', '=', id).execute()).toEqual([]);

    expect(await deliver()).toMatchObject({ kind: 'orders', inboundId: id }); // the MTA's redelivery: the same bytes
    const stored = await t.db.selectFrom('inbound_messages').select('id').where('message_id', '=', `<fault-${n}@example.org>`).execute();
    const decisions = await decisionsOf(id);
    const mails = await t.db.selectFrom('outbox').select(['id', 'status']).where('dedupe_key', '~', `^[a-z-]+:${id}(:|$)`).execute();
    const jobs = await sql<{ n: number }>`SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE payload->>'outboxId' = ${String(mails[0]?.id)}`.execute(t.db);
    expect([stored.length, decisions.length, mails.length, jobs.rows[0]!.n]).toEqual([1, 1, 1, 1]);
    expect(await t.db.selectFrom('order_sets').select('id').where('inbound_message_id', '=', id).execute()).toHaveLength(1);
    console.log(`faults: stored ${stored.length}/1, decided ${decisions.length}/1, queued ${mails.length}, sent 0, failed 0 (the enqueue failed once after the decision: both rolled back, the redelivery did both once)`);
  });
});
