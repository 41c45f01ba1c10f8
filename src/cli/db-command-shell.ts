/**
 * The shared shell of the database-backed CLI commands: read the configuration (every problem at
 * once), validate the input before touching the database, open (and migrate) the database, run,
 * print text or `--json`, close. Loaded only when such a command runs (src/cli/db-commands.ts), so
 * the engine commands do not pay for pg, kysely and luxon at start-up.
 *
 * Exit codes: 0 done; 2 bad input or configuration, every problem listed (JSON `{error, problems}`
 * on stdout with `--json`, as the engine commands do; a list on stderr otherwise), or a command over
 * several games done for some and refused for others (what was done on stdout, the refusals listed
 * after it); 1 the database could not be opened or failed.
 */
import { findJudgeAddresses } from '../db/judge-settings.js';
import { sql } from 'kysely';
import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { userInfo } from 'node:os';
import { readConfig } from '../config/read-config.js';
import { createLogger, useLogger } from '../config/log.js';
import { openDatabase } from '../db/connect.js';
import type { Db } from '../db/schema.js';
import { formatGmt, type CommandResult } from '../service/command-result.js';
import { rollbackPhase } from '../service/diplomacy/rollback-phase.js';
import { migrateQueue } from '../worker/queue.js';
import { runGameCreate } from './commands/game-create.js';
import { runGameShow } from './commands/game-show.js';
import { runAudit } from './commands/audit.js';
import { runQuarantine } from './commands/quarantine.js';
import { runWebLink, type WebLinkAsk } from '../service/web-link.js';
import { runMigrate } from './commands/migrate.js';
import { runTournamentCreate, runTournamentTd, runTournamentShow } from './commands/tournament.js';
import { parseGameSpec, type GameSpecOptions } from './game-spec.js';
import { runTournamentAdvance, runTournamentAdvanceCorrect, runTournamentAssignDb, runTournamentRegister, runTournamentRevealSeed, runTournamentStandings, runTournamentTrophies } from './commands/tournament-td.js';
import { readRegistration } from './registration-file.js';
import { judgeNow } from '../config/clock.js';

/** The options every database command takes. */
export interface CommonOptions {
  readonly config?: string;
  readonly json?: boolean;
}

function actor(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}

