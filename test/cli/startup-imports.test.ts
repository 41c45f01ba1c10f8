/**
 * Issue 29, "Commands that start at once": the CLI loads only the command it runs. `--help`, `dice
 * roll` and `check-orders` on a bare body must not load the engine's neighbours, zod, the database or
 * the mail parser, and `ingest` stores its message before it loads zod, Kysely or the mail parser;
 * the modules each one loads are listed by a loader hook (test/helpers/module-trace.mjs).
 * The start-up times themselves are measured by `npm run bench:startup` (docs/startup.md), not here:
 * a timed test would fail on a loaded machine.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, ROOT } from '../helpers/cli.js';
import { createTestDatabase } from '../helpers/test-db.js';
import { migrateQueue } from '../../src/worker/queue.js';

const dir = mkdtempSync(join(tmpdir(), 'mj-startup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
/** Run the built CLI; the modules it loaded, as `dist/src/…` paths and `npm:<package>` names. */
function loaded(args: string[], input = '', extraEnv: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string; modules: string[] } {
  const out = join(dir, `trace-${n++}.txt`);
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', MODULE_TRACE_OUT: out, ...extraEnv };
  const r = spawnSync(process.execPath, ['--import', join(ROOT, 'test/helpers/module-trace.mjs'), CLI, ...args], { input, encoding: 'utf8', env });
  if (r.error) throw r.error;
  const urls = readFileSync(out, 'utf8').split('\n').filter(Boolean);
  const modules = [...new Set(urls.map((u) => {
    const pkg = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u);
    if (pkg) return `npm:${pkg[1]}`;
    const own = /\/(dist\/.*)$/.exec(u);
    return own ? own[1]! : u;
  }))];
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, modules };
}

/** The declarations every command loads: src/cli's register modules (not commands/, gm/, reproduce/) and the help's defaults. */
const DECLARATIONS = /^dist\/src\/(cli\/[^/]+\.js|config\/defaults\.js)$/;
/** The declarations a command named in the arguments loads (src/cli/program-for.ts): main.ts, the table, the failure's exit, and its own register module with what that imports. */
const declared = (...own: string[]) => ['main.js', 'compile-cache.js', 'program-for.js', 'empty-program.js', 'fail.js', ...own].map((m) => `dist/src/cli/${m}`).sort();

