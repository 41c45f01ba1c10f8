/**
 * The Coalition wargame's commands: `mailjudge coalition move` (DESIGN.md "The Coalition wargame CLI
 * contract") and `mailjudge coalition map` (the grid as SVG or PNG). JSON on stdin, JSON on stdout; bad input exits 2 with `{error, problems}`.
 * Each command's code is imported when it runs (docs/startup.md).
 */
import type { Command } from 'commander';
import { InputError } from './input-error.js';
import { readStdin } from './stdin.js';
import { registerCoalitionCreate, registerCoalitionPlace, registerCoalitionRuling, registerCoalitionVerdict } from './coalition-create-command.js';

/** Register `coalition move` and `coalition map` on the program. */
export function registerCoalitionCommands(program: Command): void {
  const coalition = program.command('coalition').description('the Coalition vs Phyrexia wargame (seed 000)');
  registerCoalitionCreate(coalition);
  registerCoalitionVerdict(coalition);
  registerCoalitionRuling(coalition);
  registerCoalitionPlace(coalition);
  coalition
    .command('move')
    .description('carry out one turn\'s movement (chapter 3): {map, armies, orders} on stdin, {armies, battles, results} on stdout')
    .option('--seed <text>', 'the dice seed for what the rules leave to chance (a route not given, equal intercept distances); the same input and seed give the same turn')
    .option('--full', 'also print transfers, long moves carried to the next turn, and every roll with its purpose')
    .action(async (opts: { seed?: string; full?: boolean }) => {
      try {
        const input = readStdin();
        const { runCoalitionMove } = await import('./commands/coalition-move.js');
        process.stdout.write(`${JSON.stringify(runCoalitionMove(input, opts))}\n`);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        process.stdout.write(`${JSON.stringify({ error: e.problems[0], problems: e.problems })}\n`);
        process.exitCode = 2;
      }
    });
  coalition
    .command('map')
    .description('draw the grid (SVG or PNG on stdout): coalition move\'s input on stdin; with orders, the turn carried out (same --seed, same turn) with its moves and battles')
    .option('--format <format>', 'svg or png', 'png')
    .option('--seed <text>', 'the dice seed, as for coalition move')
    .option('--title <text>', 'the heading of the picture')
    .action(async (opts: { format: string; seed?: string; title?: string }) => {
      let out: string | Buffer;
      try {
        const input = readStdin();
        const { runCoalitionMap } = await import('./commands/coalition-map.js');
        out = runCoalitionMap(input, opts);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        process.stdout.write(`${JSON.stringify({ error: e.problems[0], problems: e.problems })}\n`);
        process.exitCode = 2;
        return;
      }
      process.stdout.write(out);
    });
}
