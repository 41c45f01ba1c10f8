/**
 * The judge's one configuration: an optional JSON file plus environment overrides, validated at once
 * and reported whole (changesets' `validateConfig`): {@link loadConfig} returns every problem, each
 * saying how to fix it, and never throws.
 *
 * Secrets (passwords) come only from the environment: a config file is copied, committed and
 * mailed around, the environment is not. A password-like key in the file, or a URL in it with a
 * password, is a problem. An environment variable set to the empty string counts as unset.
 */
import { z } from 'zod';
import { DEFAULT_FROM_ADDRESS, DEFAULT_PG_PORT, DEFAULT_STATE_DIR, DEFAULT_STATEMENT_TIMEOUT_SECONDS } from './defaults.js';
import { DATABASE_PROTOCOLS, EMAIL, HOSTS_PATTERN, hostsOf, isUrlOf, parseUrl, WHOLE_NUMBER } from './setting-text.js';
import type { ClockSetting } from './clock.js';


/** An SMTP smarthost: `smtp://user@host:587` or `smtps://user@host:465`. */
export interface SmtpConfig {
  readonly url: string;
  /** From `MAILJUDGE_SMTP_PASSWORD` (or the URL, when the URL came from the environment). */
  readonly password: string | undefined;
}

/** An IMAP mailbox the judge reads. */
export interface ImapConfig {
  /** `imaps://user@host:993` or `imap://user@host:143`. */
  readonly url: string;
  readonly password: string | undefined;
  /** Mailbox name (default `INBOX`). */
  readonly mailbox: string;
  /** What to do with a message once stored: flag it \\Seen (default) or move it to a folder. Never delete. */
  readonly after: 'seen' | `move:${string}`;
}

/** Where the embedded SMTP listener listens (`MAILJUDGE_SMTP_LISTEN=host:port`). */
export interface ListenAddress {
  readonly host: string;
  readonly port: number;
}

/**
 * How the SMTP listener protects itself (issue 25): connection caps, a limit on a whole session's
 * time (not only idle time: a client trickling a byte every 20 s keeps an idle timer from firing),
 * and limits on a message's line count and header size. The defaults are sized for two cores.
 */
export interface SmtpListenLimits {
  /** Connections open at once, from everyone (more are answered 421 at once). */
  readonly maxConnections: number;
  /** Connections open at once from one client address (more are answered 421 at once). */
  readonly maxConnectionsPerIp: number;
  /** A connection's whole life, from connect to close, in seconds: then 421 and closed. */
  readonly sessionSeconds: number;
  /** Seconds without a byte from the client before the connection is closed. */
  readonly idleSeconds: number;
  /** Lines a message may have (552 past it). */
  readonly maxLines: number;
  /** Bytes of the header section a message may have (552 past it). */
  readonly maxHeaderBytes: number;
}

/**
 * The defaults: 100 connections (each costs a socket and a few KB until DATA; a message is stored and
 * decided one transaction at a time per connection, so two cores are busy long before 100 honest
 * connections), 20 per client address (Postfix's default per-destination concurrency, so a relay in
 * front is never capped below what it uses), 120 s per connection (a 2 MB message takes 16 s at
 * 1 Mbit/s), 60 s idle, 50,000 lines (a 2 MB message of base64 has about 27,000) and a 64 KB header.
 */
export const DEFAULT_SMTP_LISTEN_LIMITS: SmtpListenLimits = {
  maxConnections: 100,
  maxConnectionsPerIp: 20,
  sessionSeconds: 120,
  idleSeconds: 60,
  maxLines: 50_000,
  maxHeaderBytes: 64 * 1024,
};

/** The environment variable of each listener limit. */
const SMTP_LIMIT_VARIABLES: Readonly<Record<keyof SmtpListenLimits, string>> = {
  maxConnections: 'MAILJUDGE_SMTP_MAX_CONNECTIONS',
  maxConnectionsPerIp: 'MAILJUDGE_SMTP_MAX_CONNECTIONS_PER_IP',
  sessionSeconds: 'MAILJUDGE_SMTP_SESSION_SECONDS',
  idleSeconds: 'MAILJUDGE_SMTP_IDLE_SECONDS',
  maxLines: 'MAILJUDGE_SMTP_MAX_LINES',
  maxHeaderBytes: 'MAILJUDGE_SMTP_MAX_HEADER_BYTES',
};

/** DKIM signing of the judge's mail (issue 27; `mailjudge dkim keygen` makes the key). */
export interface DkimConfig {
  /** The selector: the key's TXT record is `<selector>._domainkey.<domain>`. */
  readonly selector: string;
  /** The signing domain (d=); default the From address's domain, which DMARC alignment needs. */
  readonly domain: string;
  /** The private key's PEM file; default `<stateDir>/dkim/<selector>.pem` (where keygen writes it). */
  readonly keyFile: string;
}

