/**
 * Registers the database-backed commands (`migrate`, `tournament create|show`, `game create|show`, `rollback`, `audit`, `reproduce`, `quarantine`)
 * with their options and help. Their code (src/cli/db-command-shell.ts) is imported when one of them
 * runs, so `adjudicate` and the other engine commands start as fast as before.
 */
import type { Command } from 'commander';
import { DEFAULT_PG_PORT, DEFAULT_STATE_DIR } from '../config/defaults.js';
import type { CommonOptions } from './db-command-shell.js';
import type { GameSpecOptions } from './game-spec.js';
import { registerTournamentScore } from './tournament-score-command.js';
import { registerTournamentAssign } from './tournament-assign-command.js';

const DATABASE_HELP = `
Database: DATABASE_URL (postgres://user:password@host:port/db) if set; otherwise an embedded
PostgreSQL under the state directory (MAILJUDGE_STATE_DIR, default ${DEFAULT_STATE_DIR}; port
MAILJUDGE_PG_PORT, default ${DEFAULT_PG_PORT}), started for the command and stopped after it.
Migrations are applied first. --config <file> (or MAILJUDGE_CONFIG) names an optional JSON config
file; passwords come only from the environment.
Exit codes: 0 done, 2 bad input (every problem listed), 1 the database failed.`;

function withCommon(cmd: Command): Command {
  return cmd
    .option('--config <file>', 'JSON config file (default: MAILJUDGE_CONFIG, else none)')
    .option('--json', 'print JSON for scripts instead of text')
    .addHelpText('after', DATABASE_HELP);
}

const shell = () => import('./db-command-shell.js');

