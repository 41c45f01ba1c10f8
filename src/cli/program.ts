/**
 * The `mailjudge` command line as a commander program: every command and subcommand, built without
 * running anything (main.ts parses the arguments; test/docs walks `program.commands` to check that
 * docs/reference.md has an entry for each). The adjudication commands follow the JSON contract of
 * DESIGN.md: exit 0 on success, exit 2 with a JSON error on bad input.
 */
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { RULE_PROFILES, type RuleProfileName } from '../diplomacy/index.js';
import { runAdjudicate, type EngineOptions } from './commands/adjudicate.js';
import { runReplay } from './commands/replay.js';
import { progress } from './progress.js';
import { checkOrdersJson, runCheckOrders } from './commands/check-orders.js';
import { InputError } from './position-json.js';
import { registerDbCommands } from './db-commands.js';
import { registerServiceCommands } from './service-commands.js';
import { registerIngestCommand } from './ingest-command.js';
import { registerCalendarCommands } from './calendar-commands.js';
import { runDiceRoll, runDiceVerify } from './commands/dice.js';
import { registerCoalitionCommands } from './coalition-commands.js';
import { registerMapCommand } from './map-command.js';
import { registerOperationsCommands } from './operations-commands.js';

function readStdinBytes(): Buffer {
  try {
    return readFileSync(0);
  } catch {
    return Buffer.alloc(0);
  }
}

function readStdin(): string {
  try {
    return readFileSync(0, 'utf8');
  } catch {
    return '';
  }
}

/** Thrown by {@link fail} to end the command once its error is printed; caught at the top. */
export class CommandFailed extends Error {}

/** Print the bad-input error as JSON and end the command with exit code 2 (its output whole: no process.exit). */
function fail(problems: string[]): never {
  reportProblems(problems);
  throw new CommandFailed(problems[0]);
}

export function reportProblems(problems: string[]): void {
  process.stdout.write(`${JSON.stringify({ error: problems[0], problems })}\n`);
  process.exitCode = 2;
}

function engineOptions(opts: { rules: string; endYear?: string }): EngineOptions {
  const problems: string[] = [];
  if (!(opts.rules in RULE_PROFILES)) problems.push(`--rules: unknown rule profile "${opts.rules}" (wm or datc2000)`);
  let endYear: number | undefined;
  if (opts.endYear !== undefined) {
    endYear = Number(opts.endYear);
    if (!Number.isInteger(endYear) || endYear < 1901) problems.push(`--end-year: "${opts.endYear}" is not a year`);
  }
  if (problems.length > 0) fail(problems);
  return { rules: RULE_PROFILES[opts.rules as RuleProfileName], endYear };
}

function guarded(run: () => void): void {
  try {
    run();
  } catch (e) {
    if (e instanceof InputError) fail(e.problems);
    throw e;
  }
}

/** The whole `mailjudge` program, every command registered; nothing is run until it is parsed. */
export function buildProgram(): Command {
  const program = new Command()
    .name('mailjudge')
    .description('mailjudge: an email play-by-mail judge for Diplomacy tournaments')
    .exitOverride();

  /** The options both adjudication commands take. */
  const engineCommand = (name: string, description: string): Command => program
    .command(name)
    .description(description)
    .option('--rules <profile>', 'rule profile: wm (World Masters house rules) or datc2000', 'wm')
    .option('--end-year <year>', 'the game ends when the Fall of this year is complete');

  engineCommand('adjudicate', 'adjudicate one phase: position and orders as JSON on stdin, the outcome as JSON on stdout')
    .action((opts: { rules: string; endYear?: string }) =>
      guarded(() => {
        const out = runAdjudicate(readStdin(), engineOptions(opts));
        process.stdout.write(`${JSON.stringify(out)}\n`);
      }),
    );

  engineCommand('replay', 'replay a game: {"phases": [{"phase": "S1901M", "orders": {...}}, ...]} on stdin, one JSON line per phase')
    .action((opts: { rules: string; endYear?: string }) =>
      guarded(() => {
        const lines = runReplay(readStdin(), engineOptions(opts), (total) => progress(total, 'replay'));
        process.stdout.write(lines.map((l) => `${JSON.stringify(l)}\n`).join(''));
      }),
    );

  program
    .command('check-orders')
    .description('read an email (RFC 822 message or bare body) on stdin and print what the judge would understand from it')
    .requiredOption('--phase <phase>', 'the phase the orders are for (S1901M, F1901R, W1901A)')
    .requiredOption('--power <power>', 'the sender\'s power (FRANCE)')
    .option('--state <file>', 'the position, in the adjudicate input format (default: the standard 1901 position)')
    .option('--rules <profile>', 'rule profile: wm or datc2000', 'wm')
    .option('--json', 'print the sheet as JSON instead of the acknowledgement text')
    .action(async (opts: { phase: string; power: string; state?: string; rules: string; json?: boolean }) => {
      try {
        const { rules } = engineOptions({ rules: opts.rules });
        const out = await runCheckOrders(readStdinBytes(), { phase: opts.phase, power: opts.power, rules: rules!, ...(opts.state !== undefined ? { state: opts.state } : {}) });
        process.stdout.write(opts.json ? `${JSON.stringify(checkOrdersJson(out.sheet))}\n` : `${out.text}\n`);
      } catch (e) {
        if (e instanceof InputError) fail(e.problems);
        throw e;
      }
    });

  const dice = program.command('dice').description('verifiable dice (commit–reveal): roll with a secret seed, verify every roll once the seed is revealed');
  dice
    .command('roll <notation>')
    .description('roll dN, MdN, MdN+K, d3, d100 or d%: {notation, nonce, dice, total, commitment} on stdout')
    .option('--seed <text>', 'the secret seed (publish its SHA-256, the commitment, before rolling)')
    .option('--nonce <n>', 'this roll\'s nonce, unique under the seed')
    .action((notation: string, opts: { seed?: string; nonce?: string }) =>
      guarded(() => process.stdout.write(`${JSON.stringify(runDiceRoll(notation, opts))}\n`)),
    );
  dice
    .command('verify')
    .description('recompute recorded rolls from the revealed seed: {seed, commitment?, rolls: [{notation, nonce, dice?, total?}]} on stdin; exit 1 when any roll or the commitment differs')
    .action(() =>
      guarded(() => {
        const out = runDiceVerify(readStdin());
        process.stdout.write(`${JSON.stringify(out)}\n`);
        if (!out.ok) process.exitCode = 1;
      }),
    );

  registerDbCommands(program);
  registerServiceCommands(program);
  registerIngestCommand(program);
  registerCalendarCommands(program);
  registerCoalitionCommands(program);
  registerMapCommand(program, fail);
  registerOperationsCommands(program);
  return program;
}