function listProblems(command: string, problems: readonly string[]): void {
  const n = problems.length;
  process.stderr.write(`mailjudge ${command}: ${n} problem${n > 1 ? 's' : ''}:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
}

function report(result: CommandResult, json: boolean, command: string): void {
  if (result.ok) {
    process.stdout.write(json ? `${JSON.stringify(result.json)}\n` : `${result.text}\n`);
    // Done in part (a command over several games): what was done above, what was refused after it.
    if (result.refused !== undefined && result.refused.length > 0) {
      process.exitCode = 2;
      if (!json) listProblems(command, result.refused);
    }
    return;
  }
  process.exitCode = 2;
  if (json) process.stdout.write(`${JSON.stringify({ error: result.problems[0], problems: result.problems })}\n`);
  else listProblems(command, result.problems);
}

/**
 * Run one command: configuration, then `check` (pure input validation: problems, or the value
 * `run` needs), then the database. Never throws; sets `process.exitCode`.
 */
export async function execute<T>(
  command: string,
  opts: CommonOptions,
  check: () => { ok: true; value: T } | { ok: false; problems: string[] },
  run: (db: Db, value: T, applied: readonly string[], ctx: { url: string; fromAddress: string; actor: string }) => Promise<CommandResult>,
): Promise<void> {
  const json = opts.json === true;
  const config = readConfig({ ...(opts.config !== undefined ? { configPath: opts.config } : {}) });
  const input = check();
  const found = [...(config.ok ? [] : config.problems), ...(input.ok ? [] : input.problems)];
  if (!config.ok || !input.ok) return report({ ok: false, problems: found }, json, command);
  try {
    const open = await openDatabase(config.config);
    try {
      const url = config.config.databaseUrl ?? open.embedded!.url;
      // The job queue's schema with ours: a command that queues mail (tournament create, game create,
      // the TD's and GM's commands) works on a database no `mailjudge start` has opened yet.
      const queue = await sql<{ present: boolean }>`SELECT to_regclass('graphile_worker.jobs') IS NOT NULL AS present`.execute(open.db);
      if (!queue.rows[0]?.present) await migrateQueue(url);
      // The judge's own From (recorded by `mailjudge start`) wins over the calling shell's (issue #26, item 11).
      const fromAddress = (await findJudgeAddresses(open.db))?.fromAddress ?? config.config.fromAddress;
      report(await run(open.db, input.value, open.applied, { url, fromAddress, actor: actor() }), json, command);
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

/** A `--from` file's text and format (by its extension, else by its first character). */
function readFromFile(path: string): { ok: true; text: string; format: 'json' | 'csv' } | { ok: false; problems: string[] } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return { ok: false, problems: [`--from ${path}: cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`] };
  }
  const ext = extname(path).toLowerCase();
  return { ok: true, text, format: ext === '.json' ? 'json' : ext === '.csv' ? 'csv' : text.trimStart().startsWith('{') ? 'json' : 'csv' };
}

function readGameFile(path: string, options: GameSpecOptions) {
  const file = readFromFile(path);
  if (!file.ok) return file;
  const r = parseGameSpec(file.text, file.format, options, basename(path));
  return r.ok ? { ok: true as const, value: r.spec } : { ok: false as const, problems: r.problems };
}

/** `mailjudge migrate`. */
export function migrateCommand(opts: CommonOptions): Promise<void> {
  return execute('migrate', opts, noInput, async (_db, _v, applied) => runMigrate(applied));
}

/** `mailjudge tournament create <slug> --name <name>`. */
export function tournamentCreateCommand(slug: string, opts: CommonOptions & { name: string; td?: string; tdName?: string }): Promise<void> {
  return execute('tournament create', opts, noInput, (db, _v, _a, ctx) =>
    runTournamentCreate(db, { slug, name: opts.name, ...(opts.td ? { td: { email: opts.td, name: opts.tdName } } : {}) }, actor(), { fromAddress: ctx.fromAddress, now: judgeNow() }));
}

/** `mailjudge tournament td <slug> <address> [--name <name>]`. */
export function tournamentTdCommand(slug: string, address: string, opts: CommonOptions & { name?: string }): Promise<void> {
  return execute('tournament td', opts, noInput, (db, _v, _a, ctx) => runTournamentTd(db, slug, { email: address, name: opts.name }, actor(), { fromAddress: ctx.fromAddress, now: judgeNow() }));
}

/** `mailjudge person alternate <address> [<other>] [--clear]` (issue 27). */
export function personAlternateCommand(address: string, other: string | undefined, opts: CommonOptions & { clear?: boolean }): Promise<void> {
  return execute('person alternate', opts, noInput, async (db, _v, _a, ctx) => {
    const { runPersonAlternate } = await import('../service/alternate-address.js');
    return runPersonAlternate(db, address, other, opts.clear === true, ctx.actor);
  });
}

/** `mailjudge tournament show <slug>`. */
export function tournamentShowCommand(slug: string, opts: CommonOptions): Promise<void> {
  return execute('tournament show', opts, noInput, (db) => runTournamentShow(db, slug));
}

/** `mailjudge game create --from <file>`. */
export function gameCreateCommand(opts: CommonOptions & GameSpecOptions & { from: string }): Promise<void> {
  return execute('game create', opts, () => readGameFile(opts.from, opts), async (db, spec, _applied, ctx) => {
    await migrateQueue(ctx.url); // the game-start mail goes through the queue
    return runGameCreate(db, spec, actor(), judgeNow(), ctx.fromAddress);
  });
}

/** `mailjudge game show <game>`. */
export function gameShowCommand(id: string, opts: CommonOptions): Promise<void> {
  return execute('game show', opts, noInput, (db) => runGameShow(db, id, judgeNow()));
}

/** `mailjudge rollback <game> <phase> --td-approval <note> [--deadline <instant>]` (D.VIII(1)). */
export function rollbackCommand(gameId: string, phase: string, opts: CommonOptions & { tdApproval: string; deadline?: string }): Promise<void> {
  const check = () => {
    if (opts.deadline === undefined) return { ok: true as const, value: undefined };
    const at = new Date(opts.deadline);
    return Number.isNaN(at.getTime()) || !/[zZ]|[+-]\d\d:?\d\d$/.test(opts.deadline)
      ? { ok: false as const, problems: [`--deadline ${opts.deadline}: give an ISO 8601 instant with its zone, e.g. 2024-05-08T12:00Z`] }
      : { ok: true as const, value: at };
  };
  return execute('rollback', opts, check, async (db, deadline, _applied, ctx) => {
    await migrateQueue(ctx.url);
    const r = await rollbackPhase(db, { gameId, phase, tdApproval: opts.tdApproval, actor: actor(), now: judgeNow(), clock: judgeNow, fromAddress: ctx.fromAddress, ...(deadline ? { deadline } : {}) });
    if (!r.ok) return { ok: false, problems: [r.problem] };
    const json = { game: gameId, phase: r.phase, generation: r.generation, deadline: r.deadline.toISOString(), withdrawn: r.withdrawn, carriedSets: r.carried, notified: r.notified };
    const text = [
      `${gameId} ${r.phase} is open again (generation ${r.generation}), with the TD's approval recorded.`,
      `  withdrawn:  ${r.withdrawn.join(', ')}`,
      `  standing order sets carried over: ${r.carried}`,
      `  new deadline: ${formatGmt(r.deadline)}`,
      `  notices queued: ${r.notified} (every player and the GM); the running judge (mailjudge start) sends them and adjudicates at the deadline.`,
    ].join('\n');
    return { ok: true, text, json };
  });
}

