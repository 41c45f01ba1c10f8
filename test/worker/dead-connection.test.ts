/**
 * A pooled connection whose server process is gone, used before the client has read that it is
 * (issue 29, stop 46): the race a restart of PostgreSQL makes in the middle of a burst of mail, made
 * certain. The pool's only connection is idle; another process terminates its backend and waits
 * until it has exited, while this process's event loop is blocked, so the client has not read the
 * server's goodbye (57P01) when the next decision's first statement is written to it.
 *
 * Through the unix socket that write fails at once with `write EPIPE` (the peer's socket is closed);
 * over TCP the write is accepted and the client then reads 57P01. Both are the database lost, so the
 * decision must fail temporarily (the job, the pipe or the listener tries again) and leave the
 * message undecided, to be decided on the next attempt. Before stop 46 the classifier read `EPIPE`
 * (five capitals) as a SQLSTATE, found it permanent, and the message was quarantined: a player's
 * orders lost to a restart, through the socket only.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/database.js';
import { startEmbeddedPostgres, type EmbeddedServer } from '../../src/db/embedded.js';
import { findDecision } from '../../src/db/inbound-decisions.js';
import { insertInboundMessage } from '../../src/db/inbound-messages.js';
import { migrate } from '../../src/db/migrate.js';
import type { Db } from '../../src/db/schema.js';
import { isTransientFailure } from '../../src/db/transient-error.js';
import { decideStored, receiveMessage } from '../../src/service/intake/receive-message.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { freePort } from '../helpers/free-port.js';
import { ROOT } from '../helpers/cli.js';

const GAME = 'dead-conn';
const JUDGE = 'judge@judge.example.org';
const resolver = async () => {
  throw Object.assign(new Error('no such name'), { code: 'ENOTFOUND' });
};
const ctx = { fromAddress: JUDGE, auth: { resolver } };
let stateDir: string;
let server: EmbeddedServer;
const urls: Record<'socket' | 'tcp', string> = { socket: '', tcp: '' };

beforeAll(async () => {
  stateDir = mkdtempSync(join(tmpdir(), 'mj-dead-conn-'));
  const port = await freePort();
  server = await startEmbeddedPostgres(stateDir, { port, durability: 'fast' });
  urls.socket = server.url;
  // The same running server, reused, through 127.0.0.1.
  urls.tcp = (await startEmbeddedPostgres(stateDir, { port, durability: 'fast', transport: 'tcp' })).url;
  const db = createDb(server.url, { maxConnections: 1 });
  await migrate(db);
  await migrateQueue(server.url);
  await gameWithPlayers(db, GAME);
  await sql`UPDATE games SET identity = 'address' WHERE id = ${GAME}`.execute(db);
  await db.destroy();
}, 60_000);
afterAll(async () => {
  await server?.stop();
  rmSync(stateDir, { recursive: true, force: true });
});

/** The backend process of `db`'s one connection (the pool has at most one). */
async function backendPid(db: Db): Promise<number> {
  return (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db)).rows[0]!.pid;
}

/**
 * Terminate backend `pid` from another process and wait until it has exited, blocking this
 * process's event loop the whole time (spawnSync), so that the client whose connection it served has
 * not seen it go when this process writes to it next (before its event loop turns again).
 */
function terminateNow(pid: number, url: string): void {
  const script = `const pg = require('pg'); const c = new pg.Client(${JSON.stringify(url)});
c.connect().then(() => c.query('SELECT pg_terminate_backend($1, 10000) AS gone', [${pid}])).then((r) => { process.stdout.write(String(r.rows[0].gone)); return c.end(); }, (e) => { process.stderr.write(e.message); process.exit(1); });`;
  const r = spawnSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
  expect(r.stderr).toBe('');
  expect(r.stdout).toBe('true'); // pg_terminate_backend with a timeout: true once the backend has exited
}