/** The validated configuration. */
export interface Config {
  /** Sign outgoing mail with DKIM; `undefined`: unsigned. */
  readonly dkim?: DkimConfig | undefined;
  /** Where the embedded database, the .eml outbox and other local state live. Relative to the cwd. */
  readonly stateDir: string;
  /** An external PostgreSQL; `undefined`: start the embedded server under `stateDir`. */
  readonly databaseUrl: string | undefined;
  /** The embedded server's port on 127.0.0.1. */
  readonly embeddedPort: number;
  /** The smarthost; `undefined`: outgoing mail is written as .eml files under `<stateDir>/outbox/`. */
  readonly smtp: SmtpConfig | undefined;
  /** The game mailbox(es) the judge polls; `undefined`: no IMAP intake (pipe or CLI only). */
  readonly imap: ImapConfig | undefined;
  /** The TD's order-confirmation mailbox (D.VII(7)); `undefined`: none. */
  readonly confirmImap: ImapConfig | undefined;
  /** From address of the judge's own mail (game mail may use the game's address instead). */
  readonly fromAddress: string;
  /** Take mail by SMTP directly (src/mail/sources/smtp-listener.ts); `undefined`: no listener. */
  readonly smtpListen: ListenAddress | undefined;
  /** The TD's order-confirmation address the SMTP listener accepts (D.VII(7)); `undefined`: none. */
  readonly confirmAddress: string | undefined;
  /**
   * The host names our MTA writes as `by` in the Received header it adds before `mailjudge ingest`
   * (`MAILJUDGE_PIPE_RECEIVED_BY`, comma-separated); only such a header's date is a receipt time.
   * Empty: none is trusted and the pipe's clock is the receipt time.
   */
  readonly pipeReceivedBy: readonly string[];
  /** The SMTP listener's limits (`smtpLimits` in the file, `MAILJUDGE_SMTP_MAX_*` and `_SECONDS` variables). */
  readonly smtpLimits: SmtpListenLimits;
  /** Serve the read-only web view, /healthz and /metrics (issue 31, src/web/); `undefined`: off. */
  readonly webListen?: ListenAddress | undefined;
  /** The web view's address as people reach it (links in mail); default `http://<webListen>`. https: cookies are Secure. */
  readonly webUrl?: string | undefined;
  /**
   * A fast simulated clock for rehearsals (src/config/clock.ts); `undefined` (the default): real time.
   * `mailjudge doctor` reports it as a problem: a real event never runs on it.
   */
  readonly clock?: ClockSetting | undefined;
  /** Jobs one `mailjudge start` runs at once (graphile-worker concurrency; `--concurrency` overrides). Issue 29. */
  readonly workerConcurrency: number;
  /** Connections of the judge's own pool per process (the job queue's pool is workerConcurrency + 2 more). Issue 29. */
  readonly databasePoolSize: number;
  /** PostgreSQL `statement_timeout` on the judge's connections, in seconds; 0: none. Issue 29. */
  readonly statementTimeoutSeconds: number;
  /** Issue 29: statements with parameters prepared by name once per connection (default on; off behind a transaction-mode pooler). */
  readonly databasePrepare?: boolean;
}

/**
 * Issue 29: the defaults, for two cores (docs/scaling.md "Sizing"). A job waits on PostgreSQL or the
 * smarthost about half its time, so 4 jobs keep two cores busy; the pool has room for those 4, the
 * intake (IMAP batches, SMTP deliveries), the web view and the sweeps; the judge's statements take
 * milliseconds, so 30 s only cuts a runaway query or a pile-up behind a lock (the job is retried).
 */
export const DEFAULT_WORKER_CONCURRENCY = 4;
export const DEFAULT_DATABASE_POOL_SIZE = 10;

/** The outcome of {@link loadConfig}. */
export type LoadConfigResult = { readonly ok: true; readonly config: Config } | { readonly ok: false; readonly problems: string[] };