describe('the CLI loads only the command it runs (issue 29)', () => {
  it('--help loads commander and the command declarations only', () => {
    const r = loaded(['--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Usage: mailjudge');
    expect(r.modules.filter((m) => !DECLARATIONS.test(m) && m !== 'npm:commander' && !m.endsWith('dist/src/cli/main.js'))).toEqual([]);
    // A register module that imported its command's code at the top would show here.
    expect(r.modules.filter((m) => m.startsWith('dist/src/cli/commands/'))).toEqual([]);
  });

  it('dice roll loads the dice and nothing of the engine, zod or the database', () => {
    const r = loaded(['dice', 'roll', '2d6', '--seed', 'startup', '--nonce', '1']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).dice).toHaveLength(2);
    const extra = r.modules.filter((m) => !DECLARATIONS.test(m) && m !== 'npm:commander');
    expect(extra.sort()).toEqual(['dist/src/cli/commands/dice.js', 'dist/src/dice/index.js', 'dist/src/dice/notation.js', 'dist/src/dice/seeded.js']);
    // Only the register module of `dice`, not the whole program's (program.ts).
    expect(r.modules.filter((m) => DECLARATIONS.test(m)).sort()).toEqual(declared('engine-commands.js', 'input-error.js', 'stdin.js'));
  });

  it('check-orders on a bare body loads the engine and the sheet parser, not zod, the mail parser or the database', () => {
    const r = loaded(['check-orders', '--phase', 'S1901M', '--power', 'FRANCE', '--json'], 'A PAR - BUR\nF BRE - MAO\n');
    expect(r.status).toBe(0);
    expect((JSON.parse(r.stdout) as { orders: { order: string }[] }).orders.map((o) => o.order)).toEqual(['A PAR - BUR', 'F BRE - MAO']);
    expect(r.modules.filter((m) => m.startsWith('npm:'))).toEqual(['npm:commander']);
    expect(r.modules.filter((m) => /dist\/src\/(db|mail|service|worker|coalition|tournament)\//.test(m))).toEqual([]);
    // The engine and the sheet reader are one file each (scripts/bundle-engine.ts, run by `npm run build`).
    expect(r.modules.filter((m) => m.startsWith('dist/src/diplomacy/')).sort()).toEqual(['dist/src/diplomacy/index.js', 'dist/src/diplomacy/sheet/index.js']);
    expect(r.modules.filter((m) => DECLARATIONS.test(m)).sort()).toEqual(declared('engine-commands.js', 'input-error.js', 'stdin.js'));
  });

  it('check-orders on a whole message loads the mail parser when it needs it', () => {
    const message = 'From: ann@example.org\r\nSubject: orders\r\n\r\nA PAR - BUR\r\n';
    const r = loaded(['check-orders', '--phase', 'S1901M', '--power', 'FRANCE', '--json'], message);
    expect(r.status).toBe(0);
    expect((JSON.parse(r.stdout) as { orders: { order: string }[] }).orders.map((o) => o.order)).toEqual(['A PAR - BUR']);
    expect(r.modules).toContain('npm:mailparser');
    expect(r.modules).not.toContain('npm:kysely');
  });

  it('ingest stores the message on a bare pg client before it loads zod, Kysely or the mail parser', async () => {
    // A migrated database whose inbound_messages refuses every insert: the store path runs up to its
    // INSERT and fails there (75), so the trace holds exactly what loaded before the message is stored.
    const t = await createTestDatabase();
    try {
      await migrateQueue(t.url);
      await sql`CREATE FUNCTION refuse_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the startup test'; END $$`.execute(t.db);
      await sql`CREATE TRIGGER refuse_insert BEFORE INSERT ON inbound_messages FOR EACH ROW EXECUTE FUNCTION refuse_insert()`.execute(t.db);
      const message = 'From: ann@example.org\r\nTo: g@judge.example.org\r\nSubject: orders\r\nMessage-ID: <startup@example.org>\r\n\r\nA PAR - BUR\r\n';
      const r = loaded(['ingest'], message, { DATABASE_URL: t.url, MAILJUDGE_LOG_LEVEL: 'silent' });
      expect(r.status, r.stderr).toBe(75);
      expect(JSON.parse(r.stdout)).toEqual({ error: expect.stringMatching(/^the message could not be stored: refused by the startup test/) });
      // pg and the packages it requires (the trace sees CommonJS files too).
      const pgPackages = ['npm:pg', 'npm:pg-connection-string', 'npm:pg-int8', 'npm:pg-pool', 'npm:pg-protocol', 'npm:pg-types', 'npm:postgres-array', 'npm:postgres-bytea', 'npm:postgres-date', 'npm:postgres-interval', 'npm:xtend'];
      expect(r.modules.filter((m) => m.startsWith('npm:')).sort()).toEqual(['npm:commander', 'npm:luxon', ...pgPackages]);
      // Of the judge's own modules: the declarations, the settings, the statements and the pure receipt code.
      const own = r.modules.filter((m) => !m.startsWith('npm:') && !DECLARATIONS.test(m) && !m.endsWith('dist/src/cli/main.js'));
      expect(own.filter((m) => /dist\/src\/(worker|web|diplomacy|coalition|tournament)\//.test(m))).toEqual([]);
      expect(own.filter((m) => /dist\/src\/service\//.test(m)).sort()).toEqual(['dist/src/service/intake/pipe-receipt.js', 'dist/src/service/intake/receipt-queue.js']);
      expect(own).not.toContain('dist/src/config/config.js');
      expect(own).not.toContain('dist/src/db/database.js');
      // pg loads without Node's fetch (src/cli/commands/ingest.ts requirePg).
      expect(r.modules).not.toContain('node:undici');
      expect(r.modules.filter((m) => DECLARATIONS.test(m)).sort()).toEqual([...declared('ingest-command.js', 'stdin.js'), 'dist/src/config/defaults.js'].sort()); // defaults.js: pipe-settings.ts's
    } finally {
      await t.close();
    }
  });

  it('ingest --queue stores and exits without ever loading Kysely or the mail parser (zod checks the configuration after the store)', async () => {
    const t = await createTestDatabase();
    try {
      await migrateQueue(t.url);
      const message = 'From: ann@example.org\r\nTo: g@judge.example.org\r\nSubject: orders\r\nMessage-ID: <startup-queue@example.org>\r\n\r\nA PAR - BUR\r\n';
      const r = loaded(['ingest', '--queue'], message, { DATABASE_URL: t.url, MAILJUDGE_LOG_LEVEL: 'silent' });
      expect(r.status, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ kind: 'stored', created: true, queue: 'intake:other' });
      const npm = r.modules.filter((m) => m.startsWith('npm:'));
      expect(npm).toContain('npm:zod');
      for (const heavy of ['npm:kysely', 'npm:mailparser', 'npm:graphile-worker', 'npm:mailauth']) expect(npm).not.toContain(heavy);
    } finally {
      await t.close();
    }
  });
});
