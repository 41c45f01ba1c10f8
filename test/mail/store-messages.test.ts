/**
 * Receipt (issue 29): storeMessages stores a batch with each new message's decision job in its
 * game's queue and the IMAP checkpoint, in one transaction; the queue comes from To/Cc (D.II(2)), a
 * player's reply address or a subject tag; the receipt's game lookup is served by indexes.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMailboxCheckpoint } from '../../src/db/mailbox-checkpoints.js';
import type { IncomingMessage } from '../../src/mail/inbound/intake.js';
import { decideQueues, storeMessages } from '../../src/service/intake/store-message.js';
import { addressesIn } from '../../src/service/intake/receipt-queue.js';
import { receiveThroughQueue } from '../../src/service/intake/receive-message.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const JUDGE = 'judge@judge.example.org';
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  await gameWithPlayers(t.db, 'sm-g1');
  await gameWithPlayers(t.db, 'sm-g2');
  await gameWithPlayers(t.db, 'sm-g3');
  await sql`UPDATE games SET identity = 'address' WHERE id = 'sm-g3'`.execute(t.db);
});
afterAll(async () => {
  await t.close();
});

const mail = (headers: string, body = 'A PAR H\n') => Buffer.from(`${headers}\r\nMessage-ID: <${Math.random().toString(36).slice(2)}@example.org>\r\n\r\n${body}`);
const imap = (raw: Buffer, uid: number, role: 'game' | 'confirm' = 'game'): IncomingMessage => ({ raw, receivedAt: new Date('2030-01-01T10:00:00Z'), source: 'imap', role, mailbox: 'imap://judge@h/INBOX', uidvalidity: 7, uid });

describe('addressesIn', () => {
  it('reads bare, named, listed and grouped addresses, lower-cased', () => {
    expect(addressesIn('France <SM-G1-France@Example.org>, judge+sm-g1@judge.example.org; Group: a@b.c;')).toEqual(['sm-g1-france@example.org', 'judge+sm-g1@judge.example.org', 'a@b.c']);
  });
});

describe('decideQueues', () => {
  it('a game address, a Cc, a subject tag, a reply address; nothing for no game, the confirmation queue for a TD copy', async () => {
    const queues = await decideQueues(t.db, JUDGE, [
      { raw: mail('From: a@x.org\r\nTo: SM-G1@judge.example.org'), role: 'game' },
      { raw: mail('From: a@x.org\r\nTo: someone@x.org\r\nCc: France <sm-g2@judge.example.org>'), role: 'game' },
      { raw: mail('From: a@x.org\r\nTo: judge@judge.example.org\r\nSubject: [sm-g2] orders'), role: 'game' },
      { raw: mail('From: a@x.org\r\nTo: judge+sm-g1.abcdefgh@judge.example.org'), role: 'game' },
      { raw: mail('From: a@x.org\r\nTo: stranger@judge.example.org'), role: 'game' },
      { raw: mail('From: a@x.org\r\nTo: td@judge.example.org'), role: 'confirm' },
      { raw: mail('From: a@x.org\r\nTo: td@judge.example.org, sm-g1@judge.example.org'), role: 'confirm' },
    ]);
    expect(queues).toEqual(['game:sm-g1', 'game:sm-g2', 'game:sm-g2', 'game:sm-g1', 'intake:other', 'intake:confirm', 'game:sm-g1']);
  });

  it('finds the games by index (sequential scans disabled: none in the plan)', async () => {
    const plan = await t.db.connection().execute(async (c) => {
      await sql`SET enable_seqscan = off`.execute(c);
      try {
        return (await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT g.id, g.address FROM games g
          WHERE g.status <> 'finished' AND (lower(g.address) = ANY(${['sm-g1@judge.example.org']}::text[]) OR g.id = ANY(${['sm-g2']}::text[]))
          UNION ALL
          SELECT c.game_id, a.address FROM coalition_games c CROSS JOIN LATERAL (VALUES (c.pm_address), (c.battle_address)) AS a(address)
          WHERE lower(c.pm_address) = ANY(${['x@y.z']}::text[]) OR lower(c.battle_address) = ANY(${['x@y.z']}::text[])`.execute(c)).rows.map((r) => r['QUERY PLAN']).join('\n');
      } finally {
        await sql`RESET enable_seqscan`.execute(c);
      }
    });
    expect(plan).not.toMatch(/Seq Scan/);
    expect(plan).toMatch(/games_address_key/);
    expect(plan).toMatch(/coalition_games_pm_address_idx/);
    expect(plan).toMatch(/coalition_games_battle_address_idx/);
  });
});

describe('storeMessages', () => {
  it('stores a FETCH range with its jobs, in order, and the checkpoint, in one transaction; a refetch adds nothing', async () => {
    const a = mail('From: sm-g1-france@example.org\r\nTo: sm-g1@judge.example.org', 'A PAR H\n');
    const b = mail('From: sm-g2-england@example.org\r\nTo: sm-g2@judge.example.org', 'F LON H\n');
    const c = mail('From: sm-g1-france@example.org\r\nTo: sm-g1@judge.example.org', 'A PAR - BUR\n');
    const receipts = await storeMessages(t.db, JUDGE, [imap(a, 1), imap(b, 2), imap(c, 3)], { mailbox: 'imap://judge@h/INBOX', uidvalidity: 7, lastUid: 3 });
    expect(receipts.map((r) => [r.created, r.queue])).toEqual([[true, 'game:sm-g1'], [true, 'game:sm-g2'], [true, 'game:sm-g1']]);
    expect(await findMailboxCheckpoint(t.db, 'imap://judge@h/INBOX')).toMatchObject({ uidvalidity: 7, lastUid: 3 });
    const jobs = await sql<{ inbound: number; queue_name: string; key: string; run_at: Date }>`
      SELECT (j.payload->>'inboundId')::int AS inbound, q.queue_name, j.key, j.run_at
        FROM graphile_worker._private_jobs j JOIN graphile_worker._private_job_queues q ON q.id = j.job_queue_id ORDER BY j.run_at`.execute(t.db);
    // One job per message, keyed by it, run_at strictly in receipt order (graphile-worker orders a queue by run_at).
    expect(jobs.rows.map((j) => [j.inbound, j.queue_name, j.key])).toEqual(receipts.map((r) => [r.inboundId, r.queue, `decide:${r.inboundId}`]));
    const distinct = await sql<{ n: string }>`SELECT count(DISTINCT run_at) AS n FROM graphile_worker._private_jobs`.execute(t.db);
    expect(Number(distinct.rows[0]!.n)).toBe(3);

    // The same UIDs again (a crash before the flags were set): duplicates, no new rows, no new jobs.
    const again = await storeMessages(t.db, JUDGE, [imap(a, 1), imap(b, 2), imap(c, 3)], { mailbox: 'imap://judge@h/INBOX', uidvalidity: 7, lastUid: 3 });
    expect(again.map((r) => [r.inboundId, r.created])).toEqual(receipts.map((r) => [r.inboundId, false]));
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM graphile_worker.jobs WHERE key LIKE 'decide:%'`.execute(t.db)).rows[0]!.n)).toBe(3);
  });

  it('a failure in the transaction keeps nothing: no message, no job, the checkpoint where it was', async () => {
    const before = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM inbound_messages`.execute(t.db)).rows[0]!.n);
    const d = mail('From: sm-g1-germany@example.org\r\nTo: sm-g1@judge.example.org');
    // A checkpoint the table refuses (a UID past bigint) fails the transaction after the insert and the job.
    await expect(storeMessages(t.db, JUDGE, [imap(d, 4)], { mailbox: 'imap://judge@h/INBOX', uidvalidity: 7, lastUid: 2n ** 70n })).rejects.toThrow();
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM inbound_messages`.execute(t.db)).rows[0]!.n)).toBe(before);
    expect(Number((await sql<{ n: string }>`SELECT count(*) AS n FROM graphile_worker.jobs WHERE key LIKE 'decide:%'`.execute(t.db)).rows[0]!.n)).toBe(3);
    expect(await findMailboxCheckpoint(t.db, 'imap://judge@h/INBOX')).toMatchObject({ lastUid: 3 });
  });

  it('stores a group of SMTP deliveries in one statement: the same bytes twice and bytes stored before are duplicates, with no second job', async () => {
    const smtp = (raw: Buffer): IncomingMessage => ({ raw, receivedAt: new Date('2030-01-01T11:00:00Z'), source: 'smtp', role: 'game', mailbox: 'smtp:game', envelope: { ip: '127.0.0.1', helo: 'mx.example.org', mailFrom: 'sm-g1-italy@example.org' } });
    const old = mail('From: sm-g1-italy@example.org\r\nTo: sm-g1@judge.example.org', 'A ROM H\n');
    const [stored] = await storeMessages(t.db, JUDGE, [smtp(old)]);
    const fresh = mail('From: sm-g1-italy@example.org\r\nTo: sm-g1@judge.example.org', 'A ROM - APU\n');
    const other = mail('From: someone@example.net\r\nTo: nobody@example.net', 'hello\n');
    const jobsBefore = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM graphile_worker.jobs WHERE key LIKE 'decide:%'`.execute(t.db)).rows[0]!.n);
    const sent: string[] = [];
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      sent.push(typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string }).text ?? ''));
      return original.apply(this, args);
    };
    let receipts;
    try {
      // Two connections delivered `fresh` at once (an MTA's retry racing its first try), a third `other`, a fourth `old` again.
      receipts = await storeMessages(t.db, JUDGE, [smtp(fresh), smtp(other), smtp(fresh), smtp(old)]);
    } finally {
      proto.query = original;
    }
    expect(receipts.map((r) => [r.created, r.queue])).toEqual([[true, 'game:sm-g1'], [true, 'intake:other'], [false, undefined], [false, undefined]]);
    expect(receipts[2]!.inboundId).toBe(receipts[0]!.inboundId);
    expect(receipts[3]!.inboundId).toBe(stored!.inboundId);
    // The queue lookup, the one storing statement, then one lookup per duplicate; no BEGIN, no COMMIT.
    expect(sent.filter((q) => /^\s*(begin|commit)/i.test(q))).toEqual([]);
    expect(sent).toHaveLength(4);
    const jobsAfter = Number((await sql<{ n: string }>`SELECT count(*) AS n FROM graphile_worker.jobs WHERE key LIKE 'decide:%'`.execute(t.db)).rows[0]!.n);
    expect(jobsAfter - jobsBefore).toBe(2);
    const rows = await sql<{ envelope: unknown }>`SELECT envelope FROM inbound_messages WHERE id = ${receipts[0]!.inboundId}`.execute(t.db);
    expect(rows.rows[0]!.envelope).toEqual({ ip: '127.0.0.1', helo: 'mx.example.org', mailFrom: 'sm-g1-italy@example.org' });
  });
});

describe('receiveThroughQueue (the pipe)', () => {
  const pipe = (raw: Buffer): IncomingMessage => ({ raw, receivedAt: new Date(), source: 'pipe', role: 'game', mailbox: 'pipe:game' });
  const jobsOf = async (queue: string) =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM graphile_worker.jobs WHERE queue_name = ${queue}`.execute(t.db)).rows[0]!.n);

  it('decides at once and withdraws the job when nothing of the game waits; leaves it queued behind an earlier message', async () => {
    const first = await receiveThroughQueue(t.db, { fromAddress: JUDGE }, pipe(mail('From: sm-g3-france@example.org\r\nTo: sm-g3@judge.example.org\r\nSubject: S1901M', 'A PAR H\n')), 100);
    expect(first).toMatchObject({ kind: 'orders', gameId: 'sm-g3', power: 'FRANCE' });
    expect(await jobsOf('game:sm-g3')).toBe(0);
    // Game 2 has a message waiting for the workers (stored above, no worker runs here): the next one waits its turn.
    expect(await jobsOf('game:sm-g2')).toBe(1);
    const behind = await receiveThroughQueue(t.db, { fromAddress: JUDGE }, pipe(mail('From: sm-g2-england@example.org\r\nTo: sm-g2@judge.example.org', 'F LON - NTH\n')), 100);
    expect(behind).toMatchObject({ kind: 'queued', queue: 'game:sm-g2' });
    expect(await jobsOf('game:sm-g2')).toBe(2);
    const decided = await sql<{ n: string }>`SELECT count(*) AS n FROM inbound_decisions WHERE inbound_message_id = ${behind.inboundId}`.execute(t.db);
    expect(Number(decided.rows[0]!.n)).toBe(0);
  });
});