/** `mailjudge audit --game <game> (--power <power> | --player <name> | --army <name>) [--phase <phase>]` (the TD, D.VII(1), D.VII(7); the Coalition judges, 1.3). */
export function auditCommand(opts: CommonOptions & { game: string; power?: string; player?: string; army?: string; phase?: string }): Promise<void> {
  const pick = (k: 'power' | 'player' | 'army' | 'phase') => (opts[k] !== undefined ? { [k]: opts[k] } : {});
  return execute('audit', opts, noInput, (db) => runAudit(db, { game: opts.game, ...pick('power'), ...pick('player'), ...pick('army'), ...pick('phase') }));
}

/** `mailjudge quarantine [--game <game>]`: the messages the judge stored but did not read, and those waiting to be decided (issue 20). */
export function quarantineCommand(opts: CommonOptions & { game?: string }): Promise<void> {
  return execute('quarantine', opts, noInput, (db) => runQuarantine(db, { ...(opts.game ? { game: opts.game } : {}) }));
}

function readRegistrationFile(path: string) {
  const file = readFromFile(path);
  if (!file.ok) return file;
  // Every problem at once: the rows' own (here), then B.2/B.5 and the database's (registerTournament).
  const r = readRegistration(file.text, file.format);
  const rows = r.problems.map((p) => `${basename(path)}: ${p}`);
  return r.registration ? { ok: true as const, value: { registration: r.registration, rows } } : { ok: false as const, problems: rows };
}

function roundOption(text: string | undefined, required: boolean): { ok: true; value: number | undefined } | { ok: false; problems: string[] } {
  if (text === undefined) return required ? { ok: false, problems: ['--round <n>: give the round, 1 to 4'] } : { ok: true, value: undefined };
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= 4 ? { ok: true, value: n } : { ok: false, problems: [`--round ${text}: a round number, 1 to 4 (B.1)`] };
}

/** `mailjudge tournament register <slug> --from <file.csv|file.json>` (B.2, B.5). */
export function tournamentRegisterCommand(slug: string, opts: CommonOptions & { from: string }): Promise<void> {
  return execute('tournament register', opts, () => readRegistrationFile(opts.from), (db, reg, _a, ctx) => runTournamentRegister(db, slug, reg.registration, actor(), { fromAddress: ctx.fromAddress, now: judgeNow() }, reg.rows));
}

/** `mailjudge tournament standings <slug> [--round N] [--csv|--json]`. */
export function tournamentStandingsCommand(slug: string, opts: CommonOptions & { round?: string; csv?: boolean }): Promise<void> {
  return execute('tournament standings', opts, () => roundOption(opts.round, false), (db, round) =>
    runTournamentStandings(db, slug, { ...(round !== undefined ? { round } : {}), format: opts.json ? 'json' : opts.csv ? 'csv' : 'text' }, actor(), judgeNow()));
}

