/**
 * Issue 25 (5): the SMTP listener protects itself. 1,000 clients connect from four addresses, go
 * into DATA and trickle one byte every 2 s (so the idle timer never fires); the per-address cap
 * holds them to 20 each (80 in all, under the total cap of 100), the rest are answered 421 at once;
 * honest senders (nodemailer from another address) are served in under a second meanwhile, their
 * messages stored by the real intake; the session time limit (10 s here, 120 s by default) closes
 * every trickler with 421, and nothing of their cut-off messages is stored. A message over the line
 * limit or the header limit is refused with 552.
 *
 * The listener's limits are the defaults (src/config/config.ts) except the session time, shortened
 * so the test does not wait two minutes.
 */
import { connect, type Socket } from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SMTP_LISTEN_LIMITS } from '../../src/config/config.js';
import { SILENT_LOGGER } from '../../src/mail/sources/source-logger.js';
import { startSmtpListener, type SmtpListener } from '../../src/mail/sources/smtp-listener.js';
import { receiveMessage } from '../../src/service/intake/receive-message.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { mailPrefix } from '../helpers/mail-servers.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const PREFIX = mailPrefix(import.meta.url);
const GAME = `${PREFIX}-g`;
const GAME_ADDRESS = `${GAME}@judge.example.org`;
const SESSION_SECONDS = 10;
const TRICKLERS = 1000;
const ATTACKER_ADDRESSES = ['127.0.1.1', '127.0.1.2', '127.0.1.3', '127.0.1.4'];

let t: TestDatabase;
let listener: SmtpListener;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  await gameWithPlayers(t.db, GAME);
  listener = await startSmtpListener({
    port: 0,
    accepts: async (address) => (address === GAME_ADDRESS ? 'game' : undefined),
    handle: (m) => receiveMessage(t.db, { fromAddress: 'judge@judge.example.org' }, m),
    logger: SILENT_LOGGER,
    limits: { sessionSeconds: SESSION_SECONDS },
  });
});
afterAll(async () => {
  await listener?.stop();
  await t?.close();
});

/** One trickling client: what happened to it, in ms since it connected. */
interface Trickler {
  readonly socket: Socket;
  readonly connectedAt: number;
  firstReply?: string;
  inDataAt?: number;
  lastReply?: string;
  closedAt?: number;
  bytesTrickled: number;
}

/** Connect from `localAddress`, walk to DATA, then send one byte every 2 s until the server closes. */
function trickle(localAddress: string): Promise<Trickler> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: listener.port, localAddress });
    const c: Trickler = { socket, connectedAt: Date.now(), bytesTrickled: 0 };
    let buffer = '';
    let step = 0;
    let timer: NodeJS.Timeout | undefined;
    const script = ['EHLO trickler.example.net', `MAIL FROM:<slow@example.net>`, `RCPT TO:<${GAME_ADDRESS}>`, 'DATA'];
    socket.on('data', (d: Buffer) => {
      buffer += d.toString('latin1');
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).trimEnd();
        buffer = buffer.slice(nl + 1);
        c.firstReply ??= line;
        c.lastReply = line;
        if (/^\d{3}-/.test(line)) continue; // a multi-line reply goes on
        if (/^[45]/.test(line)) continue; // refused: the server closes
        if (line.startsWith('354')) {
          c.inDataAt = Date.now();
          resolve(c);
          timer = setInterval(() => {
            if (!socket.destroyed) {
              socket.write('x');
              c.bytesTrickled++;
            }
          }, 2_000);
          continue;
        }
        if (step < script.length) socket.write(`${script[step++]}\r\n`);
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      c.closedAt = Date.now();
      resolve(c);
    });
  });
}