const message = async (i: number, transport: string) =>
  new MailComposer({
    from: `${GAME}-france@example.org`, to: `${GAME}@judge.example.org`, subject: `orders ${transport} ${i}`,
    text: 'HOLD ALL', messageId: `<${GAME}-${transport}-${i}@example.org>`,
  }).compile().build();

describe.each(['socket', 'tcp'] as const)('a connection the server closed, written to (%s)', (transport) => {
  it('the URL goes the way asked', () => {
    if (transport === 'socket') expect(urls.socket).toMatch(/^postgres:\/\/postgres:[^@]+@localhost:\d+\/mailjudge\?host=%2F.*pgdata$/);
    else expect(urls.tcp).toMatch(/^postgres:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/mailjudge$/);
  });

  it('a decision that meets it midway fails temporarily and leaves the message to the next attempt, not quarantined', async () => {
    const db = createDb(urls[transport], { maxConnections: 1 });
    try {
      const raw = await message(1, transport);
      const receivedAt = new Date(Date.now() - 60_000);
      const { id } = await insertInboundMessage(db, { raw, receivedAt, source: 'pipe', mailbox: 'pipe' });
      const stored = { inboundId: id, raw, receivedAt, source: 'pipe' as const, mailbox: 'pipe', messageId: undefined };
      const pid = await backendPid(db);
      // The decision has read the sender and the game; while it checks the From's DNS (the test's
      // resolver, no I/O), the connection's backend goes, and its next statement (the order set's) meets it.
      let killed = false;
      const killing = { fromAddress: JUDGE, auth: { resolver: async () => {
        if (!killed) {
          killed = true;
          terminateNow(pid, urls[transport]);
        }
        throw Object.assign(new Error('no such name'), { code: 'ENOTFOUND' });
      } } };
      // As the decide-message job calls it (decideQueued: the message just read undecided).
      const failed = await decideStored(db, killing, stored, { undecided: true }).then(
        (outcome) => ({ outcome }),
        (error: unknown) => ({ error }),
      );
      expect(killed).toBe(true);
      expect(failed).not.toHaveProperty('outcome'); // before stop 46, through the socket: { kind: 'quarantined' }, the orders lost
      const error = (failed as { error: { code?: string; message: string } }).error;
      // The socket's answer is EPIPE (the case this file is for); TCP's, the server's 57P01 or a reset.
      if (transport === 'socket') expect(error.code).toBe('EPIPE');
      expect(isTransientFailure(error)).toBe(true);
      expect(await findDecision(db, id)).toBeUndefined();

      // The next attempt (the job's retry) decides it.
      const outcome = await decideStored(db, ctx, stored, { undecided: true });
      expect(outcome.kind).toBe('orders');
    } finally {
      await db.destroy();
    }
  });

  it('a receipt whose store meets it fails temporarily (the sender retries) and the retry stores and decides it once', async () => {
    const db = createDb(urls[transport], { maxConnections: 1 });
    try {
      const raw = await message(2, transport);
      const msg = { raw, receivedAt: new Date(Date.now() - 30_000), source: 'pipe' as const, mailbox: 'pipe' };
      terminateNow(await backendPid(db), urls[transport]); // the pool's one connection, idle
      const error = await receiveMessage(db, ctx, msg).then(() => undefined, (e: unknown) => e as { code?: string });
      expect(error).toBeDefined();
      if (transport === 'socket') expect(error!.code).toBe('EPIPE');
      expect(isTransientFailure(error)).toBe(true);
      const again = await receiveMessage(db, ctx, msg);
      expect(again.kind).toBe('orders');
      const n = await sql<{ n: number }>`SELECT count(*)::int AS n FROM inbound_messages m JOIN inbound_decisions d ON d.inbound_message_id = m.id WHERE m.raw = ${raw}`.execute(db);
      expect(n.rows[0]!.n).toBe(1);
    } finally {
      await db.destroy();
    }
  });
});
