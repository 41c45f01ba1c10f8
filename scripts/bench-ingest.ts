/**
 * Benchmark of mail intake (the issue's "1,000 messages delivered into Dovecot"): BENCH_MESSAGES
 * (default 1000) DKIM-signed S1901M order sets, one per player of ceil(N/7) games, are sent through
 * a real Postfix, which delivers them by LMTP into the judge's one Dovecot mailbox; the running
 * judge reads it over IMAP (IDLE, the production path) and stores it with its decision job (a FETCH
 * range per transaction, issue 29); its workers parse, authenticate (DKIM, SPF, DMARC through an
 * injected DNS zone) and decide each one, one game's messages in order, and sends each player's acknowledgement
 * back through Postfix into the player's own Dovecot mailbox. Measures the time from the first
 * delivery until every message is stored, decided and acknowledged (messages per second), the
 * median and 99th percentile of delivery → acknowledgement per message, and the peak RSS of this
 * node process (the judge, plus the sending client).
 *
 *   npm run bench:ingest                   BENCH_MESSAGES=20 npm run bench:ingest
 *   BENCH_CONCURRENCY=4       graphile-worker concurrency (default 4, as `mailjudge start`)
 *   BENCH_SEND_CONNECTIONS=4  SMTP connections the sender opens to Postfix (default 4)
 *   BENCH_RATE=20             pace the sending at 20 messages/s (default: as fast as Postfix takes them)
 *   BENCH_POLL_MS=60000       the IMAP source's fallback polling interval (default 60 s, production's)
 *   BENCH_SQL_DETAIL=1        also list the SQL statements sent during the run, per message, with their mean latency
 *   BENCH_POOL=10             the judge's database pool (MAILJUDGE_DB_POOL_SIZE; default the config's)
 *   BENCH_WORKER_PROCESSES=1  also run N judge processes with the worker role only on the same database
 *                             (scripts/bench-ingest-worker.ts; their statements are not counted, their CPU is)
 *   BENCH_VIA=listener        send the same signed sets straight to the judge's SMTP listener (MAILJUDGE_SMTP_LISTEN)
 *                             instead of through Postfix and Dovecot; receipt = the 250 after the store commits
 *   BENCH_CLIENTS=10          with BENCH_VIA=listener: client connections to the listener (default 1), each
 *                             sending its messages one after the other (MAIL, RCPT and DATA pipelined, RFC 2920)
 *   BENCH_RECEIPT_ONLY=1      with BENCH_VIA=listener: print receipt's figures (rate, end of DATA → 250, CPU and receipt
 *                             statements per message until the last 250) and stop, without waiting for the decisions
 *   BENCH_ROLES=ingest,scheduler   the roles of the judge in this process (default all); without worker, the
 *                             BENCH_WORKER_PROCESSES decide, and this process's CPU is receipt's (and the client's)
 *   BENCH_POSTFIX=in_flow_delay=0,lmtp_destination_concurrency_limit=40   extra main.cf parameters of the
 *                             bench's Postfix (whether the delivery into Dovecot is the bench's own limit)
 *   node --cpu-prof dist/scripts/bench-ingest.js   profiles the judge (it runs in this process) and prints
 *                             the profile's window (hrtime µs) from the first send to the last decision
 *
 * Setup (untimed): embedded PostgreSQL (durability 'fast') and a private Dovecot + Postfix
 * (test/helpers/mail-servers-process.ts) in temp dirs; the games are inserted directly, each with the
 * subaddress `judge+<game>@judge.example.org`, all of which Dovecot delivers into user
 * `judge@judge.example.org`'s INBOX, the one mailbox the judge reads; the messages are built and
 * signed up front. The judge starts, syncs the (empty) mailbox, goes idle, then the sending begins.
 *
 * Times: "delivery" is when Dovecot saved the message into the judge's mailbox, read from its
 * Maildir file name (`<sec>.M<usec>P<pid>.<host>`, microseconds; the IMAP INTERNALDATE has whole
 * seconds only); the same for an acknowledgement arriving in a player's mailbox. "Stored" is
 * inbound_messages.stored_at, "decided" the acknowledgement's outbox.created_at (the decision's
 * transaction start: the ack and the decision are written in one transaction), "acknowledged" the
 * ack's outbox.sent_at (accepted by Postfix). Acks are matched to messages by their In-Reply-To.
 */
