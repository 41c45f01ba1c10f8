/**
 * The IMAP source against the run's real Dovecot (mail delivered through the real Postfix, or
 * APPENDed) and this file's PostgreSQL: every message stored exactly once with its INTERNALDATE,
 * across restarts, dropped connections, handler failures and a UIDVALIDITY change; processed
 * messages flagged \Seen or moved. Syncs are forced with `syncNow()`; only the IDLE test waits
 * for a notification.
 */
import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMailboxCheckpoint } from '../../src/db/mailbox-checkpoints.js';
import { receiveMessage, type IncomingMessage } from '../../src/service/intake/receive-message.js';
import { startImapSource, type ImapSource, type ImapSourceOptions } from '../../src/mail/sources/imap-source.js';
import { SILENT_LOGGER } from '../../src/mail/sources/source-logger.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { kickImapUser, mailPrefix, mailServers, MAIL_PASSWORD, readMailbox, sendViaPostfix, testAddress, waitForMessages, withImap } from '../helpers/mail-servers.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const PREFIX = mailPrefix(import.meta.url);
const CTX = { fromAddress: 'judge@judge.example.org' };
let t: TestDatabase;
const running: ImapSource[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url); // receiveMessage queues its answers
});
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()));
  await t.close();
});

/** Silent; `IMAP_SOURCE_DEBUG=1` shows what the sources log (reconnects, failed flags). */
const LOGGER = process.env.IMAP_SOURCE_DEBUG ? { info: (m: string) => console.log(`info: ${m}`), warn: (m: string) => console.log(`warn: ${m}`) } : SILENT_LOGGER;

const nameOf = (user: string, mailbox = 'INBOX') => `imap://${user}@127.0.0.1/${mailbox}`;

/** A source on `user`'s mailbox that polls only when told to (no IDLE, hourly timer). */
function source(user: string, options: Partial<ImapSourceOptions> = {}): ImapSource {
  const { host, imapPort } = mailServers();
  const s = startImapSource(t.db, {
    name: nameOf(user, options.mailbox),
    connection: { host, port: imapPort, secure: false, user, password: MAIL_PASSWORD },
    role: 'game',
    idle: false,
    pollIntervalMs: 3_600_000,
    retryDelayMs: 20,
    logger: LOGGER,
    handle: (m) => receiveMessage(t.db, CTX, m),
    ...options,
  });
  running.push(s);
  return s;
}

async function stopSource(s: ImapSource): Promise<void> {
  await s.stop();
  running.splice(running.indexOf(s), 1);
}