/** Every environment variable the judge reads, with what it sets. */
export const ENVIRONMENT_VARIABLES: Readonly<Record<string, string>> = {
  MAILJUDGE_CONFIG: 'path of the JSON config file (or --config)',
  DATABASE_URL: 'external PostgreSQL, postgres://user:password@host:port/db (unset: embedded server)',
  MAILJUDGE_STATE_DIR: `state directory (default ${DEFAULT_STATE_DIR})`,
  MAILJUDGE_PG_PORT: `embedded PostgreSQL port (default ${DEFAULT_PG_PORT})`,
  MAILJUDGE_SMTP_URL: 'SMTP smarthost, smtp://user@host:587 or smtps://user@host:465 (unset: .eml files)',
  MAILJUDGE_SMTP_PASSWORD: 'SMTP password',
  MAILJUDGE_IMAP_URL: 'game mailbox server, imaps://user@host:993',
  MAILJUDGE_IMAP_PASSWORD: 'game mailbox password',
  MAILJUDGE_IMAP_MAILBOX: 'game mailbox name (default INBOX)',
  MAILJUDGE_CONFIRM_IMAP_URL: "TD's confirmation mailbox server (D.VII(7))",
  MAILJUDGE_CONFIRM_IMAP_PASSWORD: "TD's confirmation mailbox password",
  MAILJUDGE_CONFIRM_IMAP_MAILBOX: "TD's confirmation mailbox name (default INBOX)",
  MAILJUDGE_FROM_ADDRESS: `From address of the judge's mail (default ${DEFAULT_FROM_ADDRESS})`,
  MAILJUDGE_IMAP_PROCESSED: 'what to do with a stored message in the game mailbox: seen (flag it, default) or move:<folder>',
  MAILJUDGE_CONFIRM_IMAP_PROCESSED: 'the same for the confirmation mailbox',
  MAILJUDGE_SMTP_LISTEN: 'take mail by SMTP on host:port, e.g. 127.0.0.1:2525 (unset: no SMTP listener)',
  MAILJUDGE_CONFIRM_ADDRESS: "TD's order-confirmation address the SMTP listener accepts (D.VII(7))",
  MAILJUDGE_PIPE_RECEIVED_BY: 'host name(s) our MTA writes as "by" in the Received header before mailjudge ingest (unset: the pipe\'s clock is the receipt time)',
  MAILJUDGE_SMTP_MAX_CONNECTIONS: `SMTP listener: connections open at once (default ${DEFAULT_SMTP_LISTEN_LIMITS.maxConnections})`,
  MAILJUDGE_SMTP_MAX_CONNECTIONS_PER_IP: `SMTP listener: connections open at once from one client address (default ${DEFAULT_SMTP_LISTEN_LIMITS.maxConnectionsPerIp})`,
  MAILJUDGE_SMTP_SESSION_SECONDS: `SMTP listener: longest life of a connection, however busy (default ${DEFAULT_SMTP_LISTEN_LIMITS.sessionSeconds})`,
  MAILJUDGE_SMTP_IDLE_SECONDS: `SMTP listener: seconds without a byte before a connection is closed (default ${DEFAULT_SMTP_LISTEN_LIMITS.idleSeconds})`,
  MAILJUDGE_SMTP_MAX_LINES: `SMTP listener: most lines in a message (default ${DEFAULT_SMTP_LISTEN_LIMITS.maxLines})`,
  MAILJUDGE_SMTP_MAX_HEADER_BYTES: `SMTP listener: largest header section of a message in bytes (default ${DEFAULT_SMTP_LISTEN_LIMITS.maxHeaderBytes})`,
  MAILJUDGE_DKIM_SELECTOR: 'DKIM selector to sign the judge\'s mail with, e.g. mj1 (unset: unsigned; mailjudge dkim keygen makes the key)',
  MAILJUDGE_DKIM_DOMAIN: 'DKIM signing domain (default the From address\'s domain)',
  MAILJUDGE_DKIM_KEY_FILE: 'DKIM private key file (default <stateDir>/dkim/<selector>.pem)',
  MAILJUDGE_WEB_LISTEN: 'serve the read-only web view, /healthz and /metrics on host:port, e.g. 127.0.0.1:8080 (unset: off)',
  MAILJUDGE_WEB_URL: 'the web view\'s address as people reach it, e.g. https://judge.example.org (default http://<MAILJUDGE_WEB_LISTEN>; https makes the session cookie Secure)',
  MAILJUDGE_CLOCK_ORIGIN: 'REHEARSALS ONLY: the simulated instant at the anchor, e.g. 2027-03-01T00:00:00Z (unset: the real clock; src/config/clock.ts)',
  MAILJUDGE_CLOCK_ANCHOR: 'REHEARSALS ONLY: the real instant at which the simulated clock reads the origin (default the origin itself); simulated = origin + (real - anchor) x speed',
  MAILJUDGE_CLOCK_SPEED: 'REHEARSALS ONLY: simulated seconds per real second, e.g. 60 (default 1; needs MAILJUDGE_CLOCK_ORIGIN)',
  MAILJUDGE_CLOCK_CHANGES: 'REHEARSALS ONLY: later speeds from real instants on, e.g. 2026-11-27T03:00:00Z=3600,2026-11-27T04:00:00Z=14400 (the simulated time continuous at each; unset: one speed)',
  MAILJUDGE_WORKER_CONCURRENCY: `jobs (decisions, adjudications, mail) one mailjudge start runs at once (default ${DEFAULT_WORKER_CONCURRENCY}; --concurrency overrides)`,
  MAILJUDGE_DB_PREPARE: 'on (default) or off: statements with parameters prepared by name, parsed and planned once per connection; off behind a pooler that cannot keep prepared statements (PgBouncer in transaction mode)',
  MAILJUDGE_DB_POOL_SIZE: `connections of the judge's own database pool per process (default ${DEFAULT_DATABASE_POOL_SIZE}; the job queue opens concurrency + 2 more)`,
  MAILJUDGE_STATEMENT_TIMEOUT_SECONDS: `PostgreSQL statement_timeout on the judge's connections in seconds, 0 for none (default ${DEFAULT_STATEMENT_TIMEOUT_SECONDS})`,
  MAILJUDGE_LOG_LEVEL: 'log level: trace, debug, info (default), warn, error or silent (src/config/log.ts)',
};