import { chmodSync, statSync, existsSync, mkdirSync, writeFileSync, mkdtempSync, openSync, readSync, closeSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { connect as netConnect, type Socket } from 'node:net';
import { ImapFlow } from 'imapflow';
import { sql as rawSql } from 'kysely';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { DEMO_ORDERS } from '../src/cli/commands/demo.js';
import { loadConfig } from '../src/config/config.js';
import { openDatabase } from '../src/db/connect.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { POWERS, type Power } from '../src/diplomacy/index.js';
import { authenticateMessage, envelopeFromHeaders } from '../src/mail/inbound/identity.js';
import { parseMessage } from '../src/mail/inbound/parse-message.js';
import { startJudge, type RunningJudge } from '../src/worker/run-judge.js';
import { parseRoles } from '../src/worker/roles.js';
import { TestDomains } from '../test/helpers/dkim.js';
import { freePort } from '../test/helpers/free-port.js';
import { MAIL_PASSWORD } from '../test/helpers/mail-servers-context.js';
import { maildirOf, startMailServers, type RunningMailServers } from '../test/helpers/mail-servers-process.js';
import { benchGames } from './bench-games.js';
import { processStat, treeUsage } from './process-tree.js';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const SEND_CONNECTIONS = Number(process.env.BENCH_SEND_CONNECTIONS ?? 4);
const RATE = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;
const POOL = process.env.BENCH_POOL;
const WORKER_PROCESSES = Number(process.env.BENCH_WORKER_PROCESSES ?? 0);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 60_000);
const SQL_DETAIL = process.env.BENCH_SQL_DETAIL === '1';
const VIA = (process.env.BENCH_VIA ?? 'imap') as 'imap' | 'listener';
if (VIA !== 'imap' && VIA !== 'listener') throw new Error(`BENCH_VIA must be imap or listener, not ${String(VIA)}`);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1);
/** BENCH_RECEIPT_ONLY=1 (with BENCH_VIA=listener): print receipt's figures once the last 250 is in and stop, without waiting for the decisions. */
const RECEIPT_ONLY = process.env.BENCH_RECEIPT_ONLY === '1';
if (RECEIPT_ONLY && VIA !== 'listener') throw new Error('BENCH_RECEIPT_ONLY needs BENCH_VIA=listener');
/** The roles of the judge in this process (`mailjudge start --role`; default all): `ingest,scheduler` with BENCH_WORKER_PROCESSES=1 measures receipt alone here. */
const ROLES_PARSED = parseRoles(process.env.BENCH_ROLES ?? 'all');
if (!ROLES_PARSED.ok) throw new Error(ROLES_PARSED.problem);
const ROLES = ROLES_PARSED.roles;
if (!ROLES.includes('ingest')) throw new Error('BENCH_ROLES must include ingest (this process receives the mail)');
if (!ROLES.includes('worker') && Number(process.env.BENCH_WORKER_PROCESSES ?? 0) < 1) throw new Error('BENCH_ROLES without worker needs BENCH_WORKER_PROCESSES=1 or more');
/** Extra main.cf parameters of the bench's Postfix, `name=value,name=value` (e.g. `in_flow_delay=0`). */
const POSTFIX = Object.fromEntries((process.env.BENCH_POSTFIX ?? '').split(',').filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')).trim(), kv.slice(kv.indexOf('=') + 1).trim()]));
const GAMES = Math.ceil(MESSAGES / POWERS.length);
const JUDGE = 'judge@judge.example.org';
const { gameId, gameAddress, playerOf, insertBenchGame } = benchGames('bench-');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const bare = (id: string | null | undefined) => (id ?? '').trim().replace(/^<|>$/g, '').toLowerCase();

/**
 * Count the SQL statements this process sends (every pool here, the judge's and graphile-worker's,
 * uses this `pg`): each is a round trip, and a socket write costs ~80 µs of CPU in this sandbox.
 */
const statements = { judge: 0, queue: 0, receipt: 0 };
/** Wall time (ms) the statements were in flight, summed (their mean number in flight = this / the run's wall time). */
const waited = { judge: 0, queue: 0 };
const statementTexts = new Map<string, number>();
/** BENCH_SQL_DETAIL: each statement's summed latency (ms), by its first 90 characters. */
const statementWaits = new Map<string, number>();
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
  const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? '');
  // Issue 29: receipt's own statements (store, decision queue, add_jobs, checkpoint; the SMTP
  // listener's RCPT TO lookup of a game's address, start-ingest.ts `accepts`), and the BEGIN and
  // COMMIT of a transaction whose first statement is one of them (tracked per connection).
  const tx = this as pg.Client & { benchBegin?: boolean; benchReceipt?: boolean };
  const receipt = /\/\* receipt \*\/|"mailbox_checkpoints"|^insert into "inbound_messages"|^select \* from "games" where lower\("address"\) = \$1$/.test(text);
  if (/^begin/i.test(text)) tx.benchBegin = true;
  else if (/^(commit|rollback)/i.test(text)) {
    if (tx.benchReceipt) statements.receipt++;
    tx.benchReceipt = false;
  } else {
    if (receipt) {
      statements.receipt++;
      if (tx.benchBegin) {
        statements.receipt++;
        tx.benchReceipt = true;
      }
    }
    tx.benchBegin = false;
  }
  if (/graphile_worker/.test(text)) statements.queue++;
  else statements.judge++;
  if (SQL_DETAIL) {
    const key = text.replace(/\s+/g, ' ').trim().slice(0, 90);
    statementTexts.set(key, (statementTexts.get(key) ?? 0) + 1);
  }
  const started = performance.now();
  const result = clientQuery.apply(this, args);
  const kind = /graphile_worker/.test(text) ? 'queue' : 'judge';
  if (result && typeof (result as Promise<unknown>).then === 'function') {
    const done = () => {
      const ms = performance.now() - started;
      waited[kind] += ms;
      if (SQL_DETAIL) {
        const key = text.replace(/\s+/g, ' ').trim().slice(0, 90);
        statementWaits.set(key, (statementWaits.get(key) ?? 0) + ms);
      }
    };
    void (result as Promise<unknown>).then(done, done);
  }
  return result;
};

