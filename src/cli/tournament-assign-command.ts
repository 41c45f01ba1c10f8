/**
 * `mailjudge tournament assign` (DESIGN.md "The tournament CLI contracts"): one round's seating as
 * JSON on stdin → `{boards, broken, commitment}` on stdout. Pure; bad input exits 2 with
 * `{error, problems}` naming every problem. Its code (src/cli/commands/tournament-assign.ts, the
 * database form in db-command-shell.ts) is imported only when it runs (docs/startup.md).
 */
import type { Command } from 'commander';
import { InputError } from './input-error.js';
import { readStdin } from './stdin.js';

/** Add `assign` to the `tournament` command group. */
export function registerTournamentAssign(
  group: Command,
  fromDatabase?: (slug: string, opts: { config?: string; json?: boolean; round?: string; commit?: boolean; gmEmail?: string; domain?: string; deadline?: string; endYear?: string; verify?: boolean; printInput?: boolean }) => Promise<void>,
): void {
  group
    .command('assign [slug]')
    .description(
      'seat one round on boards and powers (B.5, B.6): {round, teamRound, seed, players: [{id, team, power?}], history: [{round, board, seats}]} on stdin, ' +
        '{boards, broken, commitment} on stdout',
    )
    .addHelpText(
      'after',
      `
Round 1 keeps each team's chosen powers (players[].power, B.5); later rounds draw them at random.
B.6 (a)-(e) hold wherever possible; when they cannot all hold, the least important are broken first
(e, then c, a, d, b) and every broken one is listed in "broken". The same input and seed always give
the same seating; "commitment" is the SHA-256 of the seed. Exit codes: 0 done, 2 bad input.

With a tournament slug it seats that tournament's round from the database instead (the TD's command):
  mailjudge tournament assign wm2004 --round 2            dry run: the seating and the B.6 rules broken
  mailjudge tournament assign wm2004 --round 2 --commit --gm-email gm@example.org \
      --domain judge.example.org --deadline 2024-06-01T12:00Z     creates the round's games
  mailjudge tournament assign wm2004 --round 2 --verify   recomputes the seating from the seed: identical?
  mailjudge tournament assign wm2004 --round 2 --print-input | mailjudge tournament assign
                                                          the same seating by the pure command`,
    )
    .option('--round <n>', 'with a slug: the round to seat')
    .option('--commit', 'with a slug: create the games (default: a dry run)')
    .option('--gm-email <email>', 'with --commit: the GM of the new games')
    .option('--domain <domain>', 'with --commit: the games\' mail domain (addresses <slug>-r2-b1@<domain>)')
    .option('--deadline <instant>', 'with --commit: the S1901M deadline, ISO 8601 with zone')
    .option('--end-year <year>', 'with --commit: the year whose Fall ends the games when it is not B.3\'s (1909, 1912, 1915), e.g. a rehearsal\'s short round')
    .option('--verify', 'with a slug: recompute the round\'s seating from the tournament\'s seed and compare it with its games')
    .option('--print-input', 'with a slug: print the round\'s input for the pure command (the seed included)')
    .option('--config <file>', 'with a slug: the configuration file')
    .option('--json', 'with a slug: JSON output')
    .action(async (slug: string | undefined, opts: { config?: string; json?: boolean; round?: string; commit?: boolean; gmEmail?: string; domain?: string; deadline?: string; endYear?: string; verify?: boolean; printInput?: boolean }) => {
      if (slug !== undefined && fromDatabase) return fromDatabase(slug, opts);
      try {
        const input = readStdin();
        const { runTournamentAssign } = await import('./commands/tournament-assign.js');
        process.stdout.write(`${JSON.stringify(runTournamentAssign(input))}\n`);
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        process.stdout.write(`${JSON.stringify({ error: e.problems[0], problems: e.problems })}\n`);
        process.exitCode = 2;
      }
    });
}