function urlSchema(protocols: readonly string[], example: string) {
  const error = `must be a ${protocols.join(' or ')} URL such as ${example}`;
  return z.string({ error }).refine((s) => isUrlOf(protocols, s), { error });
}

const WEB_URL = urlSchema(['http', 'https'], 'https://judge.example.org');
const DATABASE_URL = urlSchema(DATABASE_PROTOCOLS, 'postgres://judge@db.example.org:5432/judge');
const SMTP_URL = urlSchema(['smtp', 'smtps'], 'smtps://judge@smtp.example.org:465');
const IMAP_URL = urlSchema(['imap', 'imaps'], 'imaps://judge@imap.example.org:993');
const FROM_MESSAGE = 'must be a bare email address such as judge@example.org';
const FROM = z.string({ error: FROM_MESSAGE }).regex(EMAIL, { error: FROM_MESSAGE });
const STATE_DIR_MESSAGE = 'must be a directory path such as ./var';
const STATE_DIR = z.string({ error: STATE_DIR_MESSAGE }).min(1, { error: STATE_DIR_MESSAGE });
const MAILBOX_MESSAGE = 'must be a mailbox name such as INBOX';
const MAILBOX = z.string({ error: MAILBOX_MESSAGE }).min(1, { error: MAILBOX_MESSAGE });
const PORT_MESSAGE = `must be a whole number from 1 to 65535 (default ${DEFAULT_PG_PORT})`;
const PORT = z.number({ error: PORT_MESSAGE }).int({ error: PORT_MESSAGE }).min(1, { error: PORT_MESSAGE }).max(65535, { error: PORT_MESSAGE });

const LISTEN_MESSAGE = 'must be host:port such as 127.0.0.1:2525 or [::1]:2525, with a port from 1 to 65535';
/** `host:port`, `[v6]:port`; the port 1–65535. */
const LISTEN = z
  .string({ error: LISTEN_MESSAGE })
  .regex(/^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/, { error: LISTEN_MESSAGE })
  .transform((text) => {
    const colon = text.lastIndexOf(':');
    return { host: text.slice(0, colon).replace(/^\[(.*)\]$/, '$1'), port: Number(text.slice(colon + 1)) };
  })
  .refine((a) => a.port >= 1 && a.port <= 65535, { error: LISTEN_MESSAGE });
const LIMIT_MESSAGE = 'must be a whole number of at least 1';
const LIMIT = z.number({ error: LIMIT_MESSAGE }).int({ error: LIMIT_MESSAGE }).min(1, { error: LIMIT_MESSAGE });
const ENV_LIMIT = z.string().regex(/^\d+$/, { error: LIMIT_MESSAGE }).transform(Number).pipe(LIMIT);
const SECONDS_MESSAGE = 'must be a whole number of seconds, 0 for none';
const SECONDS = z.number({ error: SECONDS_MESSAGE }).int({ error: SECONDS_MESSAGE }).min(0, { error: SECONDS_MESSAGE });
const ON_OFF_MESSAGE = 'must be on or off';
const ENV_ON_OFF = z.enum(['on', 'off'], { error: ON_OFF_MESSAGE }).transform((v) => v === 'on');
const ENV_SECONDS = z.string().regex(WHOLE_NUMBER, { error: SECONDS_MESSAGE }).transform(Number).pipe(SECONDS);
const SmtpLimitsFile = z.strictObject(
  { maxConnections: LIMIT.optional(), maxConnectionsPerIp: LIMIT.optional(), sessionSeconds: LIMIT.optional(), idleSeconds: LIMIT.optional(), maxLines: LIMIT.optional(), maxHeaderBytes: LIMIT.optional() },
  { error: 'must be an object such as {"maxConnections": 100, "maxConnectionsPerIp": 20, "sessionSeconds": 120}' },
);
const ADDRESS_MESSAGE = 'must be a bare email address such as confirm@judge.example.org';
const ADDRESS = z.string({ error: ADDRESS_MESSAGE }).regex(EMAIL, { error: ADDRESS_MESSAGE });

