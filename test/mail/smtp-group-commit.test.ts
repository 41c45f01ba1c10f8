/**
 * Issue 29: the SMTP listener's group commit (src/mail/sources/group-commit.ts). Deliveries that end
 * their DATA while a receipt transaction commits share the next one; each 250 still waits for the
 * commit holding its own message. The first block checks the combinator with a store function that
 * records its calls; the second the listener on the real database with ten client connections.
 */
import nodemailer from 'nodemailer';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupCommit } from '../../src/mail/sources/group-commit.js';
import { SILENT_LOGGER } from '../../src/mail/sources/source-logger.js';
import { startSmtpListener, type SmtpListener } from '../../src/mail/sources/smtp-listener.js';
import type { IncomingMessage } from '../../src/mail/inbound/intake.js';
import { storeMessages } from '../../src/service/intake/store-message.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { mailPrefix } from '../helpers/mail-servers.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

/** A promise and the functions that settle it. */
function deferred<T>() {
  let resolve!: (v: T) => void, reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('groupCommit', () => {
  it('stores the calls that arrive during a commit together in the next one, and settles each only after its own commit', async () => {
    const calls: { items: string[]; done: ReturnType<typeof deferred<string[]>> }[] = [];
    const store = (items: string[]) => {
      const done = deferred<string[]>();
      calls.push({ items, done });
      return done.promise;
    };
    const put = groupCommit(store);
    const settled: string[] = [];
    const a = put(['a']).then((r) => (settled.push('a'), r));
    await tick();
    // While a's transaction runs, three more arrive (one with two copies, as a delivery to two roles).
    const b = put(['b']).then((r) => (settled.push('b'), r));
    const c = put(['c1', 'c2']).then((r) => (settled.push('c'), r));
    const d = put(['d']).then((r) => (settled.push('d'), r));
    await tick();
    expect(calls.map((k) => k.items)).toEqual([['a']]); // one transaction at a time
    calls[0]!.done.resolve(['A']);
    await tick();
    expect(settled).toEqual(['a']);
    // The next transaction holds b, c's two copies and d, in arrival order; none is answered before it commits.
    expect(calls.map((k) => k.items)).toEqual([['a'], ['b', 'c1', 'c2', 'd']]);
    await tick();
    expect(settled).toEqual(['a']);
    calls[1]!.done.resolve(['B', 'C1', 'C2', 'D']);
    expect(await Promise.all([a, b, c, d])).toEqual([['A'], ['B'], ['C1', 'C2'], ['D']]);
    expect(settled).toEqual(['a', 'b', 'c', 'd']);
  });

  it('holds at most maxMessages per transaction and never splits one call', async () => {
    const calls: string[][] = [];
    const gate = deferred<void>();
    const put = groupCommit(async (items: string[]) => {
      calls.push(items);
      await gate.promise;
      return items.map((i) => i.toUpperCase());
    }, { maxMessages: 3 });
    const all = [put(['a']), put(['b', 'b2']), put(['c', 'c2']), put(['d']), put(['e'])];
    await tick();
    gate.resolve();
    expect(await Promise.all(all)).toEqual([['A'], ['B', 'B2'], ['C', 'C2'], ['D'], ['E']]);
    // a alone (it found no transaction running); then b+b2 (c's two would make 4), then c+c2+d, then e.
    expect(calls).toEqual([['a'], ['b', 'b2'], ['c', 'c2', 'd'], ['e']]);
  });

  it('when a shared transaction fails, tries each call alone: only the one that fails alone is refused', async () => {
    const calls: string[][] = [];
    const gate = deferred<void>();
    const put = groupCommit(async (items: string[]) => {
      calls.push(items);
      if (items[0] === 'a') await gate.promise;
      if (items.includes('bad')) throw new Error('the database refused bad');
      return items.map((i) => i.toUpperCase());
    });
    const a = put(['a']);
    await tick();
    const b = put(['b']);
    const bad = put(['bad']).then(() => 'stored', (e: Error) => e.message);
    const c = put(['c']);
    gate.resolve();
    expect(await Promise.all([a, b, bad, c])).toEqual([['A'], ['B'], 'the database refused bad', ['C']]);
    expect(calls).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
  });

  it('rejects a lone call whose transaction fails (the listener answers 451)', async () => {
    const put = groupCommit(async (_items: string[]): Promise<string[]> => {
      throw new Error('database down');
    });
    await expect(put(['a'])).rejects.toThrow('database down');
    // And the next call is not stuck behind it.
    const ok = groupCommit(async (items: string[]) => items);
    expect(await ok(['x'])).toEqual(['x']);
  });
});

const PREFIX = mailPrefix(import.meta.url);
const GAME = `${PREFIX}-g1`;
const GAME_ADDRESS = `${GAME}@judge.example.org`;
const JUDGE = 'judge@judge.example.org';

describe('the SMTP listener with group commit, ten client connections, the real database', () => {
  let t: TestDatabase;
  let listener: SmtpListener;
  let observer: pg.Pool;
  const transactions: number[] = [];

  beforeAll(async () => {
    t = await createTestDatabase();
    await migrateQueue(t.url);
    await gameWithPlayers(t.db, GAME);
    observer = new pg.Pool({ connectionString: t.url, max: 4 });
    listener = await startSmtpListener({
      port: 0,
      accepts: async (address) => (address === GAME_ADDRESS ? 'game' : undefined),
      handleAll: groupCommit((msgs: IncomingMessage[]) => {
        transactions.push(msgs.length);
        return storeMessages(t.db, JUDGE, msgs);
      }),
      logger: SILENT_LOGGER,
    });
  });
  afterAll(async () => {
    await listener.stop();
    await observer.end();
    await t.close();
  });

  it('stores every message once with its decision job in its game queue, in fewer transactions than messages, each 250 after its commit', async () => {
    const CLIENTS = 10;
    const PER_CLIENT = 4;
    /** Whether a message's row (and its job) was visible to another session when its 250 arrived. */
    const visibleAt250: boolean[] = [];
    const raw = (k: number, i: number) =>
      [`Message-ID: <${PREFIX}-gc-${k}-${i}@example.org>`, `From: ${GAME}-france@example.org`, `To: ${GAME_ADDRESS}`, 'Subject: S1901M orders', '', 'A PAR - BUR', ''].join('\r\n');
    await Promise.all(Array.from({ length: CLIENTS }, async (_, k) => {
      const transport = nodemailer.createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true, pool: true, maxConnections: 1 });
      try {
        for (let i = 0; i < PER_CLIENT; i++) {
          const info = await transport.sendMail({ envelope: { from: `${GAME}-france@example.org`, to: [GAME_ADDRESS] }, raw: raw(k, i) });
          expect(info.response).toMatch(/^250 /);
          const r = await observer.query(
            `SELECT count(*)::int AS n FROM inbound_messages m JOIN graphile_worker.jobs j ON j.key = 'decide:' || m.id
              WHERE m.message_id = $1 AND j.queue_name = $2`,
            [`<${PREFIX}-gc-${k}-${i}@example.org>`, `game:${GAME}`],
          );
          visibleAt250.push(r.rows[0].n === 1);
        }
      } finally {
        transport.close();
      }
    }));
    expect(visibleAt250).toHaveLength(CLIENTS * PER_CLIENT);
    expect(visibleAt250.every(Boolean)).toBe(true);
    const stored = await observer.query(`SELECT count(*)::int AS n, count(DISTINCT message_id)::int AS ids FROM inbound_messages WHERE message_id LIKE $1`, [`<${PREFIX}-gc-%`]);
    expect(stored.rows[0]).toEqual({ n: CLIENTS * PER_CLIENT, ids: CLIENTS * PER_CLIENT });
    // Every message went through a transaction exactly once; ten connections shared some of them.
    expect(transactions.reduce((a, b) => a + b, 0)).toBe(CLIENTS * PER_CLIENT);
    expect(transactions.length).toBeLessThan(CLIENTS * PER_CLIENT);
    expect(Math.max(...transactions)).toBeGreaterThan(1);
  });
});
