/**
 * The shell of the calendar's GM commands (loaded only when one runs, as src/cli/db-command-shell.ts
 * is): configuration (every problem at once), pure input checks before the database is touched, the
 * database (migrated) and the job queue's schema (the commands queue mail and move jobs), then text
 * or `--json`. Exit codes: 0 done; 2 bad input, every problem listed; 1 the database failed.
 */
import { userInfo } from 'node:os';
import { readConfig } from '../../config/read-config.js';
import { openDatabase } from '../../db/connect.js';
import type { Db } from '../../db/schema.js';
import type { CommandResult } from '../../cli/command-result.js';
import { migrateQueue } from '../../worker/queue.js';

export interface CommonOptions {
  readonly config?: string;
  readonly json?: boolean;
}

/** What a command's run gets besides its checked input. */
export interface RunContext {
  readonly actor: string;
  readonly now: Date;
  readonly fromAddress: string;
}

export function cliActor(): string {
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

/** Run one command; never throws, sets `process.exitCode`. */
export async function execute<T>(
  command: string,
  opts: CommonOptions,
  check: () => { ok: true; value: T } | { ok: false; problems: string[] },
  run: (db: Db, value: T, ctx: RunContext) => Promise<CommandResult>,
): Promise<void> {
  const json = opts.json === true;
  const config = readConfig({ ...(opts.config !== undefined ? { configPath: opts.config } : {}) });
  const input = check();
  const found = [...(config.ok ? [] : config.problems), ...(input.ok ? [] : input.problems)];
  if (!config.ok || !input.ok) return report({ ok: false, problems: found }, json, command);
  try {
    const open = await openDatabase(config.config);
    try {
      await migrateQueue(config.config.databaseUrl ?? open.embedded!.url);
      report(await run(open.db, input.value, { actor: cliActor(), now: new Date(), fromAddress: config.config.fromAddress }), json, command);
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