const HOSTS_MESSAGE = 'must be host names separated by commas, such as mx.judge.example.org,mx2.judge.example.org';
const HOSTS = z
  .string({ error: HOSTS_MESSAGE })
  .regex(HOSTS_PATTERN, { error: HOSTS_MESSAGE })
  .transform(hostsOf);

const PROCESSED_MESSAGE = 'must be seen (flag stored messages \\Seen) or move:<folder> such as move:Processed';
const PROCESSED = z.string({ error: PROCESSED_MESSAGE }).regex(/^(seen|move:.+)$/, { error: PROCESSED_MESSAGE }).transform((v) => v as 'seen' | `move:${string}`);
const SELECTOR_MESSAGE = 'must be a DKIM selector such as mj1 (letters, digits, hyphens; dots between labels)';
const SELECTOR = z.string({ error: SELECTOR_MESSAGE }).regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/, { error: SELECTOR_MESSAGE });
const DOMAIN_MESSAGE = 'must be a domain name such as judge.example.org';
const DOMAIN = z.string({ error: DOMAIN_MESSAGE }).regex(/^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/, { error: DOMAIN_MESSAGE });
const KEY_FILE_MESSAGE = 'must be the path of a PEM private key file such as ./var/dkim/mj1.pem';
const KEY_FILE = z.string({ error: KEY_FILE_MESSAGE }).min(1, { error: KEY_FILE_MESSAGE });
const INSTANT_MESSAGE = 'must be an ISO 8601 instant with a zone, such as 2027-03-01T00:00:00Z';
const INSTANT = z.string({ error: INSTANT_MESSAGE }).regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/, { error: INSTANT_MESSAGE })
  .transform((s) => new Date(s)).refine((d) => !Number.isNaN(d.getTime()), { error: INSTANT_MESSAGE });
const SPEED_MESSAGE = 'must be a number above 0 and at most 100000, such as 60 (simulated seconds per real second)';
const SPEED = z.number({ error: SPEED_MESSAGE }).gt(0, { error: SPEED_MESSAGE }).max(100_000, { error: SPEED_MESSAGE });
const ENV_SPEED = z.string().regex(/^\d+(\.\d+)?$/, { error: SPEED_MESSAGE }).transform(Number).pipe(SPEED);
const CHANGES_MESSAGE = 'must be later speeds, each a real instant and a speed, such as 2026-11-27T03:00:00Z=3600 (several separated by commas, in increasing order)';
const SPEED_CHANGE = z.strictObject({ at: INSTANT, speed: SPEED }, { error: 'must be an object such as {"at": "2026-11-27T03:00:00Z", "speed": 3600}' });
const ENV_CHANGES = z.string().transform((text, ctx) => {
  const out: { at: Date; speed: number }[] = [];
  for (const item of text.split(',').map((x) => x.trim()).filter(Boolean)) {
    const m = /^(.+)=(\d+(?:\.\d+)?)$/.exec(item);
    const at = m ? INSTANT.safeParse(m[1]) : undefined;
    const speed = m ? SPEED.safeParse(Number(m[2])) : undefined;
    if (!at?.success || !speed?.success) {
      ctx.addIssue({ code: 'custom', message: CHANGES_MESSAGE });
      return z.NEVER;
    }
    out.push({ at: at.data, speed: speed.data });
  }
  return out;
});
const ImapFile = z.strictObject(
  { url: IMAP_URL, mailbox: MAILBOX.optional(), processed: PROCESSED.optional() },
  { error: 'must be an object such as {"url": "imaps://judge@imap.example.org:993", "mailbox": "INBOX"}' },
);
const ConfigFile = z.strictObject(
  {
    stateDir: STATE_DIR.optional(),
    databaseUrl: DATABASE_URL.optional(),
    postgres: z.strictObject({ port: PORT.optional() }, { error: `must be an object such as {"port": ${DEFAULT_PG_PORT}}` }).optional(),
    smtp: z.strictObject({ url: SMTP_URL }, { error: 'must be an object such as {"url": "smtps://judge@smtp.example.org:465"}' }).optional(),
    imap: ImapFile.optional(),
    confirmImap: ImapFile.optional(),
    fromAddress: FROM.optional(),
    smtpListen: LISTEN.optional(),
    confirmAddress: ADDRESS.optional(),
    pipeReceivedBy: HOSTS.optional(),
    smtpLimits: SmtpLimitsFile.optional(),
    webListen: LISTEN.optional(),
    webUrl: WEB_URL.optional(),
    clock: z.strictObject(
      { origin: INSTANT, anchor: INSTANT.optional(), speed: SPEED.optional(), changes: z.array(SPEED_CHANGE).optional() },
      { error: 'must be an object such as {"origin": "2027-03-01T00:00:00Z", "anchor": "2026-11-27T02:00:00Z", "speed": 60}' },
    ).optional(),
    workerConcurrency: LIMIT.optional(),
    databasePoolSize: LIMIT.optional(),
    statementTimeoutSeconds: SECONDS.optional(),
    databasePrepare: z.boolean({ error: 'must be true or false' }).optional(),
    dkim: z.strictObject(
      { selector: SELECTOR, domain: DOMAIN.optional(), keyFile: KEY_FILE.optional() },
      { error: 'must be an object such as {"selector": "mj1", "keyFile": "./var/dkim/mj1.pem"}' },
    ).optional(),
  },
  { error: 'must be a JSON object such as {"stateDir": "./var"}' },
);
type ConfigFile = z.infer<typeof ConfigFile>;