async function sendHonest(n: number): Promise<{ ms: number; response: string }> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true });
  const raw = [`Message-ID: <${PREFIX}-honest-${n}@example.org>`, `From: ${GAME}-france@example.org`, `To: ${GAME_ADDRESS}`, 'Subject: S1901M orders', '', 'A PAR - BUR', ''].join('\r\n');
  const t0 = performance.now();
  try {
    const info = await transport.sendMail({ envelope: { from: `${GAME}-france@example.org`, to: [GAME_ADDRESS] }, raw });
    return { ms: performance.now() - t0, response: info.response };
  } finally {
    transport.close();
  }
}

describe('the SMTP listener under 1,000 trickling connections', () => {
  it('caps them per address and in total, serves honest senders in under a second, and closes the tricklers at the session limit', { timeout: 60_000 }, async () => {
    const { maxConnectionsPerIp, maxConnections } = DEFAULT_SMTP_LISTEN_LIMITS;
    expect(maxConnectionsPerIp * ATTACKER_ADDRESSES.length).toBeLessThan(maxConnections); // 20 × 4 = 80 < 100
    const started = Date.now();
    const clients: Promise<Trickler>[] = [];
    for (let i = 0; i < TRICKLERS; i++) {
      clients.push(trickle(ATTACKER_ADDRESSES[i % ATTACKER_ADDRESSES.length]!));
      if (i % 100 === 99) await new Promise((r) => setTimeout(r, 20));
    }
    // Every client has either reached DATA or been refused and closed.
    const settled = await Promise.all(clients);
    const held = settled.filter((c) => c.inDataAt !== undefined);
    const refused = settled.filter((c) => c.inDataAt === undefined);
    // 20 per address × 4 addresses (the per-address cap), the other 920 answered 421 at once: most by
    // the per-address cap, some by the total cap (refused connections count until they are closed).
    expect(held).toHaveLength(maxConnectionsPerIp * ATTACKER_ADDRESSES.length);
    expect(refused).toHaveLength(TRICKLERS - 80);
    const byAddress = refused.filter((c) => /^421 4\.7\.0 too many connections from 127\.0\.1\.\d \(at most 20\)/.test(c.firstReply ?? ''));
    const byTotal = refused.filter((c) => /^421 .*Too many connected clients/.test(c.firstReply ?? ''));
    expect(byAddress.length + byTotal.length).toBe(refused.length);
    for (const c of refused) expect(c.closedAt! - c.connectedAt).toBeLessThan(3_000);
    const allSettledMs = Date.now() - started;

    // Honest senders while the 80 trickle: each served (250, stored) in under a second.
    await new Promise((r) => setTimeout(r, 2_100)); // at least one trickled byte each
    const openBefore = held.filter((c) => c.closedAt === undefined).length;
    const honest: { ms: number; response: string }[] = [];
    for (let n = 1; n <= 5; n++) honest.push(await sendHonest(n));
    expect(openBefore).toBe(80); // all still trickling while the honest senders are served
    for (const h of honest) {
      expect(h.response).toMatch(/^250 /);
      expect(h.ms).toBeLessThan(1_000);
    }
    const early = held.filter((c) => c.closedAt !== undefined && c.closedAt - c.connectedAt < SESSION_SECONDS * 1000);
    expect(early.map((c) => `${c.lastReply} after ${c.closedAt! - c.connectedAt} ms`)).toEqual([]); // none closed before the limit
    expect(held.every((c) => c.bytesTrickled >= 1)).toBe(true);

    // The session time limit closes every trickler: 421, within a second after SESSION_SECONDS.
    const deadline = Date.now() + (SESSION_SECONDS + 5) * 1000;
    while (held.some((c) => c.closedAt === undefined) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const lifetimes = held.map((c) => (c.closedAt ?? Infinity) - c.connectedAt);
    for (const c of held) expect(c.lastReply).toMatch(/^421 4\.4\.2 session time limit of 10 s reached/);
    expect(Math.max(...lifetimes)).toBeLessThan(SESSION_SECONDS * 1000 + 1_500);
    expect(Math.min(...lifetimes)).toBeGreaterThanOrEqual(SESSION_SECONDS * 1000 - 50);

    // Stored: the five honest messages, nothing of the tricklers' cut-off ones.
    const stored = await t.db.selectFrom('inbound_messages').select('message_id').where('mailbox', '=', 'smtp:game').execute();
    expect(stored.map((r) => r.message_id).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `<${PREFIX}-honest-${n}@example.org>`));

    // After the limit, the attackers' addresses may connect again (the per-address counts were released).
    const again = await trickle(ATTACKER_ADDRESSES[0]!);
    expect(again.inDataAt).toBeDefined();
    again.socket.destroy();

    console.log(
      `smtp-listener-limits: ${TRICKLERS} trickling connections from ${ATTACKER_ADDRESSES.length} addresses: ${held.length} held (cap ${maxConnectionsPerIp} per address, ${maxConnections} in all), ` +
        `${refused.length} answered 421 at once (${byAddress.length} by the per-address cap, ${byTotal.length} by the total cap; all settled in ${allSettledMs} ms); honest senders served in ${honest.map((h) => Math.round(h.ms)).join(', ')} ms; ` +
        `tricklers closed by the ${SESSION_SECONDS} s session limit after ${(Math.min(...lifetimes) / 1000).toFixed(1)}–${(Math.max(...lifetimes) / 1000).toFixed(1)} s`,
    );
  });
});

