/**
 * The Coalition wargame's commands: `mailjudge coalition move` (DESIGN.md "The Coalition wargame CLI
 * contract") and `mailjudge coalition map` (the grid as SVG or PNG). JSON on stdin, JSON on stdout; bad input exits 2 with `{error, problems}`.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { runCoalitionMove } from './commands/coalition-move.js';
import { runCoalitionMap } from './commands/coalition-map.js';
import { InputError } from './position-json.js';
import { registerCoalitionCreate, registerCoalitionPlace, registerCoalitionRuling, registerCoalitionVerdict } from './coalition-create-command.js';

function readStdin(): string {
  try {
    return readFileSync(0, 'utf8');
  } catch {
    return '';
  }
}

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
    .action((opts: { seed?: string; full?: boolean }) => {
      try {
        process.stdout.write(`${JSON.stringify(runCoalitionMove(readStdin(), opts))}\n`);
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
    .action((opts: { format: string; seed?: string; title?: string }) => {
      let out: string | Buffer;
      try {
        out = runCoalitionMap(readStdin(), opts);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        process.stdout.write(`${JSON.stringify({ error: e.problems[0], problems: e.problems })}\n`);
        process.exitCode = 2;
        return;
      }
      process.stdout.write(out);
    });
}