/** Which environment variable takes the password of a file key (for the fix-it message). */
const PASSWORD_VARIABLE: Readonly<Record<string, string>> = {
  databaseUrl: 'DATABASE_URL (the whole URL) or PGPASSWORD',
  smtp: 'MAILJUDGE_SMTP_PASSWORD',
  imap: 'MAILJUDGE_IMAP_PASSWORD',
  confirmImap: 'MAILJUDGE_CONFIRM_IMAP_PASSWORD',
};
const SECRET_KEY = /pass(word)?|secret|token|credential/i;

/** Report secrets in the file: password-like keys and URLs with a password. Returns the paths reported. */
function findSecrets(value: unknown, path: string[], problems: string[], reported: Set<string>): void {
  if (typeof value === 'string') {
    if (parseUrl(value)?.password) {
      reported.add(path.join('.'));
      problems.push(
        `config file ${path.join('.')}: the URL contains a password; remove it from the file and set ${PASSWORD_VARIABLE[path[0] ?? ''] ?? 'it in the environment'} instead`,
      );
    }
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, v] of Object.entries(value)) {
    const here = [...path, key];
    if (SECRET_KEY.test(key)) {
      reported.add(here.join('.'));
      problems.push(
        `config file ${here.join('.')}: secrets are read only from the environment; remove "${key}" from the file and set ${PASSWORD_VARIABLE[path[0] ?? key] ?? 'the matching MAILJUDGE_*_PASSWORD variable'} instead`,
      );
    } else {
      findSecrets(v, here, problems, reported);
    }
  }
}

function readFile(fileText: string, problems: string[]): ConfigFile {
  let json: unknown;
  try {
    json = JSON.parse(fileText);
  } catch (e) {
    problems.push(`config file: not valid JSON (${(e as Error).message}); fix the syntax or point --config / MAILJUDGE_CONFIG at another file`);
    return {};
  }
  const reported = new Set<string>();
  findSecrets(json, [], problems, reported);
  const r = ConfigFile.safeParse(json);
  if (r.success) return r.data;
  for (const issue of r.error.issues) {
    const at = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.filter((k) => !reported.has(at ? `${at}.${k}` : k));
      if (keys.length === 0) continue;
      const known = at === '' ? Object.keys(ConfigFile.shape) : at === 'postgres' ? ['port'] : at === 'smtp' ? ['url'] : at === 'smtpLimits' ? Object.keys(SMTP_LIMIT_VARIABLES) : at === 'dkim' ? ['selector', 'domain', 'keyFile'] : at === 'clock' ? ['origin', 'anchor', 'speed', 'changes'] : ['url', 'mailbox'];
      problems.push(`config file${at ? ` ${at}` : ''}: unknown key${keys.length > 1 ? 's' : ''} ${keys.map((k) => `"${k}"`).join(', ')}; the known keys are ${known.join(', ')}`);
    } else if (!reported.has(at)) {
      problems.push(`config file${at ? ` ${at}` : ''}: ${issue.message}`);
    }
  }
  return {};
}

/** Read one environment variable through a schema; '' counts as unset. */
function fromEnv<T>(env: Readonly<Record<string, string | undefined>>, name: string, schema: z.ZodType<T>, problems: string[]): T | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const shown = /PASSWORD|DATABASE_URL/.test(name) ? '' : `="${raw}"`;
  problems.push(`${name}${shown}: ${r.error.issues[0]?.message ?? 'invalid'}`);
  return undefined;
}

const ENV_PORT = z.string().regex(/^\d+$/, { error: PORT_MESSAGE }).transform(Number).pipe(PORT);

/**
 * Validate the configuration from the environment `env` and the config file's text (if any).
 * Environment variables override the file. Pure: returns every problem found, never throws.
 */
