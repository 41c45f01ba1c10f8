/**
 * Registers `mailjudge tournament score` on the `tournament` command group. Its code is imported
 * when it runs, so the other commands start no slower.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';

function readStdin(): string {
  try {
    return readFileSync(0, 'utf8');
  } catch {
    return '';
  }
}

/** Add `score` to the `tournament` group. */
export function registerTournamentScore(tournament: Command): void {
  tournament
    .command('score')
    .description('score finished games (C.1–C.5, D.IX(4), C.14): {"games": [{id, endYear, centres, solo, result, players}]} on stdin; per game and power {centres, bonus, score, players} on stdout')
    .action(async () => {
      const { runTournamentScore } = await import('./commands/tournament-score.js');
      const { InputError } = await import('./position-json.js');
      try {
        process.stdout.write(`${JSON.stringify(runTournamentScore(readStdin()))}\n`);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        process.stdout.write(`${JSON.stringify({ error: e.problems[0], problems: e.problems })}\n`);
        process.exitCode = 2;
      }
    });
}
