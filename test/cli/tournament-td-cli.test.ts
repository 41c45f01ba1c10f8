/**
 * The TD's commands through the built CLI (dist/src/cli/main.js) against this file's database:
 * register from CSV (whole teams, individuals grouped at random, the reserve list), assign as a dry
 * run then --commit, standings as text, CSV and JSON while round 1 runs and once it is played,
 * advance refused while a game runs, and every bad input answered with exit code 2 and its line.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POWERS, type Power } from '../../src/diplomacy/index.js';
import { findTournamentGames } from '../../src/db/games.js';
import { findTournamentBySlug } from '../../src/db/tournaments.js';
import { CLI, runCli, runDbCli } from '../helpers/cli.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { reproduceInto } from '../../src/cli/reproduce/reproduce.js';
import { DEFAULT_FROM_ADDRESS } from '../../src/config/defaults.js';
import { playGame } from '../service/tournament/play-records.js';

let t: TestDatabase;
let dir: string;
beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  dir = mkdtempSync(join(tmpdir(), 'mailjudge-td-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const cli = (...args: string[]) => runDbCli(t.url, ...args);
function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

const TEAM_NAMES: Record<string, string[]> = {
  Vienna: ['Anna', 'Bela', 'Clara', 'Dora', 'Emil', 'Franz', 'Greta'],
  Paris: ['Henri', 'Ines', 'Jules', 'Kiki', 'Leon', 'Mimi', 'Noel'],
};
const INDIVIDUALS = ['Olga', 'Pavel', 'Quinn', 'Rosa', 'Sven', 'Tara', 'Ugo', 'Vera', 'Walt'];
const CSV = [
  'team,name,email,power,captain,time_zone',
  ...Object.entries(TEAM_NAMES).flatMap(([team, names]) => names.map((n, i) => `${team},${n},${n.toLowerCase()}@example.org,${POWERS[(i + (team === 'Paris' ? 3 : 0)) % 7]},${i === 0 ? 'yes' : ''},`)),
  ...INDIVIDUALS.map((n) => `,${n},${n.toLowerCase()}@example.org,,,Europe/Berlin`),
].join('\n');

describe('mailjudge tournament register/assign/standings/advance', () => {
  it('register: two whole teams, nine individuals → one random team of seven and two reserves (B.2)', () => {
    expect(cli('tournament', 'create', 'wm-cli', '--name', 'CLI Masters').status).toBe(0);
    const r = cli('tournament', 'register', 'wm-cli', '--from', file('reg.csv', CSV));
    if (process.env.SHOW_TD_OUTPUT) console.log(r.stdout); // the README's example output
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Registered in wm-cli: 3 team(s), 2 reserve(s).');
    expect(r.stdout).toContain('Team Vienna (captain Anna): Anna AUSTRIA, Bela ENGLAND, Clara FRANCE, Dora GERMANY, Emil ITALY, Franz RUSSIA, Greta TURKEY');
    expect(r.stdout).toMatch(/Team wm-cli-random-1, formed at random \(captain \w+, drawn by the dice\): /);
    // The last two to register are the remainder (B.2: multiples of seven).
    expect(r.stdout).toContain('Reserve list (B.2: the 2 individuals beyond a multiple of seven, in registration order): vera@example.org, walt@example.org');
    const again = cli('tournament', 'register', 'wm-cli', '--from', file('reg2.csv', 'team,name,email,power,captain\nVienna,Zed,zed@example.org,FRANCE,yes\n'));
    expect(again.status).toBe(2);
    expect(again.stderr).toContain('team "Vienna" has 1 players; a team has exactly 7');
    expect(again.stderr).toContain('team "Vienna" is registered already in wm-cli');
  });

  it('register: bad rows named by line, with the accepted form', () => {
    const r = cli('tournament', 'register', 'wm-cli', '--from', file('bad.csv', 'team,name,email,power,captain\nRome,Ana,not-an-address,FRANCE,yes\nRome,Bo,bo@example.org,PRUSSIA,\n'));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('bad.csv: line 2: "not-an-address" is not an address (ann@example.org)');
    expect(r.stderr).toContain('bad.csv: line 3: "PRUSSIA" is not a power (one of AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY)');
    const round = cli('tournament', 'standings', 'wm-cli', '--round', 'seven');
    expect(round.status).toBe(2);
    expect(round.stderr).toContain('--round seven: a round number, 1 to 4 (B.1)');
  });

  it('assign: a dry run first, then --commit creates the games with the teams\' powers (B.5)', { timeout: 120_000 }, async () => {
    const dry = cli('tournament', 'assign', 'wm-cli', '--round', '1');
    if (process.env.SHOW_TD_OUTPUT) console.log(dry.stdout);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain('Dry run: round 1 of wm-cli (team-round-1, to 1909): 3 board(s), powers as each team chose them (B.5)');
    expect(dry.stdout).toContain('Nothing created.');
    const missing = cli('tournament', 'assign', 'wm-cli', '--round', '1', '--commit');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('--commit needs --gm-email');
    // --end-year (issue 30: a rehearsal's short round; its success is played in test/e2e/rehearse.test.ts).
    const badYear = cli('tournament', 'assign', 'wm-cli', '--round', '1', '--commit', '--gm-email', 'gm@example.org', '--domain', 'judge.example.org', '--deadline', '2030-01-10T12:00Z', '--end-year', '190');
    expect(badYear.status).toBe(2);
    expect(badYear.stderr).toContain("--end-year 190: give a year from 1901, e.g. 1902 (B.3's are 1909, 1912 and 1915)");
    const dryYear = cli('tournament', 'assign', 'wm-cli', '--round', '1', '--end-year', '1902');
    expect(dryYear.status).toBe(2);
    expect(dryYear.stderr).toContain('--end-year goes with --commit');
    const made = cli('tournament', 'assign', 'wm-cli', '--round', '1', '--commit', '--gm-email', 'gm@example.org', '--domain', 'judge.example.org', '--deadline', '2030-01-10T12:00Z');
    expect(made.stderr).toBe('');
    expect(made.stdout).toContain('Created 3 game(s)');
    // Each game it created is logged for `mailjudge reproduce` in the same transaction, and reproduces.
    const logged = await t.db.selectFrom('replay_log').select('game_id').where('name', '=', 'game-create').where('game_id', 'like', 'wm-cli-%').orderBy('id').execute();
    expect(logged).toHaveLength(3);
    const fresh = await createTestDatabase();
    await migrateQueue(fresh.url);
    const replayed = await reproduceInto(t.db, fresh.db, [logged[0]!.game_id!], { fromAddress: DEFAULT_FROM_ADDRESS });
    expect(replayed).toMatchObject({ kind: 'matched', failures: [], replayed: { commands: 1 } });
    await fresh.close();
    // The same seating as the dry run: the dice are the tournament's (commitment printed).
    expect(made.stdout.split('\n').filter((l) => l.startsWith('  wm-cli-'))).toEqual(dry.stdout.split('\n').filter((l) => l.startsWith('  wm-cli-')));
    const twice = cli('tournament', 'assign', 'wm-cli', '--round', '1', '--commit', '--gm-email', 'gm@example.org', '--domain', 'judge.example.org', '--deadline', '2030-01-10T12:00Z');
    expect(twice.status).toBe(2);
    expect(twice.stderr).toContain('round 1 of wm-cli has its games already');
  });


  it('assign --verify and --print-input: the committed round 1 seating recomputed from the seed', async () => {
    // The round's seating is verifiable from the seed: recomputed, every starting seat identical; the
    // pure command given the printed input seats the same boards.
    const verified = cli('tournament', 'assign', 'wm-cli', '--round', '1', '--verify');
    expect(verified.stderr).toBe('');
    expect(verified.stdout).toContain('Round 1 of wm-cli: 3 game(s) against the seating recomputed from the seed');
    expect(verified.stdout).toContain('identical, every starting seat as the dice gave it.');
    const input = cli('tournament', 'assign', 'wm-cli', '--round', '1', '--print-input');
    expect(input.status).toBe(0);
    const pure = JSON.parse(runCli(['tournament', 'assign'], input.stdout).stdout) as { boards: { board: string; seats: Record<string, string> }[] };
    const rows = await t.db.selectFrom('positions').select(['game_id', 'power', 'person_id']).where('kind', '=', 'original').where('game_id', 'like', 'wm-cli-r1-%').execute();
    const started = Object.fromEntries(rows.map((r) => [`${r.game_id} ${r.power}`, String(r.person_id)]));
    expect(Object.keys(started)).toHaveLength(21);
    expect(Object.fromEntries(pure.boards.flatMap((b) => POWERS.map((p) => [`wm-cli-${b.board} ${p}`, b.seats[p]])))).toEqual(started);
  }, 120_000);

  it('standings while round 1 runs: provisional; advance refused', () => {
    const r = cli('tournament', 'standings', 'wm-cli');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('CLI Masters (wm-cli): round 1, team round 1, ranked by C.7 — provisional: 3 of 3 games still running');
    const a = cli('tournament', 'advance', 'wm-cli', '--round', '1');
    expect(a.status).toBe(2);
    expect(a.stderr).toContain('round 1 is not over');
  });


  it('standings once round 1 is played: text with the tie criteria, CSV and JSON', async () => {
    const tour = (await findTournamentBySlug(t.db, 'wm-cli'))!;
    // Every board ends the same way by power (1908 and 1909): Austria 10, England 8, France 6,
    // Germany 4, Italy 3, Russia 2, Turkey 1 (34 in all).
    const END: Record<Power, number> = { AUSTRIA: 10, ENGLAND: 8, FRANCE: 6, GERMANY: 4, ITALY: 3, RUSSIA: 2, TURKEY: 1 };
    for (const g of await findTournamentGames(t.db, tour.id)) {
      await playGame(t.db, g.id, { start: new Date('2030-01-05T12:00:00Z'), endYear: 1909, counts: (year) => (year < 1908 ? undefined : END) });
    }
    const r = cli('tournament', 'standings', 'wm-cli', '--round', '1');
    expect(r.status).toBe(0);
    if (process.env.SHOW_TD_OUTPUT) console.log(r.stdout);
    expect(r.stdout).toContain('ranked by C.7 — final');
    const csv = cli('tournament', 'standings', 'wm-cli', '--csv');
    expect(csv.stdout.split('\n')[0]).toBe('place,player,email,team,game,power,centres,bonus,score,credits,round1_half,total,advancing,tie_broken_by');
    const json = JSON.parse(cli('tournament', 'standings', 'wm-cli', '--json').stdout) as { standings: { name: string; power: string; score: number; credits: number }[]; teams: { team: string; total: number }[] };
    // Scores by power: Austria 10 + 32 = 42, England 8 + 16 = 24, France 6 + 8 = 14, Germany 4 + 4 = 8,
    // Italy 3 + 2 = 5, Russia 2 + 1 = 3, Turkey 1 + 0 = 1. Each team has each power once (B.5): 97 each.
    expect(json.teams.map((x) => x.total)).toEqual([97, 97, 97]);
    expect(json.standings.find((x) => x.name === 'Anna')).toMatchObject({ power: 'AUSTRIA', score: 42 });
    // C.6(a) cannot split them (the same scores removed one by one); C.6(b), each team's best player by
    // C.7, goes down to the d100 among the three Austrias (C.7(f)): the text names both.
    expect(r.stdout).toMatch(/places 1–3: .* tied; C\.6\(b\) \(highest ranking individual player by the C\.7 criteria\)/);
    expect(r.stdout).toMatch(/Dice rolled \(d100, verifiable\):\n  C\.6\(b\) individual ranking, C\.7\(f\) tie-break: (Anna|Leon|Ugo) \(tied for place 1\): \d+ \(nonce round-1:1\)/);
    // Credits 10, 9, 8 then separate the three Austrias at 52, 51, 50 (C.7): no tie among them.
    expect(json.standings.slice(0, 3).map((x) => x.score + x.credits)).toEqual([52, 51, 50]);
  });

  it('advance after round 1: recorded once with its dice; trophies', () => {
    const a = cli('tournament', 'advance', 'wm-cli', '--round', '1');
    if (process.env.SHOW_TD_OUTPUT) console.log(a.stdout);
    expect(a.status).toBe(0);
    expect(a.stdout).toContain('Advancement from round 1 (C.7) recorded: 21 player(s) go on.');
    expect(a.stdout).toContain('Dice (recorded in the audit log):');
    expect(cli('tournament', 'advance', 'wm-cli', '--round', '1').stderr).toContain('was recorded already');
    const tr = cli('tournament', 'trophies', 'wm-cli');
    if (process.env.SHOW_TD_OUTPUT) console.log(tr.stdout);
    expect(tr.status).toBe(0);
    expect(tr.stdout).toContain('Individual winner (C.11): the final has not been played yet');
    // Every AUSTRIA scored 42 in round 1: the best-Austria tie goes through C.13(a), (b) to the d100 (C.13(c)).
    expect(tr.stdout).toMatch(/AUSTRIA +\w+, 42 in wm-cli-r1-b\d \(round 1\)/);
    expect(tr.stdout).toContain('C.13(c) best AUSTRIA trophy');
  });

  it('reveal-seed: the seed matches the commitment printed under the tables, and dice verify recomputes every audited roll', () => {
    const printed = /Dice commitment \(SHA-256 of the tournament's seed\): ([0-9a-f]{64})/.exec(cli('tournament', 'standings', 'wm-cli').stdout)![1];
    const r = cli('tournament', 'reveal-seed', 'wm-cli', '--json');
    expect(r.status).toBe(0);
    const revealed = JSON.parse(r.stdout) as { seed: string; commitment: string; rolls: unknown[] };
    expect(revealed.commitment).toBe(printed);
    // registration's shuffles and draws (B.2, B.5) and advance's d100s (C.6(b), C.7(f))
    expect(revealed.rolls.length).toBeGreaterThan(21);
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
    const v = spawnSync(process.execPath, [CLI, 'dice', 'verify'], { encoding: 'utf8', env, input: r.stdout });
    expect(v.status).toBe(0);
    expect(JSON.parse(v.stdout)).toMatchObject({ ok: true, commitmentMatches: true });
  });
});