export function loadConfig(env: Readonly<Record<string, string | undefined>>, fileText?: string): LoadConfigResult {
  const problems: string[] = [];
  const file = fileText === undefined ? {} : readFile(fileText, problems);

  for (const name of Object.keys(env)) {
    if (name.startsWith('MAILJUDGE_') && !(name in ENVIRONMENT_VARIABLES) && env[name] !== undefined) {
      problems.push(`${name}: not a mailjudge setting (a typo?); the known ones are ${Object.keys(ENVIRONMENT_VARIABLES).filter((k) => k.startsWith('MAILJUDGE_')).join(', ')}`);
    }
  }

  const stateDir = fromEnv(env, 'MAILJUDGE_STATE_DIR', STATE_DIR, problems) ?? file.stateDir ?? DEFAULT_STATE_DIR;
  const databaseUrl = fromEnv(env, 'DATABASE_URL', DATABASE_URL, problems) ?? file.databaseUrl;
  const embeddedPort = fromEnv(env, 'MAILJUDGE_PG_PORT', ENV_PORT, problems) ?? file.postgres?.port ?? DEFAULT_PG_PORT;
  const fromAddress = fromEnv(env, 'MAILJUDGE_FROM_ADDRESS', FROM, problems) ?? file.fromAddress ?? DEFAULT_FROM_ADDRESS;
  const smtpListen = fromEnv(env, 'MAILJUDGE_SMTP_LISTEN', LISTEN, problems) ?? file.smtpListen;
  const confirmAddress = (fromEnv(env, 'MAILJUDGE_CONFIRM_ADDRESS', ADDRESS, problems) ?? file.confirmAddress)?.toLowerCase();
  const pipeReceivedBy = fromEnv(env, 'MAILJUDGE_PIPE_RECEIVED_BY', HOSTS, problems) ?? file.pipeReceivedBy ?? [];
  const webListen = fromEnv(env, 'MAILJUDGE_WEB_LISTEN', LISTEN, problems) ?? file.webListen;
  const webUrlSet = fromEnv(env, 'MAILJUDGE_WEB_URL', WEB_URL, problems) ?? file.webUrl;
  if (webUrlSet !== undefined && webListen === undefined) problems.push('MAILJUDGE_WEB_URL is set but the web view is off: set MAILJUDGE_WEB_LISTEN (or webListen in the config file) to host:port, or unset the URL');
  const webUrl = webUrlSet?.replace(/\/+$/, '') ?? (webListen ? `http://${webListen.host.includes(':') ? `[${webListen.host}]` : webListen.host}:${webListen.port}` : undefined);
  const workerConcurrency = fromEnv(env, 'MAILJUDGE_WORKER_CONCURRENCY', ENV_LIMIT, problems) ?? file.workerConcurrency ?? DEFAULT_WORKER_CONCURRENCY;
  const databasePoolSize = fromEnv(env, 'MAILJUDGE_DB_POOL_SIZE', ENV_LIMIT, problems) ?? file.databasePoolSize ?? DEFAULT_DATABASE_POOL_SIZE;
  const statementTimeoutSeconds = fromEnv(env, 'MAILJUDGE_STATEMENT_TIMEOUT_SECONDS', ENV_SECONDS, problems) ?? file.statementTimeoutSeconds ?? DEFAULT_STATEMENT_TIMEOUT_SECONDS;
  const databasePrepare = fromEnv(env, 'MAILJUDGE_DB_PREPARE', ENV_ON_OFF, problems) ?? file.databasePrepare ?? true;
  const anything = z.string();
  const smtpLimits = Object.fromEntries(
    (Object.keys(SMTP_LIMIT_VARIABLES) as (keyof SmtpListenLimits)[]).map((k) => [k, fromEnv(env, SMTP_LIMIT_VARIABLES[k], ENV_LIMIT, problems) ?? file.smtpLimits?.[k] ?? DEFAULT_SMTP_LISTEN_LIMITS[k]]),
  ) as unknown as SmtpListenLimits;

  const smtpUrl = fromEnv(env, 'MAILJUDGE_SMTP_URL', SMTP_URL, problems) ?? file.smtp?.url;
  const smtpPassword = fromEnv(env, 'MAILJUDGE_SMTP_PASSWORD', anything, problems);
  if (smtpPassword !== undefined && smtpUrl === undefined) {
    problems.push('MAILJUDGE_SMTP_PASSWORD is set but there is no smarthost: set MAILJUDGE_SMTP_URL (or smtp.url in the config file), or unset the password');
  }

  const mailbox = (prefix: string, key: 'imap' | 'confirmImap'): ImapConfig | undefined => {
    const url = fromEnv(env, `${prefix}_URL`, IMAP_URL, problems) ?? file[key]?.url;
    const password = fromEnv(env, `${prefix}_PASSWORD`, anything, problems);
    const name = fromEnv(env, `${prefix}_MAILBOX`, MAILBOX, problems) ?? file[key]?.mailbox ?? 'INBOX';
    const after = fromEnv(env, `${prefix}_PROCESSED`, PROCESSED, problems) ?? file[key]?.processed ?? 'seen';
    if (url === undefined) {
      if (password !== undefined) problems.push(`${prefix}_PASSWORD is set but there is no server: set ${prefix}_URL (or ${key}.url in the config file), or unset the password`);
      return undefined;
    }
    return { url, password: password ?? (decodeURIComponent(parseUrl(url)?.password ?? '') || undefined), mailbox: name, after };
  };
  const imap = mailbox('MAILJUDGE_IMAP', 'imap');
  const confirmImap = mailbox('MAILJUDGE_CONFIRM_IMAP', 'confirmImap');

  const selector = fromEnv(env, 'MAILJUDGE_DKIM_SELECTOR', SELECTOR, problems) ?? file.dkim?.selector;
  const dkimDomain = fromEnv(env, 'MAILJUDGE_DKIM_DOMAIN', DOMAIN, problems) ?? file.dkim?.domain;
  const keyFile = fromEnv(env, 'MAILJUDGE_DKIM_KEY_FILE', KEY_FILE, problems) ?? file.dkim?.keyFile;
  if (selector === undefined && (dkimDomain !== undefined || keyFile !== undefined)) {
    problems.push('a DKIM domain or key file is set but no selector: set MAILJUDGE_DKIM_SELECTOR (or dkim.selector in the config file), e.g. mj1');
  }
  const dkim = selector === undefined ? undefined : {
    selector,
    domain: (dkimDomain ?? fromAddress.slice(fromAddress.lastIndexOf('@') + 1)).toLowerCase(),
    keyFile: keyFile ?? `${stateDir.replace(/\/+$/, '')}/dkim/${selector}.pem`,
  };

  // Issue 30: the fast clock (src/config/clock.ts), off unless an origin is given.
  const clockOrigin = fromEnv(env, 'MAILJUDGE_CLOCK_ORIGIN', INSTANT, problems) ?? file.clock?.origin;
  const clockAnchor = fromEnv(env, 'MAILJUDGE_CLOCK_ANCHOR', INSTANT, problems) ?? file.clock?.anchor;
  const clockSpeed = fromEnv(env, 'MAILJUDGE_CLOCK_SPEED', ENV_SPEED, problems) ?? file.clock?.speed;
  const clockChanges = fromEnv(env, 'MAILJUDGE_CLOCK_CHANGES', ENV_CHANGES, problems) ?? file.clock?.changes;
  if (clockOrigin === undefined && (clockAnchor !== undefined || clockSpeed !== undefined || clockChanges !== undefined)) {
    problems.push('a clock anchor, speed or change is set but no origin: set MAILJUDGE_CLOCK_ORIGIN (or clock.origin in the config file), or unset them to run on the real clock');
  }
  const clockAnchorOrOrigin = clockAnchor ?? clockOrigin;
  // Each change after the anchor and the one before it: the formula is then one piece after another.
  clockChanges?.forEach((c, i) => {
    const before = i === 0 ? clockAnchorOrOrigin : clockChanges[i - 1]!.at;
    if (before !== undefined && c.at.getTime() <= before.getTime()) problems.push(`MAILJUDGE_CLOCK_CHANGES: ${c.at.toISOString()}=${c.speed} must come after ${i === 0 ? 'the clock anchor' : 'the change before it'} (${before.toISOString()}): ${CHANGES_MESSAGE}`);
  });
  const clock = clockOrigin === undefined ? undefined : { origin: clockOrigin, anchor: clockAnchorOrOrigin!, speed: clockSpeed ?? 1, ...(clockChanges?.length ? { changes: clockChanges } : {}) };

  if (problems.length > 0) return { ok: false, problems };
  const smtp = smtpUrl === undefined ? undefined : { url: smtpUrl, password: smtpPassword ?? (decodeURIComponent(parseUrl(smtpUrl)?.password ?? '') || undefined) };
  return { ok: true, config: { stateDir, databaseUrl, embeddedPort, smtp, imap, confirmImap, fromAddress, smtpListen, confirmAddress, pipeReceivedBy, smtpLimits, workerConcurrency, databasePoolSize, statementTimeoutSeconds, databasePrepare, ...(dkim ? { dkim } : {}), ...(webListen ? { webListen, webUrl } : {}), ...(clock ? { clock } : {}) } };
}

/** `url` with any password replaced by `***`, for logs and `--help` output. Pure. */
export function redactUrl(url: string): string {
  const u = parseUrl(url);
  if (!u || !u.password) return url;
  u.password = '***';
  return u.toString();
}
