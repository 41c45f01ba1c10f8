/**
 * Backup and restore of the judge's database (issue 27): a logical export of every table of the
 * judge's schema (the raw mail archive included), read in ONE `REPEATABLE READ READ ONLY`
 * transaction, so the file is one consistent instant even while the judge runs and writes; and its
 * restore into an empty database. (No `pg_dump` ships with the embedded server, and a system
 * `pg_dump` older than the server refuses it: the export needs nothing but the connection.)
 *
 * The file is gzip'd JSON lines: a header (format, the migrations applied, the tables), then per
 * table a `{"table": …, "columns": […]}` line followed by one JSON array per row, in primary-key
 * order. Restoring applies exactly the backup's migrations, loads the rows (foreign keys satisfied
 * by loading parents first), resets the identity sequences, then applies any newer migrations of this
 * build: an upgrade and a restore are the same path. The job queue (graphile_worker) is not copied:
 * the restored judge re-creates the adjudication jobs at start, and the restore queues a send for
 * every outbox mail still pending.
 */
import { createReadStream, createWriteStream, mkdtempSync, copyFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'kysely';
import type { Db, Trx } from './schema.js';
import { migrate, readMigrations } from './migrate.js';
import { defaultMigrationsDir } from './migration-files.js';
import { DbError } from './errors.js';

export const BACKUP_FORMAT = 'mailjudge-backup';
export const BACKUP_VERSION = 1;
/** Rows read (and written back) per query. */
const BATCH_ROWS = 500;

export interface BackupHeader {
  readonly format: typeof BACKUP_FORMAT;
  readonly version: number;
  /** When the snapshot was taken (the database's clock, start of the transaction). */
  readonly takenAt: string;
  readonly migrations: readonly { readonly name: string; readonly checksum: string }[];
  readonly tables: readonly string[];
}

export interface BackupSummary {
  readonly takenAt: string;
  readonly tables: number;
  readonly rows: number;
  readonly bytes?: number;
}

interface TableInfo {
  readonly name: string;
  /** Columns that can be written (not GENERATED … STORED). */
  readonly columns: readonly string[];
  readonly primaryKey: readonly string[];
}

/** The judge's tables in the public schema, parents before children (foreign keys), with their writable columns and primary key. */
async function tablesInOrder(db: Db): Promise<TableInfo[]> {
  const tables = (await sql<{ name: string }>`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`.execute(db)).rows.map((r) => r.name);
  const columns = (await sql<{ table: string; column: string }>`SELECT c.relname AS table, a.attname AS column FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '' ORDER BY c.relname, a.attnum`.execute(db)).rows;
  const keys = (await sql<{ table: string; column: string }>`SELECT c.relname AS table, a.attname AS column FROM pg_index i
    JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord) ON true
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
    WHERE n.nspname = 'public' AND i.indisprimary ORDER BY c.relname, k.ord`.execute(db)).rows;
  const edges = (await sql<{ child: string; parent: string }>`SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
    JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE k.contype = 'f' AND n.nspname = 'public' AND c.relname <> p.relname`.execute(db)).rows;
  const ordered: string[] = [];
  const done = new Set<string>();
  const visit = (t: string, path: Set<string>) => {
    if (done.has(t) || path.has(t)) return;
    path.add(t);
    for (const e of edges) if (e.child === t) visit(e.parent, path);
    path.delete(t);
    done.add(t);
    ordered.push(t);
  };
  for (const t of tables) visit(t, new Set());
  return ordered.map((name) => ({
    name,
    columns: columns.filter((c) => c.table === name).map((c) => c.column),
    primaryKey: keys.filter((k) => k.table === name).map((k) => k.column),
  }));
}

const ident = (name: string) => sql.id(name);
const orderBy = (t: TableInfo) => (t.primaryKey.length > 0 ? sql.join(t.primaryKey.map(ident)) : sql`ctid`);

/**
 * Write a consistent backup of `db` to `file` (through `file.partial`, renamed into place when
 * complete, so a cut-short backup never looks like one).
 */
export async function writeBackup(db: Db, file: string): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  let summary: BackupSummary | undefined;
  async function* lines(trx: Trx): AsyncGenerator<string> {
    await sql`SET TRANSACTION READ ONLY`.execute(trx);
    const takenAt = (await sql<{ at: Date }>`SELECT transaction_timestamp() AS at`.execute(trx)).rows[0]!.at.toISOString();
    const tables = await tablesInOrder(trx);
    const migrations = (await sql<{ name: string; checksum: string }>`SELECT name, checksum FROM schema_migrations ORDER BY name`.execute(trx)).rows;
    const header: BackupHeader = { format: BACKUP_FORMAT, version: BACKUP_VERSION, takenAt, migrations, tables: tables.map((t) => t.name) };
    yield `${JSON.stringify(header)}\n`;
    let rows = 0;
    for (const t of tables) {
      yield `${JSON.stringify({ table: t.name, columns: t.columns })}\n`;
      const cols = sql.join(t.columns.map(ident));
      for (let offset = 0; ; offset += BATCH_ROWS) {
        // to_jsonb keeps every value's text form (bytea as \x hex, timestamps with their zone), which json_populate_record reads back exactly.
        const batch = (await sql<{ r: unknown[] }>`SELECT jsonb_build_array(${sql.join(t.columns.map((c) => sql`to_jsonb(${ident(c)})`))}) AS r
          FROM (SELECT ${cols} FROM ${ident(t.name)} ORDER BY ${orderBy(t)} LIMIT ${BATCH_ROWS} OFFSET ${offset}) s`.execute(trx)).rows;
        for (const b of batch) yield `${JSON.stringify(b.r)}\n`;
        rows += batch.length;
        if (batch.length < BATCH_ROWS) break;
      }
    }
    summary = { takenAt, tables: tables.length, rows };
  }
  try {
    await db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
      await pipeline(Readable.from(lines(trx)), createGzip(), createWriteStream(partial, { mode: 0o600 }));
    });
    renameSync(partial, file);
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  }
  return summary!;
}