/**
 * `mailjudge tournament advance <slug> --round N [--declined a@x,b@y]` (C.7–C.10), or with `--correct
 * --in … --out … --reason … [--rule …]` a correction after a ruling (A.3(v), A.6).
 */
export function tournamentAdvanceCommand(slug: string, opts: CommonOptions & { round?: string; declined?: string; correct?: boolean; in?: string; out?: string; reason?: string; rule?: string }): Promise<void> {
  const list = (x: string | undefined) => (x ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const check = () => {
    const r = roundOption(opts.round, true);
    if (!r.ok) return r;
    const correcting = [opts.in !== undefined && '--in', opts.out !== undefined && '--out', opts.reason !== undefined && '--reason', opts.rule !== undefined && '--rule'].filter((x): x is string => Boolean(x));
    if (!opts.correct) {
      return correcting.length > 0 ? { ok: false as const, problems: [`${correcting.join(', ')}: only with --correct (a correction after a ruling, A.3(v))`] } : r;
    }
    const p: string[] = [];
    if (opts.declined !== undefined) p.push('--declined records the first advancement; leave it out of a --correct');
    if (list(opts.in).length === 0 && list(opts.out).length === 0) p.push('--correct needs --in <address> and --out <address>: the players put in and taken out (comma-separated)');
    if (!opts.reason?.trim()) p.push('--correct needs --reason "<the ruling, as the players will read it>"');
    return p.length > 0 ? { ok: false as const, problems: p } : r;
  };
  return execute('tournament advance', opts, check, async (db, round, _applied, ctx) => {
    if (!opts.correct) return runTournamentAdvance(db, slug, { round: round!, declined: list(opts.declined) }, actor(), judgeNow());
    await migrateQueue(ctx.url); // the mails go through the queue
    return runTournamentAdvanceCorrect(db, slug, { round: round!, putIn: list(opts.in), takeOut: list(opts.out), reason: opts.reason!, ...(opts.rule ? { rule: opts.rule } : {}) }, actor(), { now: judgeNow(), fromAddress: ctx.fromAddress });
  });
}

/** `mailjudge tournament trophies <slug>` (C.11–C.13). */
export function tournamentTrophiesCommand(slug: string, opts: CommonOptions): Promise<void> {
  return execute('tournament trophies', opts, noInput, (db) => runTournamentTrophies(db, slug, actor(), judgeNow()));
}

/** `mailjudge tournament assign <slug> --round N [--commit --gm-email … --domain … --deadline …]` (B.5, B.6). */
export function tournamentAssignDbCommand(slug: string, opts: CommonOptions & { round?: string; commit?: boolean; gmEmail?: string; domain?: string; deadline?: string; endYear?: string; verify?: boolean; printInput?: boolean }): Promise<void> {
  const check = () => {
    const r = roundOption(opts.round, true);
    if (!r.ok) return r;
    let endYear: number | undefined;
    if (opts.endYear !== undefined) {
      endYear = Number(opts.endYear);
      if (!/^\d{4}$/.test(opts.endYear) || endYear < 1901) return { ok: false as const, problems: [`--end-year ${opts.endYear}: give a year from 1901, e.g. 1902 (B.3's are 1909, 1912 and 1915)`] };
      if (!opts.commit) return { ok: false as const, problems: ['--end-year goes with --commit (it is the end year of the games created)'] };
    }
    let deadline: Date | undefined;
    if (opts.deadline !== undefined) {
      deadline = new Date(opts.deadline);
      if (Number.isNaN(deadline.getTime()) || !/[zZ]|[+-]\d\d:?\d\d$/.test(opts.deadline)) return { ok: false as const, problems: [`--deadline ${opts.deadline}: give an ISO 8601 instant with its zone, e.g. 2024-05-08T12:00Z`] };
    }
    if ((opts.verify || opts.printInput) && opts.commit) return { ok: false as const, problems: ['--verify and --print-input check a round; leave out --commit'] };
    if (opts.verify && opts.printInput) return { ok: false as const, problems: ['give one of --verify and --print-input'] };
    const check = opts.verify ? { check: 'verify' as const } : opts.printInput ? { check: 'input' as const } : {};
    return { ok: true as const, value: { round: r.value!, commit: opts.commit === true, ...check, ...(opts.gmEmail ? { gmEmail: opts.gmEmail } : {}), ...(opts.domain ? { domain: opts.domain } : {}), ...(deadline ? { deadline } : {}), ...(endYear !== undefined ? { endYear } : {}) } };
  };
  return execute('tournament assign', opts, check, async (db, o, _applied, ctx) => {
    if (o.commit) await migrateQueue(ctx.url); // the game-start mail goes through the queue
    return runTournamentAssignDb(db, slug, o, actor(), judgeNow(), ctx.fromAddress);
  });
}

/** `mailjudge tournament reveal-seed <slug>`: publish the dice seed (audit-logged) with the audited rolls, for `dice verify`. */
export function tournamentRevealSeedCommand(slug: string, opts: CommonOptions): Promise<void> {
  return execute('tournament reveal-seed', opts, noInput, (db) => runTournamentRevealSeed(db, slug, actor()));
}

/** `mailjudge reproduce --game <game> | --tournament <slug> [--keep]` (issue 16): exit 3 on a difference. */
export function reproduceCommand(opts: CommonOptions & { game?: string; tournament?: string; keep?: boolean }): Promise<void> {
  const check = () => {
    if ((opts.game === undefined) === (opts.tournament === undefined)) return { ok: false as const, problems: ['give exactly one of --game <game> and --tournament <slug>'] };
    return { ok: true as const, value: opts.game !== undefined ? { game: opts.game } : { tournament: opts.tournament! } };
  };
  return execute('reproduce', opts, check, async (db, target, _applied, ctx) => {
    const { reproduce, formatReproduce } = await import('./reproduce/reproduce.js');
    // The replay runs the intake and the tasks again: their info lines ("message received") would read
    // as new events in the operator's log. Warnings only, unless MAILJUDGE_LOG_LEVEL asks for more.
    if (process.env.MAILJUDGE_LOG_LEVEL === undefined) useLogger(createLogger({ level: 'warn' }));
    const config = readConfig({ ...(opts.config !== undefined ? { configPath: opts.config } : {}) });
    const confirmAddress = config.ok ? config.config.confirmAddress : undefined;
    const r = await reproduce(db, ctx.url, target, { fromAddress: ctx.fromAddress, ...(confirmAddress ? { confirmAddress } : {}) }, { keep: opts.keep === true });
    if (r.kind === 'problem') return { ok: false, problems: r.problems };
    if (r.kind === 'differs') process.exitCode = 3;
    return { ok: true, text: formatReproduce(r, opts.keep === true), json: r };
  });
}

/** `mailjudge web-link --td <tournament> | --gm <game> | --player <game> <power>`: a one-time sign-in link to the web view (issue 31). */
export function webLinkCommand(opts: CommonOptions & { td?: string; gm?: string; player?: string[] }): Promise<void> {
  const check = (): { ok: true; value: WebLinkAsk } | { ok: false; problems: string[] } => {
    const given = [opts.td !== undefined, opts.gm !== undefined, opts.player !== undefined].filter(Boolean).length;
    if (given !== 1) return { ok: false, problems: ['give exactly one of --td <tournament>, --gm <game>, --player <game> <power>'] };
    if (opts.td !== undefined) return { ok: true, value: { td: opts.td } };
    if (opts.gm !== undefined) return { ok: true, value: { gm: opts.gm } };
    if (opts.player?.length !== 2) return { ok: false, problems: ['--player takes the game and the power: --player wm-r1-b7 FRANCE'] };
    return { ok: true, value: { player: [opts.player[0]!, opts.player[1]!] } };
  };
  const config = readConfig({ ...(opts.config !== undefined ? { configPath: opts.config } : {}) });
  const baseUrl = config.ok ? config.config.webUrl : undefined;
  return execute('web-link', opts, check, (db, ask) => runWebLink(db, ask, { now: judgeNow(), baseUrl }));
}