function rows(name: string) {
  return t.db.selectFrom('inbound_messages').select(['id', 'uidvalidity', 'uid', 'received_at', 'sha256', 'source', 'raw']).where('mailbox', '=', name).orderBy('id').execute();
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function sendMany(from: string, to: string, n: number, tag: string): Promise<void> {
  for (let i = 1; i <= n; i++) await sendViaPostfix({ from, to, subject: `${tag} ${i}`, text: `message ${i}\n` });
  await waitForMessages(to, n);
}

const message = (subject: string, to: string) =>
  Buffer.from(`From: someone@example.org\r\nTo: ${to}\r\nSubject: ${subject}\r\nMessage-ID: <${subject.replace(/\W+/g, '-')}@example.org>\r\n\r\nbody of ${subject}\r\n`);

describe('startImapSource', () => {
  it('stores each message once, with INTERNALDATE as the receipt time, then flags it \\Seen', async () => {
    const gameId = `${PREFIX}-g1`;
    await gameWithPlayers(t.db, gameId);
    const gameAddress = `${gameId}@judge.example.org`;
    for (const power of ['france', 'england', 'italy']) {
      await sendViaPostfix({ from: `${gameId}-${power}@example.org`, to: gameAddress, subject: 'S1901M orders', text: 'A PAR H\nA MAR H\nF BRE H\n' });
    }
    await waitForMessages(gameAddress, 3);

    const s = source(gameAddress);
    expect(await s.syncNow()).toEqual({ fetched: 3, stored: 3 }); // (joins the start-up sync, not begun yet)
    const stored = await rows(nameOf(gameAddress));
    const inMailbox = await readMailbox(gameAddress);
    expect(stored).toHaveLength(3);
    expect(stored.map((r) => r.uid)).toEqual(inMailbox.map((m) => m.uid));
    for (const [i, r] of stored.entries()) {
      expect(r).toMatchObject({ source: 'imap', received_at: inMailbox[i]!.internalDate });
      expect(r.raw.equals(inMailbox[i]!.raw)).toBe(true);
      expect(inMailbox[i]!.flags.has('\\Seen')).toBe(true);
    }
    expect(await findMailboxCheckpoint(t.db, nameOf(gameAddress))).toMatchObject({ lastUid: 3, uidvalidity: stored[0]!.uidvalidity });
    // The pipeline ran on each (an answer, a refusal, whatever the rules said), none a duplicate.
    const audited = await t.db.selectFrom('audit_log').select('detail').where('actor', '=', 'ingest').execute();
    const inboundIds = new Set(audited.map((a) => (a.detail as { inboundId?: number }).inboundId));
    for (const r of stored) expect(inboundIds.has(r.id)).toBe(true);

    // A restart: a new source on the same mailbox fetches nothing again, then only what is new.
    await stopSource(s);
    const again = source(gameAddress);
    expect(await again.syncNow()).toEqual({ fetched: 0, stored: 0 });
    await sendViaPostfix({ from: `${gameId}-germany@example.org`, to: gameAddress, subject: 'S1901M orders', text: 'A BER H\n' });
    await waitForMessages(gameAddress, 4);
    expect(await again.syncNow()).toEqual({ fetched: 1, stored: 1 });
    expect(await rows(nameOf(gameAddress))).toHaveLength(4);
    await stopSource(again);
  });

  it('loses and duplicates nothing when the connection drops in the middle of a batch', async () => {
    const user = testAddress(PREFIX, 'kick');
    await sendMany(testAddress(PREFIX, 'sender'), user, 6, 'kick');
    const seen: number[] = [];
    let kicked = false;
    const s = source(user, {
      handle: async (m: IncomingMessage) => {
        const outcome = await receiveMessage(t.db, CTX, m);
        seen.push(Number(m.uid));
        if (seen.length === 3 && !kicked) {
          kicked = true;
          kickImapUser(user); // the server drops the session before the checkpoint and the flag
        }
        return outcome;
      },
    });
    await until('all six stored', async () => (await rows(nameOf(user))).length >= 6);
    expect(await s.syncNow()).toEqual({ fetched: 0, stored: 0 });
    const stored = await rows(nameOf(user));
    expect(stored.map((r) => r.uid)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(kicked).toBe(true);
    // Every message was handed over at least once; a refetch after the drop was a duplicate, not a row.
    expect(new Set(seen)).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect((await readMailbox(user)).every((m) => m.flags.has('\\Seen'))).toBe(true);
    await stopSource(s);
  });

  it('stops the batch when the handler fails and resumes from the failed message', async () => {
    const user = testAddress(PREFIX, 'fail');
    await sendMany(testAddress(PREFIX, 'sender'), user, 4, 'fail');
    let failing = true;
    const calls: number[] = [];
    const s = source(user, {
      retryDelayMs: 3_600_000, // no automatic retry: this test drives the syncs
      handle: async (m: IncomingMessage) => {
        calls.push(Number(m.uid));
        if (failing && Number(m.uid) === 3) throw new Error('database down');
        return receiveMessage(t.db, CTX, m);
      },
    });
    await expect(s.syncNow()).rejects.toThrow('database down'); // (the start-up sync failed the same way)
    expect((await rows(nameOf(user))).map((r) => r.uid)).toEqual([1, 2]);
    expect(await findMailboxCheckpoint(t.db, nameOf(user))).toMatchObject({ lastUid: 2 });
    const flags = (await readMailbox(user)).map((m) => m.flags.has('\\Seen'));
    expect(flags).toEqual([true, true, false, false]);

    failing = false;
    expect(await s.syncNow()).toEqual({ fetched: 2, stored: 2 });
    expect((await rows(nameOf(user))).map((r) => r.uid)).toEqual([1, 2, 3, 4]);
    expect(calls.filter((u) => u === 1)).toHaveLength(1); // stored messages are never fetched again
    expect((await readMailbox(user)).every((m) => m.flags.has('\\Seen'))).toBe(true);
    await stopSource(s);
  });

  it('a failure after the raw row is stored but before the checkpoint refetches a duplicate, not a second row', async () => {
    const user = testAddress(PREFIX, 'crash');
    await sendMany(testAddress(PREFIX, 'sender'), user, 3, 'crash');
    let crashed = false;
    const s = source(user, {
      retryDelayMs: 3_600_000,
      handle: async (m: IncomingMessage) => {
        const outcome = await receiveMessage(t.db, CTX, m);
        if (Number(m.uid) === 2 && !crashed) {
          crashed = true;
          throw new Error('crash after store');
        }
        return outcome;
      },
    });
    await expect(s.syncNow()).rejects.toThrow('crash after store');
    expect(await findMailboxCheckpoint(t.db, nameOf(user))).toMatchObject({ lastUid: 1 });
    expect(await s.syncNow()).toEqual({ fetched: 2, stored: 1 }); // UID 2 again (a duplicate), then UID 3
    expect((await rows(nameOf(user))).map((r) => r.uid)).toEqual([1, 2, 3]);
    await stopSource(s);
  });

  it('after a UIDVALIDITY change stores no second copy and still picks up new messages', async () => {
    const user = testAddress(PREFIX, 'renumber');
    const folder = 'Judge';
    const a = message('renumber a', user);
    const b = message('renumber b', user);
    const c = message('renumber c', user);
    const first = await withImap(user, async (client: ImapFlow) => {
      await client.mailboxCreate(folder);
      await client.append(folder, a, [], new Date('2025-03-04T20:14:11Z'));
      const r = await client.append(folder, b, [], new Date('2025-03-04T20:15:00Z'));
      return r ? r.uidValidity : undefined;
    });
    const s = source(user, { mailbox: folder });
    expect(await s.syncNow()).toEqual({ fetched: 2, stored: 2 });
    const before = await rows(nameOf(user, folder));
    expect(before.map((r) => [r.uid, r.received_at.toISOString()])).toEqual([
      [1, '2025-03-04T20:14:11.000Z'],
      [2, '2025-03-04T20:15:00.000Z'],
    ]);
    await stopSource(s);

    // The mailbox is recreated: the same two messages come back under a new UIDVALIDITY, plus one new.
    const second = await withImap(user, async (client: ImapFlow) => {
      await client.mailboxDelete(folder);
      await client.mailboxCreate(folder);
      await client.append(folder, a, [], new Date('2025-03-04T20:14:11Z'));
      await client.append(folder, b, [], new Date('2025-03-04T20:15:00Z'));
      const r = await client.append(folder, c, [], new Date('2025-03-04T20:16:00Z'));
      return r ? r.uidValidity : undefined;
    });
    expect(second).toBeDefined();
    expect(second).not.toBe(first);

    const restarted = source(user, { mailbox: folder });
    expect(await restarted.syncNow()).toEqual({ fetched: 3, stored: 1 });
    const after = await rows(nameOf(user, folder));
    expect(after).toHaveLength(3);
    expect(after[2]).toMatchObject({ uid: 3, uidvalidity: Number(second), received_at: new Date('2025-03-04T20:16:00Z') });
    expect(after[2]!.raw.equals(c)).toBe(true);
    expect(await findMailboxCheckpoint(t.db, nameOf(user, folder))).toMatchObject({ uidvalidity: Number(second), lastUid: 3 });
    expect((await readMailbox(user, folder)).every((m) => m.flags.has('\\Seen'))).toBe(true);
    // Nothing more on the next sync, nor after another restart.
    expect(await restarted.syncNow()).toEqual({ fetched: 0, stored: 0 });
    await stopSource(restarted);
  });

  it('with after: move:<folder>, moves stored messages out of the mailbox', async () => {
    const user = testAddress(PREFIX, 'move');
    await sendMany(testAddress(PREFIX, 'sender'), user, 2, 'move');
    const s = source(user, { after: 'move:Processed' });
    expect(await s.syncNow()).toEqual({ fetched: 2, stored: 2 });
    expect(await rows(nameOf(user))).toHaveLength(2);
    expect(await readMailbox(user)).toHaveLength(0);
    expect((await readMailbox(user, 'Processed')).map((m) => m.parsed.subject).sort()).toEqual(['move 1', 'move 2']);
    expect(await s.syncNow()).toEqual({ fetched: 0, stored: 0 });
    await stopSource(s);
  });

  it('with IDLE, picks up a new message without being asked', async () => {
    const user = testAddress(PREFIX, 'idle');
    const s = source(user, { idle: true, idleDelayMs: 20 });
    await s.syncNow(); // connected, mailbox selected, nothing there yet
    const t0 = performance.now();
    await sendViaPostfix({ from: testAddress(PREFIX, 'sender'), to: user, subject: 'idle', text: 'hello\n' });
    await until('the IDLE-triggered sync', async () => (await rows(nameOf(user))).length === 1, 5_000);
    const latency = performance.now() - t0;
    expect(latency).toBeLessThan(5_000);
    await stopSource(s);
  });
});