/** Lines of a backup file. */
async function* readLines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file).pipe(createGunzip());
  for await (const line of createInterface({ input, crlfDelay: Infinity })) if (line !== '') yield line;
}

/** Whether `db` holds no data of the judge's (no table, or every table of the judge's schema empty). */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const tables = (await sql<{ name: string }>`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> 'schema_migrations'`.execute(db)).rows;
  for (const t of tables) {
    const r = await sql<{ any: boolean }>`SELECT EXISTS (SELECT 1 FROM ${ident(t.name)}) AS any`.execute(db);
    if (r.rows[0]!.any) return false;
  }
  return true;
}

/**
 * Restore `file` into `db`, which must hold no data. Applies the backup's migrations, loads every
 * row, resets identity sequences, then applies this build's newer migrations (returned as `upgraded`).
 * Throws a {@link DbError} (`restore-refused`) for a non-empty database, a file that is not a
 * backup, or a backup with a migration this build does not have.
 */
export async function restoreBackup(db: Db, file: string): Promise<BackupSummary & { upgraded: string[] }> {
  const refuse = (message: string): never => {
    throw new DbError('restore-refused', message);
  };
  if (!(await isEmptyDatabase(db))) refuse('the target database holds data; restore only into an empty database or an empty state directory');
  const it = readLines(file);
  const first = await it.next();
  let header: BackupHeader | undefined;
  try {
    header = first.done ? undefined : (JSON.parse(first.value) as BackupHeader);
  } catch {
    header = undefined;
  }
  if (!header || header.format !== BACKUP_FORMAT) return refuse(`${file} is not a mailjudge backup`);
  if (header.version > BACKUP_VERSION) refuse(`${file} is a version ${header.version} backup; this build reads version ${BACKUP_VERSION}: restore with a newer mailjudge`);
  const files = readMigrations();
  const byName = new Map(files.map((f) => [f.name, f]));
  const missing = header.migrations.filter((m) => !byName.has(m.name));
  if (missing.length > 0) refuse(`the backup has migrations this build does not know (${missing.map((m) => m.name).join(', ')}): restore with the mailjudge that made it, or a newer one`);
  // The schema as the backup knew it: exactly its migrations, from a folder holding only those files.
  const dir = mkdtempSync(join(tmpdir(), 'mj-restore-'));
  try {
    for (const m of header.migrations) copyFileSync(join(defaultMigrationsDir(), `${m.name}.sql`), join(dir, `${m.name}.sql`));
    await migrate(db, { dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  let rows = 0;
  let tables = 0;
  await db.transaction().execute(async (trx) => {
    let current: { table: string; columns: string[] } | undefined;
    let skipping = false; // schema_migrations: made by migrate above, its rows are not loaded again
    let batch: unknown[][] = [];
    const flush = async () => {
      if (!current || batch.length === 0) return;
      const c = current;
      const records = batch.map((r) => Object.fromEntries(c.columns.map((name, i) => [name, r[i]])));
      const cols = sql.join(c.columns.map(ident));
      await sql`INSERT INTO ${ident(c.table)} (${cols}) OVERRIDING SYSTEM VALUE
        SELECT ${cols} FROM jsonb_populate_recordset(NULL::${ident(c.table)}, ${JSON.stringify(records)}::jsonb)`.execute(trx);
      rows += batch.length;
      batch = [];
    };
    for await (const line of it) {
      const v = JSON.parse(line) as unknown;
      if (Array.isArray(v)) {
        if (skipping) continue;
        if (!current) refuse(`${file}: a row before any table`);
        batch.push(v);
        if (batch.length >= BATCH_ROWS) await flush();
      } else {
        await flush();
        const t = v as { table: string; columns: string[] };
        skipping = t.table === 'schema_migrations';
        current = skipping ? undefined : t;
        if (!skipping) tables++;
      }
    }
    await flush();
    // Identity columns continue after the restored rows.
    const identities = (await sql<{ table: string; column: string }>`SELECT c.relname AS table, a.attname AS column FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND a.attidentity <> '' AND NOT a.attisdropped`.execute(trx)).rows;
    for (const i of identities) {
      await sql`SELECT setval(pg_get_serial_sequence(${`public.${i.table}`}, ${i.column}), GREATEST(1, (SELECT coalesce(max(${ident(i.column)}), 0) FROM ${ident(i.table)})), (SELECT count(*) > 0 FROM ${ident(i.table)}))`.execute(trx);
    }
  });
  const upgraded = await migrate(db);
  return { takenAt: header.takenAt, tables, rows, upgraded };
}