describe('message limits', () => {
  const send = (raw: string) => {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: listener.port, secure: false, ignoreTLS: true });
    return transport.sendMail({ envelope: { from: `${GAME}-france@example.org`, to: [GAME_ADDRESS] }, raw }).finally(() => transport.close());
  };
  const refusal = (raw: string) => send(raw).then(() => ({ responseCode: 250, response: 'accepted' }), (e: { responseCode: number; response: string }) => e);
  const head = (id: string) => [`Message-ID: <${PREFIX}-${id}@example.org>`, `From: ${GAME}-france@example.org`, `To: ${GAME_ADDRESS}`, 'Subject: orders'];

  it('takes a message of exactly maxLines lines and refuses one more line with 552', async () => {
    const { maxLines } = DEFAULT_SMTP_LISTEN_LIMITS;
    // Header (4 lines) + the empty line + body lines; every line ends with CRLF: maxLines lines in all.
    const body = (n: number) => Array.from({ length: n }, () => 'A PAR H').join('\r\n') + '\r\n';
    const atCap = [...head('lines-cap'), ''].join('\r\n') + '\r\n' + body(maxLines - 5);
    expect(atCap.split('\r\n').length - 1).toBe(maxLines);
    expect((await send(atCap)).response).toMatch(/^250 /);
    const over = [...head('lines-over'), ''].join('\r\n') + '\r\n' + body(maxLines - 4);
    const e = await refusal(over);
    expect(e.responseCode).toBe(552);
    expect(e.response).toMatch(/more than 50000 lines/);
  });

  it('refuses a header section over maxHeaderBytes with 552, and stores nothing of it', async () => {
    const { maxHeaderBytes } = DEFAULT_SMTP_LISTEN_LIMITS;
    // Lines of 100 bytes with their CRLF: one more than fit in the limit.
    const filler = Array.from({ length: Math.ceil(maxHeaderBytes / 100) + 1 }, (_, i) => `X-Filler-${String(i).padStart(4, '0')}: ${'y'.repeat(84)}`);
    const raw = [...head('header-over'), ...filler, '', 'A PAR H', ''].join('\r\n');
    expect(raw.indexOf('\r\n\r\n')).toBeGreaterThan(maxHeaderBytes);
    const e = await refusal(raw);
    expect(e.responseCode).toBe(552);
    expect(e.response).toMatch(/header is larger than 65536 bytes/);
    const stored = await t.db.selectFrom('inbound_messages').select('id').where('message_id', 'in', [`<${PREFIX}-header-over@example.org>`, `<${PREFIX}-lines-over@example.org>`]).execute();
    expect(stored).toEqual([]);
  });
});
