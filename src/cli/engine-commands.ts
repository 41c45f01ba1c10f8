/**
 * Registers the pure commands that need no database (`adjudicate`, `replay`, `check-orders`,
 * `dice roll|verify`, `map`): their names, options and help only. Each action imports its code when
 * it runs, so `mailjudge --help` or `dice roll` loads neither the engine nor zod (docs/startup.md).
 * Bad input exits 2 with `{error, problems}` (DESIGN.md's JSON contract).
 */
import type { Command } from 'commander';
import { fail } from './fail.js';
import { InputError } from './input-error.js';
import { readStdin, readStdinBytes } from './stdin.js';
import type { EngineOptions } from './commands/adjudicate.js';

async function engineOptions(opts: { rules: string; endYear?: string }): Promise<EngineOptions> {
  const { RULE_PROFILES } = await import('../diplomacy/index.js');
  const problems: string[] = [];
  if (!(opts.rules in RULE_PROFILES)) problems.push(`--rules: unknown rule profile "${opts.rules}" (wm or datc2000)`);
  let endYear: number | undefined;
  if (opts.endYear !== undefined) {
    endYear = Number(opts.endYear);
    if (!Number.isInteger(endYear) || endYear < 1901) problems.push(`--end-year: "${opts.endYear}" is not a year`);
  }
  if (problems.length > 0) fail(problems);
  return { rules: RULE_PROFILES[opts.rules as keyof typeof RULE_PROFILES], endYear };
}

/** Run the command; bad input (InputError) is printed as JSON with exit code 2. */
async function guarded(run: () => void | Promise<void>): Promise<void> {
  try {
    await run();
  } catch (e) {
    if (e instanceof InputError) fail(e.problems);
    throw e;
  }
}

export function registerEngineCommands(program: Command): void {
  /** The options both adjudication commands take. */
  const engineCommand = (name: string, description: string): Command =>
    program
      .command(name)
      .description(description)
      .option('--rules <profile>', 'rule profile: wm (World Masters house rules) or datc2000', 'wm')
      .option('--end-year <year>', 'the game ends when the Fall of this year is complete');

  engineCommand('adjudicate', 'adjudicate one phase: position and orders as JSON on stdin, the outcome as JSON on stdout')
    .action((opts: { rules: string; endYear?: string }) =>
      guarded(async () => {
        const input = readStdin();
        const [options, { runAdjudicate }] = await Promise.all([engineOptions(opts), import('./commands/adjudicate.js')]);
        const out = runAdjudicate(input, options);
        process.stdout.write(`${JSON.stringify(out)}\n`);
      }),
    );

  engineCommand('replay', 'replay a game: {"phases": [{"phase": "S1901M", "orders": {...}}, ...]} on stdin, one JSON line per phase')
    .action((opts: { rules: string; endYear?: string }) =>
      guarded(async () => {
        const input = readStdin();
        const [options, { runReplay }, { progress }] = await Promise.all([engineOptions(opts), import('./commands/replay.js'), import('./progress.js')]);
        const lines = runReplay(input, options, (total) => progress(total, 'replay'));
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
    .action((opts: { phase: string; power: string; state?: string; rules: string; json?: boolean }) =>
      guarded(async () => {
        const [{ rules }, { checkOrdersJson, runCheckOrders }] = await Promise.all([engineOptions({ rules: opts.rules }), import('./commands/check-orders.js')]);
        const out = await runCheckOrders(readStdinBytes(), { phase: opts.phase, power: opts.power, rules: rules!, ...(opts.state !== undefined ? { state: opts.state } : {}) });
        process.stdout.write(opts.json ? `${JSON.stringify(checkOrdersJson(out.sheet))}\n` : `${out.text}\n`);
      }),
    );

  const dice = program.command('dice').description('verifiable dice (commit–reveal): roll with a secret seed, verify every roll once the seed is revealed');
  dice
    .command('roll <notation>')
    .description('roll dN, MdN, MdN+K, d3, d100 or d%: {notation, nonce, dice, total, commitment} on stdout')
    .option('--seed <text>', 'the secret seed (publish its SHA-256, the commitment, before rolling)')
    .option('--nonce <n>', 'this roll\'s nonce, unique under the seed')
    .action((notation: string, opts: { seed?: string; nonce?: string }) =>
      guarded(async () => {
        const { runDiceRoll } = await import('./commands/dice.js');
        process.stdout.write(`${JSON.stringify(runDiceRoll(notation, opts))}\n`);
      }),
    );
  dice
    .command('verify')
    .description('recompute recorded rolls from the revealed seed: {seed, commitment?, rolls: [{notation, nonce, dice?, total?}]} on stdin; exit 1 when any roll or the commitment differs')
    .action(() =>
      guarded(async () => {
        const { runDiceVerify } = await import('./commands/dice-verify.js');
        const out = runDiceVerify(readStdin());
        process.stdout.write(`${JSON.stringify(out)}\n`);
        if (!out.ok) process.exitCode = 1;
      }),
    );
}

/** Register `mailjudge map` (src/cli/map-command.ts). */
export function registerMapCommand(program: Command): void {
  program
    .command('map')
    .description('draw a position as a map picture: adjudicate\'s output (results as arrows) or input (a position with optional orders) as JSON on stdin; SVG or PNG on stdout')
    .option('--format <format>', 'svg or png', 'png')
    .action(async (opts: { format: string }) => {
      let out: string | Buffer = '';
      await guarded(async () => {
        const input = readStdin();
        const { runMap } = await import('./map-command.js');
        out = runMap(input, opts.format);
      });
      process.stdout.write(out);
    });
}