/** Add the database-backed commands to `program`. */
export function registerDbCommands(program: Command): void {
  withCommon(program.command('migrate').description('apply the pending database migrations (sql/NNNN_name.sql) and list them'))
    .action(async (opts: CommonOptions) => (await shell()).migrateCommand(opts));

  // Issue 27: a person's other registered address, where the judge tells them their mail bounced.
  const person = program.command('person').description("a registered person's addresses");
  withCommon(person.command('alternate <address> [other]').description("show, set or clear (--clear) the other registered address of the person registered with <address>: the judge tells them there when mail to <address> bounces; it never takes orders from it"))
    .option('--clear', 'remove the other address')
    .action(async (address: string, other: string | undefined, opts: CommonOptions & { clear?: boolean }) => (await shell()).personAlternateCommand(address, other, opts));

  const tournament = program.command('tournament').description('create and show tournaments');
  withCommon(tournament.command('create <slug>').description('create a tournament (slug: lower-case letters, digits, dashes, e.g. wm2004)'))
    .requiredOption('--name <name>', 'the tournament\'s name, e.g. "World Masters 2004"')
    .option('--td <address>', "the Tournament Director's address: mailed a secret of their own (change it later with tournament td)")
    .option('--td-name <name>', "the TD's name (default: as registered, else the address's local part)")
    .action(async (slug: string, opts: CommonOptions & { name: string; td?: string; tdName?: string }) => (await shell()).tournamentCreateCommand(slug, opts));
  withCommon(tournament.command('show <slug>').description('show a tournament: rounds, teams, members, games'))
    .action(async (slug: string, opts: CommonOptions) => (await shell()).tournamentShowCommand(slug, opts));
  registerTournamentScore(tournament);
  registerTournamentAssign(tournament, (slug, opts) => shell().then((s) => s.tournamentAssignDbCommand(slug, opts)));
  withCommon(tournament.command('td <slug> <address>').description("name the tournament's TD, replacing the one named before (audited); the TD is mailed a secret of their own"))
    .option('--name <name>', "the TD's name (default: as registered, else the address's local part)")
    .action(async (slug: string, address: string, opts: CommonOptions & { name?: string }) => (await shell()).tournamentTdCommand(slug, address, opts));
  withCommon(tournament.command('register <slug>').description('register teams and individuals (B.2, B.5) from a CSV or JSON file'))
    .requiredOption('--from <file>', 'file.csv (team,name,email,power,captain,time_zone,alternate_email) or file.json ({teams, individuals})')
    .addHelpText('after', `
CSV: one row per player, header required: team,name,email,power,captain,time_zone,alternate_email
  (time_zone and alternate_email may be left out or empty; alternate_email is the other registered
  address, told when mail to email bounces, never an address orders count from)
  an empty team registers an individual: individuals are grouped at random into teams of seven with a
  captain (B.2), the remainder forming the reserve list; "yes" in captain marks each team's captain.
JSON: { "teams": [ { "name": "Blue", "captain": "ann@example.org", "players": [ { "name": "Ann",
  "email": "ann@example.org", "power": "FRANCE", "alternateEmail": "ann@home.example" }, … ] } ],
  "individuals": [ { "name", "email" } ],
  "td": { "name": "Jane Roe", "email": "jane@example.org" } }   (td optional: names the TD, as tournament td)`)
    .action(async (slug: string, opts: CommonOptions & { from: string }) => (await shell()).tournamentRegisterCommand(slug, opts));
  withCommon(tournament.command('standings <slug>').description('the standings of a round from the games\' records (C.1–C.15), each tie with the criterion that broke it'))
    .option('--round <n>', 'the round (default: the latest with games)')
    .option('--csv', 'CSV, one line per player')
    .action(async (slug: string, opts: CommonOptions & { round?: string; csv?: boolean }) => (await shell()).tournamentStandingsCommand(slug, opts));
  withCommon(tournament.command('advance <slug>').description('record who goes on from a finished round (C.7–C.10), the d100 tie-breaks rolled and audited'))
    .requiredOption('--round <n>', 'the round just finished')
    .option('--declined <emails>', 'after the semi-final: finalists who decline (C.10), comma-separated')
    .option('--correct', 'correct the recorded advancement after a ruling (A.3(v), A.6): with --in, --out and --reason; refused once the next round has games')
    .option('--in <emails>', 'with --correct: the players put in, comma-separated')
    .option('--out <emails>', 'with --correct: the players taken out, comma-separated (as many as put in)')
    .option('--reason <text>', 'with --correct: the ruling, as the players will read it')
    .option('--rule <text>', 'with --correct: the rule the ruling applies (default: the round\'s advancement rule, corrected on appeal, A.3(v))')
    .addHelpText('after', '\nExample: mailjudge tournament advance wm2030 --round 1 --correct --in ann@example.org --out bob@example.org --reason "appeal upheld: r1-b7 F1908 re-adjudicated" --rule "C.7(d)"')
    .action(async (slug: string, opts: CommonOptions & { round?: string; declined?: string; correct?: boolean; in?: string; out?: string; reason?: string; rule?: string }) => (await shell()).tournamentAdvanceCommand(slug, opts));
  withCommon(tournament.command('trophies <slug>').description('the individual winner (C.11), the team winner (C.12) and the best country trophies (C.13)'))
    .action(async (slug: string, opts: CommonOptions) => (await shell()).tournamentTrophiesCommand(slug, opts));
  withCommon(tournament.command('reveal-seed <slug>').description('publish the tournament\'s dice seed (audit-logged) with every audited roll; pipe --json into mailjudge dice verify'))
    .action(async (slug: string, opts: CommonOptions) => (await shell()).tournamentRevealSeedCommand(slug, opts));

  const game = program.command('game').description('create and show games');
  withCommon(
    game
      .command('create')
      .description('create a game from a JSON file, or a CSV file of players (power,name,email,time_zone,alternate_email) plus options')
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
      .option('--consent-recorded [note]', 'every player agreed to a first turn under 3 days (D.VII(4)(a)): how and when')
      .option('--late-orders <policy>', 'refuse (default) or accept-until-adjudication (D.VII(3))')
      .option('--revised-sets <policy>', 'replace (default) or merge (D.III(3))')
      .option('--press <rule>', 'standard (default), A, B or C (D.X(1))')
      .option('--identity <policy>', 'dmarc-or-secret (default), dmarc, secret or address')
      .option('--player-addresses <policy>', 'shared (default: the start mail gives every player the others\' addresses, D.X(5)) or private')
      .addHelpText(
        'after',
        `
JSON file: { "id": "wm-r1-b7", "address": "wm-r1-b7@judge.example.org",
  "gm": { "name": "Gail", "email": "gail@example.org" }, "rules": "wm", "endYear": 1909,
  "policies": { "lateOrders": "refuse", "revisedSets": "replace", "press": "standard" },
  "tournament": "wm2004", "round": 1, "board": "Board 7", "deadline": "2024-05-01T12:00Z",
  "consentRecorded": "only for a first turn under 3 days (D.VII(4)(a)): how and when all agreed",
  "players": [ { "power": "FRANCE", "name": "Ann", "email": "ann@example.org", "timeZone": "Europe/Paris",
    "alternateEmail": "ann@home.example" }, … ] }
CSV file: power,name,email,time_zone,alternate_email  (header optional; time_zone may be empty: UTC;
  alternate_email, optional: the other registered address, told when mail to email bounces)
Options override the file.`,
      ),
  ).action(async (opts: CommonOptions & GameSpecOptions & { from: string }) => (await shell()).gameCreateCommand(opts));
  withCommon(
    program
      .command('rollback <game> <phase>')
      .description("TD-approved rollback (D.VIII(1)): reopen an adjudicated phase for new orders; later phases are withdrawn, standing orders stand")
      .requiredOption('--td-approval <note>', "the TD's express consent as it will be recorded and announced: who, when, why")
      .option('--deadline <instant>', 'the reopened phase\'s deadline, ISO 8601 with zone (default: the phase\'s minimum length from now)')
      .addHelpText('after', '\nExample: mailjudge rollback wm-r1-b7 S1902M --td-approval "TD Jane Roe, 7 May: Italy\'s orders were misread"'),
  ).action(async (gameId: string, phase: string, opts: CommonOptions & { tdApproval: string; deadline?: string }) => (await shell()).rollbackCommand(gameId, phase, opts));
  withCommon(
    program
      .command('audit')
      .description("TD and judges: every receipt of a power's, a player's or an army's mail (game and confirmation mailboxes) with GMT times, SHA-256 hashes, identity evidence, the decision, what counted, and a verified hash chain")
      .requiredOption('--game <game>', 'the game id')
      .option('--power <power>', 'a Diplomacy game: the power, e.g. FRANCE')
      .option('--player <name>', 'a Coalition round: the player, by screen name, e.g. "Sai Rei"')
      .option('--army <name>', 'a Coalition round: the army, e.g. Proxy1 (every post of its orders, its strategies and control changes)')
      .option('--phase <phase>', 'only this phase or turn, e.g. S1901M, T2'),
  ).action(async (opts: CommonOptions & { game: string; power?: string; player?: string; army?: string; phase?: string }) => (await shell()).auditCommand(opts));
  withCommon(
    program
      .command('reproduce')
      .description("TD: replay a game's archived mail, the GM's and TD's commands and the worker's runs into a fresh database and compare every decision, result and mail with the record, byte for byte (the proof that nothing was edited by hand)")
      .option('--game <game>', 'the game id')
      .option('--tournament <slug>', 'every game of the tournament, replayed together')
      .option('--keep', "keep the replay's database (named in the report) for inspection")
      .addHelpText('after', '\nExit codes: 0 everything matched, 3 a difference (the first is printed: the row, the field, expected and got), 2 bad input, 1 the database failed.'),
  ).action(async (opts: CommonOptions & { game?: string; tournament?: string; keep?: boolean }) => (await shell()).reproduceCommand(opts));
  withCommon(
    program
      .command('quarantine')
      .description('the messages the judge stored but did not read (too large, unreadable, failing every time), with why, and those still waiting to be decided with their attempts')
      .option('--game <game>', 'only the quarantined messages from registered players of this game'),
  ).action(async (opts: CommonOptions & { game?: string }) => (await shell()).quarantineCommand(opts));
  withCommon(
    program
      .command('web-link')
      .description('a one-time sign-in link to the read-only web view (issue 31): single use, valid 30 minutes; the TD sees everything, a GM their games, a player their game and own submissions')
      .option('--td <tournament>', "the tournament's TD")
      .option('--gm <game>', "the game's GM")
      .option('--player <game-and-power...>', 'the player of a power: --player wm-r1-b7 FRANCE')
      .addHelpText('after', '\nThe web view is served by mailjudge start when MAILJUDGE_WEB_LISTEN=host:port is set (MAILJUDGE_WEB_URL: the address people reach it by).'),
  ).action(async (opts: CommonOptions & { td?: string; gm?: string; player?: string[] }) => (await shell()).webLinkCommand(opts));
    withCommon(game.command('show <game>').description('show a game: players, position, phase, deadline, who has ordered (never the orders)'))
    .action(async (id: string, opts: CommonOptions) => (await shell()).gameShowCommand(id, opts));
}