/** Run `fn` over `items`, `n` at a time. */
async function inParallel<T>(items: readonly T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

/** One SMTP reply: its code and its text (the lines of a multi-line reply joined). */
interface SmtpReply { readonly code: number; readonly text: string }

/** A minimal SMTP client over one connection (BENCH_VIA=listener): replies are read in order. */
class SmtpClient {
  private buffer = '';
  private readonly replies: SmtpReply[] = [];
  private readonly waiting: ((r: SmtpReply) => void)[] = [];
  private lines: string[] = [];
  private closed: Error | undefined;
  private constructor(private readonly socket: Socket) {
    socket.setEncoding('latin1');
    socket.setNoDelay(true);
    socket.on('data', (d: string) => {
      this.buffer += d;
      for (let nl = this.buffer.indexOf('\n'); nl >= 0; nl = this.buffer.indexOf('\n')) {
        const line = this.buffer.slice(0, nl).replace(/\r$/, '');
        this.buffer = this.buffer.slice(nl + 1);
        this.lines.push(line.slice(4));
        if (line[3] === '-') continue;
        const reply = { code: Number(line.slice(0, 3)), text: this.lines.join(' ') };
        this.lines = [];
        const w = this.waiting.shift();
        if (w) w(reply);
        else this.replies.push(reply);
      }
    });
    const fail = (e: Error) => {
      this.closed = e;
      for (const w of this.waiting.splice(0)) w({ code: 0, text: e.message });
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
  }

  static async open(port: number): Promise<SmtpClient> {
    const socket = netConnect({ host: '127.0.0.1', port });
    await new Promise<void>((ok, fail) => socket.once('connect', ok).once('error', fail));
    const c = new SmtpClient(socket);
    await c.expect(220);
    c.socket.write('EHLO bench.example.org\r\n');
    await c.expect(250);
    return c;
  }

  reply(): Promise<SmtpReply> {
    const r = this.replies.shift();
    if (r) return Promise.resolve(r);
    if (this.closed) return Promise.resolve({ code: 0, text: this.closed.message });
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async expect(code: number): Promise<SmtpReply> {
    const r = await this.reply();
    if (r.code !== code) throw new Error(`SMTP: expected ${code}, got ${r.code} ${r.text}`);
    return r;
  }

  /**
   * Send one message: MAIL, RCPT and DATA in one write (PIPELINING), then the dot-stuffed bytes and
   * the end of DATA; resolves with the end of DATA's time and the 250's (performance.now() ms).
   */
  async send(from: string, to: string, raw: Buffer): Promise<{ endOfData: number; answered: number; wallEndOfData: number }> {
    this.socket.write(`MAIL FROM:<${from}>\r\nRCPT TO:<${to}>\r\nDATA\r\n`);
    await this.expect(250);
    await this.expect(250);
    await this.expect(354);
    let body = raw.toString('latin1').replace(/(^|\r\n)\./g, '$1..');
    if (!body.endsWith('\r\n')) body += '\r\n';
    const wallEndOfData = Date.now();
    const endOfData = performance.now();
    this.socket.write(`${body}.\r\n`, 'latin1');
    await this.expect(250);
    return { endOfData, answered: performance.now(), wallEndOfData };
  }

  close(): void {
    this.socket.destroy();
  }

  async quit(): Promise<void> {
    this.socket.write('QUIT\r\n');
    await this.reply();
    this.socket.destroy();
  }
}

/** Nearest-rank percentile of `values` (ms). */
function pct(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}
const dist = (values: readonly number[]) =>
  values.length === 0 ? 'n/a' : `median ${Math.round(pct(values, 50))} ms, p99 ${Math.round(pct(values, 99))} ms (min ${Math.round(Math.min(...values))}, max ${Math.round(Math.max(...values))})`;

/**
 * A Maildir's messages: delivery time (ms since the epoch, from the file name), one header's value,
 * and for a message flagged \Seen (`:2,…S` in its name) the time of that rename (the file's ctime).
 */
function readMaildir(maildir: string, header: string): { at: number; value: string | undefined; seenAt: number | undefined }[] {
  const out: { at: number; value: string | undefined; seenAt: number | undefined }[] = [];
  const re = new RegExp(`^${header}:[ \\t]*(?:\\r?\\n[ \\t]+)?(\\S[^\\r\\n]*)`, 'im');
  for (const sub of ['new', 'cur']) {
    const dir = join(maildir, sub);
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      const m = /^(\d+)\.M(\d+)P/.exec(name);
      if (!m) continue;
      const fd = openSync(join(dir, name), 'r');
      const buf = Buffer.alloc(16 * 1024);
      const n = readSync(fd, buf, 0, buf.length, 0);
      closeSync(fd);
      const head = buf.subarray(0, n).toString('latin1').split(/\r?\n\r?\n/)[0] ?? '';
      const seen = /:2,[A-Z]*S/.test(name);
      out.push({ at: Number(m[1]) * 1000 + Number(m[2]) / 1000, value: re.exec(head)?.[1]?.trim(), seenAt: seen ? statSync(join(dir, name)).ctimeMs : undefined });
    }
  }
  return out;
}

/** Messages in a Maildir (new + cur). */
function countMaildir(maildir: string): number {
  let n = 0;
  for (const sub of ['new', 'cur']) {
    const dir = join(maildir, sub);
    if (existsSync(dir)) n += readdirSync(dir).length;
  }
  return n;
}

/**
 * A server's process tree now (scripts/process-tree.ts): CPU time in ms, its exited children's
 * included (a backend or an smtpd that ends during the run counts), and RSS in bytes.
 */
function serverUsage(master: number | undefined): { cpuMs: number; rss: number } {
  const t = treeUsage(master);
  return t ? { cpuMs: t.cpu * 1000, rss: t.rss * 2 ** 20 } : { cpuMs: NaN, rss: 0 };
}

/** A process's CPU time so far (ms, utime + stime, from /proc). */
function processCpuMs(pid: number): number {
  const st = processStat(pid);
  return st ? st.cpu * 1000 : NaN;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mailjudge-bench-ingest-'));
  chmodSync(dir, 0o755); // the postgres OS user must traverse it when we run as root
  let mail: RunningMailServers | undefined;
  let judge: RunningJudge | undefined;
  let stopDb: (() => Promise<void>) | undefined;
  let stopPg: (() => Promise<void>) | undefined;
  const workers: { child: ChildProcess; cpuMs: number | undefined }[] = [];
  try {
    // --- Setup (untimed) ---
    const t0 = performance.now();
    const [server, servers] = await Promise.all([
      freePort().then((port) => startEmbeddedPostgres(dir, { port, durability: 'fast' })),
      startMailServers({ log: () => {}, postfixSettings: POSTFIX }),
    ]);
    stopPg = () => server.stop();
    mail = servers;
    const { info } = servers;
    const listenPort = VIA === 'listener' ? await freePort() : 0;
    const loaded = loadConfig({
      MAILJUDGE_STATE_DIR: dir,
      DATABASE_URL: server.url,
      MAILJUDGE_FROM_ADDRESS: JUDGE,
      // The judge reads its Dovecot mailbox over IMAP, or (BENCH_VIA=listener) takes SMTP itself.
      ...(VIA === 'imap'
        ? { MAILJUDGE_IMAP_URL: `imap://${encodeURIComponent(JUDGE)}@${info.host}:${info.imapPort}`, MAILJUDGE_IMAP_PASSWORD: MAIL_PASSWORD }
        : { MAILJUDGE_SMTP_LISTEN: `127.0.0.1:${listenPort}` }),
      MAILJUDGE_SMTP_URL: `smtp://${info.host}:${info.smtpPort}`,
      ...(POOL ? { MAILJUDGE_DB_POOL_SIZE: POOL } : {}),
    });
    if (!loaded.ok) throw new Error(loaded.problems.join('; '));
    const config = loaded.config;
    const setup = await openDatabase(config);
    stopDb = () => setup.stop();
    const db = setup.db;

    const deadline = new Date(Date.now() + 7 * 86_400_000);
    const games = Array.from({ length: GAMES }, (_, i) => i + 1);
    await inParallel(games, 8, async (g) => {
      await insertBenchGame(db, g, deadline);
    });

    const domains = new TestDomains(['example.org']);
    const mails: { messageId: string; from: string; to: string; raw: Buffer }[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      const g = Math.floor(i / POWERS.length) + 1;
      const power = POWERS[i % POWERS.length]!;
      const from = playerOf(g, power);
      const messageId = `<${gameId(g)}-${power.toLowerCase()}-s1901m@example.org>`;
      const raw = await domains.build({ from, to: gameAddress(g), subject: `${power} S1901M orders`, text: `${DEMO_ORDERS.S1901M[power]}\nFinal\n`, messageId });
      mails.push({ messageId, from, to: gameAddress(g), raw });
    }

    judge = await startJudge(config, {
      concurrency: CONCURRENCY,
      roles: ROLES,
      ingest: { idle: true, pollIntervalMs: POLL_MS },
      receive: { auth: { resolver: domains.resolver } },
    });
    // Other judge processes with the worker role only (issue 29: several judges on one database).
    const zoneFile = join(dir, 'zone.json');
    writeFileSync(zoneFile, JSON.stringify((domains as unknown as { zone: unknown }).zone));
    for (let k = 0; k < WORKER_PROCESSES; k++) {
      const stateDir = join(dir, `worker-${k}`);
      mkdirSync(stateDir, { recursive: true });
      const child = spawn(process.execPath, [join(import.meta.dirname, 'bench-ingest-worker.js')], {
        env: { ...process.env, DATABASE_URL: server.url, MAILJUDGE_STATE_DIR: stateDir, MAILJUDGE_FROM_ADDRESS: JUDGE, MAILJUDGE_SMTP_URL: `smtp://${info.host}:${info.smtpPort}`, MAILJUDGE_LOG_LEVEL: 'warn', BENCH_ZONE_FILE: zoneFile, BENCH_CONCURRENCY: String(CONCURRENCY) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const worker = { child, cpuMs: undefined as number | undefined };
      let out = '';
      await new Promise<void>((ready, fail) => {
        child.stdout!.setEncoding('utf8').on('data', (d: string) => {
          out += d;
          if (out.includes('ready')) ready();
          const m = /cpu (\d+)/.exec(out);
          if (m) worker.cpuMs = Number(m[1]);
        });
        child.once('exit', (code) => fail(new Error(`worker process ${k} exited (${code})`)));
      });
      workers.push(worker);
    }
    const judgeStarted = Date.now();
    if (VIA === 'imap' && !judge.ingest.leader) throw new Error('the judge did not take the ingest lock');
    if (VIA === 'listener' && judge.ingest.smtpPort !== listenPort) throw new Error('the judge did not start its SMTP listener');
    await judge.ingest.syncNow(); // the start-up sync is done: the mailbox is empty
    await sleep(1500); // quiet for longer than the source's 500 ms IDLE delay: the connection IDLEs
    const postmaster = Number(readFileSync(join(server.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const setupMs = performance.now() - t0;

    // --- Timed: send everything through Postfix, wait for every acknowledgement ---
    let peakRss = 0, peakPgRss = 0, samples = 0;
    const sample = () => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      if (samples++ % 5 === 0) peakPgRss = Math.max(peakPgRss, serverUsage(postmaster).rss); // /proc scan: every 0.5 s
    };
    const sampler = setInterval(sample, 100);
    const cpu0 = process.cpuUsage();
    const sql0 = { ...statements };
    const waited0 = { ...waited };
    statementTexts.clear();
    statementWaits.clear();
    const pg0 = serverUsage(postmaster).cpuMs;
    // The mail servers' CPU (IMAP: Postfix takes each order set and delivers it into Dovecot, the judge
    // reads it over IMAP, Postfix takes the acknowledgement and Dovecot stores it in the player's box).
    const mailCpu = () => { const m = mail!.masterPids(); return { postfix: serverUsage(m.postfix).cpuMs, dovecot: serverUsage(m.dovecot).cpuMs }; };
    const mail0 = mailCpu();

    const transport = VIA === 'imap' ? nodemailer.createTransport({ host: info.host, port: info.smtpPort, secure: false, ignoreTLS: true, pool: true, maxConnections: SEND_CONNECTIONS, maxMessages: Infinity }) : undefined;
    const clients = VIA === 'listener' ? await Promise.all(Array.from({ length: CLIENTS }, () => SmtpClient.open(listenPort))) : [];
    const sendStart = Date.now();
    const hrStart = process.hrtime.bigint() / 1000n; // µs: the clock of a --cpu-prof profile's samples
    const sentAt = new Map<string, number>();
    /** BENCH_VIA=listener: each message's end of DATA (wall clock, ms) and end of DATA → 250 (ms). */
    const endOfData = new Map<string, number>();
    const answeredMs: number[] = [];
    let lastAnswered = 0;
    let reconnects = 0;
    let next = 0;
    const sending = VIA === 'imap'
      ? Promise.all(mails.map(async (m, i) => {
        if (RATE) await sleep(sendStart + (i * 1000) / RATE - Date.now());
        await transport!.sendMail({ envelope: { from: m.from, to: [m.to] }, raw: m.raw });
        sentAt.set(bare(m.messageId), Date.now());
      }))
      : Promise.all(clients.map(async (first) => {
        let c = first;
        while (next < mails.length) {
          const i = next++;
          const m = mails[i]!;
          if (RATE) await sleep(sendStart + (i * 1000) / RATE - Date.now());
          let t: Awaited<ReturnType<SmtpClient['send']>>;
          for (let attempt = 1; ; attempt++) {
            try {
              t = await c.send(m.from, m.to, m.raw);
              break;
            } catch (e) {
              // The listener's session limit (421 and closed, MAILJUDGE_SMTP_SESSION_SECONDS): as an MTA
              // does, a new connection and the message again (a stored copy would be recognised by its bytes).
              if (attempt >= 3) throw e;
              reconnects++;
              c.close();
              c = await SmtpClient.open(listenPort);
            }
          }
          endOfData.set(bare(m.messageId), t.wallEndOfData);
          answeredMs.push(t.answered - t.endOfData);
          lastAnswered = Math.max(lastAnswered, Date.now());
          sentAt.set(bare(m.messageId), Date.now());
        }
        await c.quit();
      }));
    let sendDone: number | undefined;
    let sendFailed: Error | undefined;
    /** This process's and PostgreSQL's CPU (ms) and receipt's statements from the first send to the last 250. */
    let hrLast250 = 0n;
    let atLast250: { nodeCpuMs: number; pgCpuMs: number; receiptSql: number } | undefined;
    void sending.then(() => {
      sendDone = Date.now();
      hrLast250 = process.hrtime.bigint() / 1000n;
      const c = process.cpuUsage(cpu0);
      atLast250 = { nodeCpuMs: (c.user + c.system) / 1000, pgCpuMs: serverUsage(postmaster).cpuMs - pg0, receiptSql: statements.receipt - sql0.receipt };
    }, (e: Error) => (sendFailed = e));

    const count = async (table: 'inbound_messages' | 'inbound_decisions') =>
      Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    let decidedPolled: number | undefined;
    const until = Date.now() + 120_000 + MESSAGES * 300;
    for (;;) {
      if (Date.now() > until) throw new Error(`timed out: ${await count('inbound_messages')} stored, ${await count('inbound_decisions')} decided`);
      await sleep(50);
      if (sendFailed) throw sendFailed;
      if (RECEIPT_ONLY && sendDone !== undefined) break;
      if (decidedPolled === undefined && (await count('inbound_decisions')) >= MESSAGES) {
        decidedPolled = Date.now();
        if (process.execArgv.some((a) => a.startsWith('--cpu-prof'))) console.log(`profile window (µs, hrtime) ${hrStart} ${process.hrtime.bigint() / 1000n}: sending start → all decided`);
      }
      if (decidedPolled === undefined) continue;
      const open = await db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('status', '=', 'pending').executeTakeFirstOrThrow();
      if (Number(open.n) === 0) break;
    }
    await sending;
    transport?.close();
    if (RECEIPT_ONLY) {
      // BENCH_RECEIPT_ONLY=1 (listener): the receipt's figures only, without waiting for the decisions.
      if (process.execArgv.some((a) => a.startsWith('--cpu-prof'))) console.log(`profile window (µs, hrtime) ${hrStart} ${hrLast250}: sending start → last 250`);
      const first = Math.min(...endOfData.values());
      const ms = lastAnswered - first;
      console.log(`receipt only, listener, ${CLIENTS} client(s), roles ${ROLES.join(',')}, ${WORKER_PROCESSES} worker process(es), ${MESSAGES} msgs: ${(MESSAGES / (ms / 1000)).toFixed(1)} msg/s (first end of DATA → last 250 ${s(ms)}), end of DATA → 250 ${dist(answeredMs)}; until the last 250: node CPU ${(atLast250!.nodeCpuMs / MESSAGES).toFixed(2)} ms/msg, PostgreSQL ${(atLast250!.pgCpuMs / MESSAGES).toFixed(2)} ms/msg, receipt SQL ${(atLast250!.receiptSql / MESSAGES).toFixed(2)}/msg; ${reconnects} reconnection(s); load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
      if (SQL_DETAIL) {
        console.log('SQL statements until the last 250: per message, mean latency, the first 90 characters:');
        for (const [text, n] of [...statementTexts].sort((a, b) => b[1] - a[1])) console.log(`  ${(n / MESSAGES).toFixed(2).padStart(6)} ${((statementWaits.get(text) ?? 0) / n).toFixed(1).padStart(7)} ms  ${text}`);
      }
      return;
    }
    // The acknowledgements on their way through Postfix into the players' mailboxes.
    const players = mails.map((m) => m.from);
    let missing = players.length;
    while (missing > 0 && Date.now() < until) {
      missing = players.filter((p) => countMaildir(maildirOf(info, p)) === 0).length;
      if (missing > 0) await sleep(100);
    }
    clearInterval(sampler);
    sample();
    peakPgRss = Math.max(peakPgRss, serverUsage(postmaster).rss);
    const cpu = process.cpuUsage(cpu0);
    const workersCpu0 = workers.map((w) => processCpuMs(w.child.pid!));
    const runMs = Date.now() - sendStart;
    const inFlight = { judge: (waited.judge - waited0.judge) / runMs, queue: (waited.queue - waited0.queue) / runMs };
    const sql = { judge: statements.judge - sql0.judge, queue: statements.queue - sql0.queue, receipt: statements.receipt - sql0.receipt };
    const sqlTexts = [...statementTexts].sort((a, b) => b[1] - a[1]);
    const pgCpuMs = serverUsage(postmaster).cpuMs - pg0;
    const mail1 = mailCpu();
    const mailCpuMs = { postfix: mail1.postfix - mail0.postfix, dovecot: mail1.dovecot - mail0.dovecot };

    // --- Per message: delivery (Dovecot), stored, decided, acknowledged, in the player's mailbox ---
    // Delivery: Dovecot's save into the judge's mailbox (IMAP), or the client's end of DATA (listener).
    const judgeMaildir = VIA === 'imap' ? readMaildir(maildirOf(info, JUDGE), 'message-id') : [];
    const delivered = VIA === 'imap' ? new Map(judgeMaildir.map((d) => [bare(d.value), d.at])) : endOfData;
    const seenAt = new Map(judgeMaildir.flatMap((d) => (d.seenAt === undefined ? [] : [[bare(d.value), d.seenAt] as const])));
    const inbound = await db.selectFrom('inbound_messages as m').leftJoin('inbound_decisions as d', 'd.inbound_message_id', 'm.id')
      .select(['m.message_id', 'm.stored_at', 'm.received_at', 'd.outcome']).execute();
    const outbox = await db.selectFrom('outbox').select(['kind', 'to_address', 'headers', 'status', 'created_at', 'sent_at']).execute();
    const ackOf = new Map(outbox.map((o) => [bare(o.headers['In-Reply-To']), o]));
    const arrived = new Map<string, number>();
    for (const p of players) for (const a of readMaildir(maildirOf(info, p), 'in-reply-to')) arrived.set(bare(a.value), a.at);

    const lat = { seen: [] as number[], stored: [] as number[], decided: [] as number[], sent: [] as number[], total: [] as number[], fromSmtp: [] as number[], toMailbox: [] as number[], endToEnd: [] as number[] };
    const outcomes = new Map<string, number>();
    let lastStored = 0, lastDecided = 0, lastSent = 0, lastArrived = 0, lastSeen = 0, joined = 0;
    for (const m of inbound) {
      const id = bare(m.message_id);
      const del = delivered.get(id);
      const ack = ackOf.get(id);
      const outcome = `${m.outcome ?? 'undecided'} → ${ack ? `${ack.kind} ${ack.status}` : 'no reply'}`;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      const stored = m.stored_at.getTime();
      lastStored = Math.max(lastStored, stored);
      const seen = seenAt.get(id);
      if (seen !== undefined && del !== undefined) {
        lat.seen.push(seen - del);
        lastSeen = Math.max(lastSeen, seen);
      }
      if (!ack || del === undefined || !ack.sent_at) continue;
      joined++;
      const decided = ack.created_at.getTime(), sent = ack.sent_at.getTime();
      lastDecided = Math.max(lastDecided, decided);
      lastSent = Math.max(lastSent, sent);
      lat.stored.push(stored - del);
      lat.decided.push(decided - stored);
      lat.sent.push(sent - decided);
      lat.total.push(sent - del);
      const smtp = sentAt.get(id);
      if (smtp !== undefined) lat.fromSmtp.push(sent - smtp);
      const at = arrived.get(id);
      if (at !== undefined) {
        lat.toMailbox.push(at - sent);
        lat.endToEnd.push(at - del);
        lastArrived = Math.max(lastArrived, at);
      }
    }
    const firstDelivery = Math.min(...delivered.values());
    const lastDelivery = Math.max(...delivered.values());
    const window = lastSent - firstDelivery;
    const storedTimes = inbound.map((m) => m.stored_at.getTime()).sort((a, b) => a - b);
    const gaps = storedTimes.slice(1).map((t, i) => t - storedTimes[i]!);

    // --- What one message costs in the judge's CPU, outside the pipeline (attribution, untimed) ---
    const sampleRaws = (await db.selectFrom('inbound_messages').select('raw').orderBy('id').limit(200).execute()).map((r) => r.raw);
    const tp = performance.now();
    for (const raw of sampleRaws) await parseMessage(raw);
    const parseMs = (performance.now() - tp) / sampleRaws.length;
    const ta = performance.now();
    for (const raw of sampleRaws) await authenticateMessage(raw, envelopeFromHeaders(raw), { resolver: domains.resolver });
    const authMs = (performance.now() - ta) / sampleRaws.length;
    const tq = performance.now();
    for (let i = 0; i < 200; i++) await rawSql`SELECT 1`.execute(db);
    const sqlRttMs = (performance.now() - tq) / 200;
    // The IMAP source's two commands per message (UID FETCH of the source, UID STORE +FLAGS \Seen).
    let imapMs = NaN;
    if (VIA === 'imap') {
    const imap = new ImapFlow({ host: info.host, port: info.imapPort, secure: false, auth: { user: JUDGE, pass: MAIL_PASSWORD }, logger: false, disableAutoIdle: true });
    imap.on('error', () => {});
    await imap.connect();
    await imap.mailboxOpen('INBOX');
    const uids = (await imap.search({ all: true }, { uid: true })) || [];
    const probe = uids.slice(0, 200);
    const ti = performance.now();
    for (const uid of probe) {
      await imap.fetchOne(String(uid), { uid: true, internalDate: true, source: true }, { uid: true });
      await imap.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
    }
    imapMs = (performance.now() - ti) / Math.max(1, probe.length);
    await imap.logout().catch(() => imap.close());
    }

    const perSec = (n: number, ms: number) => (n / (ms / 1000)).toFixed(1);
    const listener = VIA === 'listener';
    const receiptRate = listener ? Number(perSec(MESSAGES, lastAnswered - firstDelivery)) : Number(perSec(MESSAGES, lastSeen - firstDelivery));
    const receiptDist = listener ? answeredMs : lat.seen;
    console.log(`messages                       ${MESSAGES} to ${GAMES} games (${delivered.size} ${listener ? 'answered 250 by the judge\'s SMTP listener' : 'delivered into Dovecot'}, ${inbound.length} stored, ${joined} acknowledged and matched; setup ${s(setupMs)}, untimed)`);
    if (listener) console.log(`sending (SMTP → the judge)     ${s((sendDone ?? Date.now()) - sendStart)} for all, ${CLIENTS} client connection(s) straight to the listener, MAIL/RCPT/DATA pipelined${reconnects ? `, ${reconnects} reconnection(s) after the listener's 421 session limit` : ''}${RATE ? `, paced at ${RATE}/s` : ', each as fast as the 250s come'}`);
    else console.log(`sending (SMTP → Postfix)       ${s((sendDone ?? Date.now()) - sendStart)} for all, ${SEND_CONNECTIONS} pooled connections${RATE ? `, paced at ${RATE}/s` : ', as fast as Postfix takes them'}; Dovecot got them over ${s(lastDelivery - firstDelivery)} (${perSec(MESSAGES, lastDelivery - firstDelivery)} msg/s)`);
    console.log('RECEIPT (the issue\'s "stored and acknowledged" to the mail server: raw bytes stored with the decision job; nothing parsed)');
    if (listener) {
      console.log(`  first end of DATA → last 250 ${s(lastAnswered - firstDelivery)}  (${receiptRate} msg/s stored and answered 250 after the commit)`);
      console.log(`  end of DATA → 250, per msg   ${dist(answeredMs)}`);
      console.log(`  first end of DATA → all stored ${s(lastStored - firstDelivery)}  (stored_at: each transaction's start)`);
    } else {
      console.log(`  first delivery → all stored  ${s(lastStored - firstDelivery)}  (${perSec(MESSAGES, lastStored - firstDelivery)} msg/s; stored_at, the transaction that also moves the checkpoint)`);
      console.log(`  first delivery → all \\Seen  ${s(lastSeen - firstDelivery)}  (${receiptRate} msg/s; ${lat.seen.length} flagged \\Seen after the commit, from the Maildir rename's ctime)`);
      console.log(`  delivery → stored, per msg   ${dist(lat.stored)}`);
      console.log(`  delivery → \\Seen, per msg   ${dist(lat.seen)}`);
    }
    console.log('DECISION AND ACKNOWLEDGEMENT MAIL (parse, authenticate, decide per game; the reply accepted by Postfix)');
    console.log(`first delivery → all decided   ${s(Math.max(lastDecided, 0) - firstDelivery)}  (${perSec(MESSAGES, lastDecided - firstDelivery)} msg/s; ack rows written; a 50 ms poll saw all decisions at ${s(decidedPolled! - firstDelivery)})`);
    console.log(`first delivery → all acked     ${s(window)}  (${perSec(MESSAGES, window)} msg/s; acknowledgement mail accepted by Postfix, outbox status 'sent')`);
    console.log(`first delivery → acks in inbox ${lastArrived ? s(lastArrived - firstDelivery) : 'n/a'}  (${lat.toMailbox.length} of ${MESSAGES} acks in the players' Dovecot mailboxes)`);
    console.log(`${listener ? 'end of DATA' : 'delivery'} → ack sent, per msg ${dist(lat.total)}`);
    console.log(`  delivery → stored            ${dist(lat.stored)}`);
    console.log(`  stored → decided             ${dist(lat.decided)}`);
    console.log(`  decided → ack sent           ${dist(lat.sent)}`);
    console.log(`  (from SMTP 250 → ack sent    ${dist(lat.fromSmtp)})`);
    console.log(`ack sent → in player's inbox   ${dist(lat.toMailbox)}`);
    console.log(`delivery → ack in inbox        ${dist(lat.endToEnd)}`);
    console.log(`intake, one message at a time  ${gaps.length ? `${pct(gaps, 50).toFixed(1)} ms median between consecutive stores` : 'n/a'}; measured alone: mailparser ${parseMs.toFixed(1)} ms, mailauth ${authMs.toFixed(1)} ms, ${listener ? '' : `IMAP FETCH+STORE ${imapMs.toFixed(1)} ms per message, `}a SQL round trip ${sqlRttMs.toFixed(2)} ms`);
    console.log(`SQL statements per message     ${((sql.judge + sql.queue) / MESSAGES).toFixed(1)} (${(sql.judge / MESSAGES).toFixed(1)} the judge's, ${(sql.queue / MESSAGES).toFixed(1)} graphile-worker's; incl. this script's 50 ms progress polls)`);
    console.log(`SQL in flight, mean            ${inFlight.judge.toFixed(2)} of the judge's statements, ${inFlight.queue.toFixed(2)} graphile-worker's (Σ latency / wall of the run; the judge's mean latency ${((inFlight.judge * runMs) / Math.max(1, sql.judge)).toFixed(2)} ms)`);
    console.log(`CPU per message                node ${((cpu.user + cpu.system) / 1000 / MESSAGES).toFixed(2)} ms (this process: the judge's ${ROLES.join('+')}${listener ? ' and the SMTP client' : ' and the sending client'}), PostgreSQL ${(pgCpuMs / MESSAGES).toFixed(2)} ms`);
    console.log(`CPU per message, mail servers  Postfix ${(mailCpuMs.postfix / MESSAGES).toFixed(2)} ms, Dovecot ${(mailCpuMs.dovecot / MESSAGES).toFixed(2)} ms (${listener ? 'the acknowledgements only: the order sets went straight to the judge' : 'each order set in and its acknowledgement out'}; masters, their live and their reaped children)`);
    console.log(`CPU during the run             node ${Math.round(((cpu.user + cpu.system) / 1000 / runMs) * 100)}% of one core, PostgreSQL ${Math.round((pgCpuMs / runMs) * 100)}% (wall ${s(runMs)}, 2 cores)${workers.length ? `; the worker processes, whole life: ${workersCpu0.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}` : ''}`);
    console.log(`peak RSS, node process         ${mb(peakRss)} during the run (${mb(process.resourceUsage().maxRSS * 1024)} whole process incl. setup; judge + sending client)`);
    console.log(`peak RSS, PostgreSQL           ${mb(peakPgRss)} (Σ RSS of the postmaster and its live children: shared buffers counted in each)`);
    const polls = Math.floor((lastStored - judgeStarted) / POLL_MS);
    if (!listener) console.log(`intake driven by               ${polls === 0 ? 'IMAP notifications (IDLE/EXISTS) only' : `IMAP notifications, and ${polls} fallback poll(s) may have fired`}: the ${s(POLL_MS)} poll timer started ${s(lastStored - judgeStarted)} before the last store`);
    console.log(`outcomes                       ${[...outcomes].map(([k, n]) => `${n} ${k}`).join('; ')}`);
    if (SQL_DETAIL) {
      console.log('SQL statements during the run: per message, mean latency, the first 90 characters:');
      for (const [text, n] of sqlTexts) console.log(`  ${(n / MESSAGES).toFixed(2).padStart(6)} ${((statementWaits.get(text) ?? 0) / n).toFixed(1).padStart(7)} ms  ${text}`);
    }
    console.log(`receipt SQL per message        ${(sql.receipt / MESSAGES).toFixed(2)} (${listener ? 'RCPT lookup, ' : ''}store, decision queue, add_jobs, ${listener ? '' : 'checkpoint, '}BEGIN/COMMIT; counted in the above)`);
    const name = listener ? `ingest-listener-${CLIENTS}` : 'ingest';
    const figures = {
      via: VIA, ...(listener ? { clients: CLIENTS } : { sendConnections: SEND_CONNECTIONS }), ...(RATE ? { rate: RATE } : {}),
      messages: MESSAGES, games: GAMES, concurrency: CONCURRENCY, loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
      receipt: {
        means: listener ? 'stored, then 250 answered after the commit' : 'stored with the checkpoint, then flagged \\Seen',
        perSecond: receiptRate,
        latencyMs: { from: listener ? 'end of DATA' : 'Dovecot delivery', to: listener ? '250' : '\\Seen', median: Math.round(pct(receiptDist, 50)), p99: Math.round(pct(receiptDist, 99)) },
      },
      storedPerSecond: Number(perSec(MESSAGES, lastStored - firstDelivery)),
      decidedPerSecond: Number(perSec(MESSAGES, lastDecided - firstDelivery)),
      ackedPerSecond: Number(perSec(MESSAGES, window)),
      deliveryToStoredMs: { median: Math.round(pct(lat.stored, 50)), p99: Math.round(pct(lat.stored, 99)) },
      deliveryToAckMs: { median: Math.round(pct(lat.total, 50)), p99: Math.round(pct(lat.total, 99)) },
      sqlPerMessage: Number(((sql.judge + sql.queue) / MESSAGES).toFixed(1)), receiptSqlPerMessage: Number((sql.receipt / MESSAGES).toFixed(2)),
      roles: ROLES.join(','), workerProcesses: WORKER_PROCESSES,
      nodeCpuMsPerMessage: Number(((cpu.user + cpu.system) / 1000 / MESSAGES).toFixed(2)), postgresCpuMsPerMessage: Number((pgCpuMs / MESSAGES).toFixed(2)),
      mailServersCpuMsPerMessage: { postfix: Number((mailCpuMs.postfix / MESSAGES).toFixed(2)), dovecot: Number((mailCpuMs.dovecot / MESSAGES).toFixed(2)) },
      peakRssMb: Math.round(peakRss / 2 ** 20), peakPostgresRssMb: Math.round(peakPgRss / 2 ** 20),
    };
    mkdirSync('bench-results', { recursive: true });
    writeFileSync(join('bench-results', `${name}.json`), `${JSON.stringify(figures, null, 2)}\n`);
    console.log(`bench:ingest via ${listener ? `listener, ${CLIENTS} client(s)` : 'IMAP'}${RATE ? ` at ${RATE}/s` : ''}, ${MESSAGES} msgs/${GAMES} games: receipt ${figures.receipt.perSecond} msg/s (${figures.receipt.means}; p50 ${figures.receipt.latencyMs.median} ms p99 ${figures.receipt.latencyMs.p99} ms), decided ${figures.decidedPerSecond} msg/s, ack mails ${figures.ackedPerSecond} msg/s, delivery→ack p50 ${figures.deliveryToAckMs.median} ms p99 ${figures.deliveryToAckMs.p99} ms, SQL/msg ${figures.sqlPerMessage} (receipt ${figures.receiptSqlPerMessage}), peak RSS ${figures.peakRssMb} MB, load ${figures.loadAverage.join(' ')} → bench-results/${name}.json`);
    const allGood = joined === MESSAGES && lat.toMailbox.length === MESSAGES && outcomes.get('orders → orders-received sent') === MESSAGES;
    if (!allGood) process.exitCode = 1;
  } finally {
    for (const w of workers) w.child.kill('SIGTERM');
    await Promise.all(workers.map((w) => new Promise((r) => (w.child.exitCode !== null ? r(null) : w.child.once('exit', r)))));
    await judge?.stop().catch((e: Error) => console.error(`judge stop: ${e.message}`));
    await stopDb?.();
    await sleep(100);
    await stopPg?.();
    await mail?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
