/**
 * Registers `mailjudge tournament score` on the `tournament` command group. Its code is imported
 * when it runs, so the other commands start no slower.
 */
import type { Command } from 'commander';
import { InputError } from './input-error.js';
import { readStdin } from './stdin.js';

/** Add `score` to the `tournament` group. */
export function registerTournamentScore(tournament: Command): void {
  tournament
    .command('score')
    .description('score finished games (C.1–C.5, D.IX(4), C.14): {"games": [{id, endYear, centres, solo, result, players}]} on stdin; per game and power {centres, bonus, score, players} on stdout')
    .action(async () => {
      const { runTournamentScore } = await import('./commands/tournament-score.js');
      try {
        process.stdout.write(`${JSON.stringify(runTournamentScore(readStdin()))}\n`);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        process.stdout.write(`${JSON.stringify({ error: e.problems[0], problems: e.problems })}\n`);
        process.exitCode = 2;
      }
    });
}
