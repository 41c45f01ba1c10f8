/**
 * PostgreSQL restarted in the middle of a burst of mail (issue 16, "Faults to keep proving"): the
 * test's own embedded server (not the run's shared one) is stopped after the twelfth message is
 * stored and started again a second later, while four deliveries at a time go on. A delivery that
 * fails is a failure of the environment (connection refused, 57P01): the intake throws, and the
 * sender (an MTA: the pipe's exit 75, the SMTP listener's 451) delivers the same bytes again after a
 * pause, as this test does. Every message is stored once and decided once; every acknowledgement is
 * queued once with one send-mail job, and sent once.
 *
 * Run twice: through the server's unix socket (the embedded server's URL since stop 46) and over
 * 127.0.0.1. Through the socket a statement written to a connection whose backend has gone fails with
 * `write EPIPE`, which the classifier once read as a permanent SQLSTATE: this test lost a delivery to
 * it under load (stop 42; test/worker/dead-connection.test.ts makes that race certain).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/database.js';
import { startEmbeddedPostgres, type EmbeddedServer } from '../../src/db/embedded.js';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/schema.js';
import { isTransientFailure } from '../../src/db/transient-error.js';
import { POWERS } from '../../src/diplomacy/index.js';
import { createTransport } from '../../src/mail/outbound/send.js';
import { receiveMessage } from '../../src/service/intake/receive-message.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { sendMailTask } from '../../src/worker/tasks/send-mail.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { freePort } from '../helpers/free-port.js';

const GAME = 'pg-restart';
const JUDGE = 'judge@judge.example.org';
const N = 40;
const resolver = async () => {
  throw Object.assign(new Error('no such name'), { code: 'ENOTFOUND' });
};

describe.each(['socket', 'tcp'] as const)('PostgreSQL restarted mid-burst (%s)', (transport) => {
  let stateDir: string;
  let port: number;
  let server: EmbeddedServer;
  let db: Db;

  beforeAll(async () => {
    stateDir = mkdtempSync(join(tmpdir(), 'mj-pg-restart-'));
    port = await freePort();
    server = await startEmbeddedPostgres(stateDir, { port, durability: 'fast', transport });
    expect(server.url.includes('?host=')).toBe(transport === 'socket');
    db = createDb(server.url, { maxConnections: 6 });
    await migrate(db);
    await migrateQueue(server.url);
    await gameWithPlayers(db, GAME);
    await sql`UPDATE games SET identity = 'address' WHERE id = ${GAME}`.execute(db);
  }, 60_000);
  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
    rmSync(stateDir, { recursive: true, force: true });
  });

  it('stores and decides every message once, queues and sends every mail once', { timeout: 60_000 }, async () => {
    const raws: Buffer[] = [];
    for (let i = 0; i < N; i++) {
      const power = POWERS[i % 7]!;
      raws.push(await new MailComposer({
        from: `${GAME}-${power.toLowerCase()}@example.org`, to: `${GAME}@judge.example.org`, subject: `orders ${i}`,
        text: 'HOLD ALL', messageId: `<${GAME}-${i}@example.org>`,
      }).compile().build());
    }
    let stored = 0;
    let retried = 0;
    const hard: string[] = [];
    let restart: Promise<void> | undefined;
    const restartNow = async () => {
      await server.stop();
      await new Promise((r) => setTimeout(r, 1_000));
      server = await startEmbeddedPostgres(stateDir, { port, durability: 'fast', transport });
    };
    // The MTA: deliver, and on a temporary failure deliver the same bytes again after a pause.
    const deliver = async (raw: Buffer, i: number) => {
      for (let attempt = 1; ; attempt++) {
        try {
          await receiveMessage(db, { fromAddress: JUDGE, auth: { resolver } }, { raw, receivedAt: new Date(Date.now() - 3_600_000 + i), source: 'pipe', mailbox: 'pipe' });
          if (++stored === 12) restart = restartNow();
          return;
        } catch (e) {
          if (!isTransientFailure(e) || attempt > 60) {
            hard.push(`${i}: ${(e as Error).message}`);
            return;
          }
          retried++;
          await new Promise((r) => setTimeout(r, 250));
        }
      }
    };
    let next = 0;
    await Promise.all([0, 1, 2, 3].map(async () => {
      while (next < N) {
        const i = next++;
        await deliver(raws[i]!, i);
        await new Promise((r) => setTimeout(r, 30)); // a burst, not an instant: the restart lands in it
      }
    }));
    await restart;
    expect(hard).toEqual([]);
    expect(retried).toBeGreaterThan(0); // the restart did land in the burst

    const count = async (q: string) => Number((await sql<{ n: number }>`${sql.raw(q)}`.execute(db)).rows[0]!.n);
    const storedRows = await count('SELECT count(*)::int AS n FROM inbound_messages');
    const distinct = await count('SELECT count(DISTINCT sha256)::int AS n FROM inbound_messages');
    const decided = await count('SELECT count(*)::int AS n FROM inbound_decisions');
    const decidedDistinct = await count('SELECT count(DISTINCT inbound_message_id)::int AS n FROM inbound_decisions');
    const sets = await count(`SELECT count(*)::int AS n FROM order_sets WHERE game_id = '${GAME}'`);
    const mails = await count(`SELECT count(*)::int AS n FROM outbox WHERE game_id = '${GAME}'`);
    const jobs = await count(`SELECT count(*)::int AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'send-mail'`);
    expect([storedRows, distinct, decided, decidedDistinct, sets, mails, jobs]).toEqual([N, N, N, N, N, N, N]);

    // The worker sends them (to .eml files): each once.
    const outboxDir = join(stateDir, 'outbox');
    const mailTransport = createTransport({ from: JUDGE, outboxDir });
    const ids = await db.selectFrom('outbox').select('id').where('game_id', '=', GAME).orderBy('id').execute();
    for (const { id } of ids) await sendMailTask(db, mailTransport, { outboxId: id });
    for (const { id } of ids) await sendMailTask(db, mailTransport, { outboxId: id }); // a job run twice sends nothing twice
    const sent = await count(`SELECT count(*)::int AS n FROM outbox WHERE game_id = '${GAME}' AND status = 'sent'`);
    const failed = await count(`SELECT count(*)::int AS n FROM outbox WHERE game_id = '${GAME}' AND status = 'failed'`);
    console.log(`faults: stored ${distinct}/${N}, decided ${decidedDistinct}/${N}, sent ${sent}, failed ${failed} (${transport}; PostgreSQL stopped after 12 stored and restarted 1 s later; ${retried} deliveries retried)`);
    expect(sent).toBe(N);
    expect(failed).toBe(0);
    expect(readdirSync(outboxDir).filter((f) => f.endsWith('.eml'))).toHaveLength(N);
  });
});
