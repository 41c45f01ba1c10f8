/**
 * Correcting a recorded advancement after a ruling (issue 26 item 11; A.3(v), A.6), through the built
 * CLI (dist/src/cli/main.js) against a real PostgreSQL: eight teams (56 players, accents and an
 * apostrophe in the names) play round 1; `tournament advance` records the 49 who go on to the
 * semi-final (B.4: fewer than 42 teams, round 2 is the semi-final of 7 boards); the TD then puts the
 * first player left out in and takes the last player in out, with a reason and a rule. Checked: the
 * refusals (nothing recorded yet, bad players, unequal numbers, no reason), the correction's text, the
 * mails to the player put in, the player taken out, their captains and the TD (the text compared with
 * a hand-built expectation), the tamper-evident audit log, round 2 seated from the corrected list, and
 * a second correction refused once round 2 has its games, saying what the TD can do instead.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { POWERS, type Power } from '../../src/diplomacy/index.js';
import { findTournamentGames } from '../../src/db/games.js';
import { verifyAuditChain } from '../../src/db/audit-log.js';
import { findRecordedAdvancements, findRoundAdvancements, findTournamentBySlug, setDiceSeedOnce } from '../../src/db/tournaments.js';
import { runDbCli } from '../helpers/cli.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { DEFAULT_FROM_ADDRESS } from '../../src/config/defaults.js';
import { playGame } from '../service/tournament/play-records.js';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { receiveMessage } from '../../src/service/intake/receive-message.js';

const JUDGE = 'judge@judge.example.org';

let t: TestDatabase;
let dir: string;
const SLUG = 'wm-fix';
const cli = (...args: string[]) => runDbCli(t.url, ...args);

// Eight teams; each player's name is the team's and the power's, the first of each team its captain.
const TEAMS = ['Wien', 'Paris', 'Köln', "L'Aquila", 'Zürich', 'Kraków', 'Lyon', 'Oslo'];
const ascii = (s: string) => s.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase();
const emailOf = (team: string, p: Power) => `${ascii(team)}-${p.toLowerCase()}@example.org`;
const nameOf = (team: string, p: Power) => `${team} ${p[0]}${p.slice(1).toLowerCase()}`;
const CSV = [
  'team,name,email,power,captain,time_zone',
  ...TEAMS.flatMap((team) => POWERS.map((p, i) => `"${team}","${nameOf(team, p)}",${emailOf(team, p)},${p},${i === 0 ? 'yes' : ''},Europe/Paris`)),
].join('\n');

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  dir = mkdtempSync(join(tmpdir(), 'mailjudge-fix-'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Row { place: number; player: string; name: string; email: string; team: string; total: number; advancing: boolean }

// Each test spawns the built CLI up to four times (1–3 s each on two cores, several times that under load).
describe('mailjudge tournament advance --correct (A.3(v), A.6)', { timeout: 120_000 }, () => {
  let lastIn: Row;
  let firstOut: Row;

  it('round 1 played by eight teams; a correction before the advancement is recorded is refused', async () => {
    expect(cli('tournament', 'create', SLUG, '--name', 'Masters Correction', '--td', 'jane@example.org', '--td-name', 'Jane Roe').status).toBe(0);
    const tour = (await findTournamentBySlug(t.db, SLUG))!;
    await setDiceSeedOnce(t.db, tour.id, 'masters-correction-seed-01');
    const csv = join(dir, 'teams.csv');
    writeFileSync(csv, CSV);
    const reg = cli('tournament', 'register', SLUG, '--from', csv);
    expect(reg.stderr).toBe('');
    const made = cli('tournament', 'assign', SLUG, '--round', '1', '--commit', '--gm-email', 'gm@example.org', '--domain', 'judge.example.org', '--deadline', '2030-01-10T12:00Z');
    expect(made.stderr).toBe('');
    // Every board ends Austria 10, England 8, France 6, Germany 4, Italy 3, Russia 2, Turkey 1 (34).
    const END: Record<Power, number> = { AUSTRIA: 10, ENGLAND: 8, FRANCE: 6, GERMANY: 4, ITALY: 3, RUSSIA: 2, TURKEY: 1 };
    for (const g of await findTournamentGames(t.db, tour.id)) await playGame(t.db, g.id, { start: new Date('2030-01-05T12:00:00Z'), endYear: 1909, counts: (y) => (y < 1908 ? undefined : END) });
    const early = cli('tournament', 'advance', SLUG, '--round', '1', '--correct', '--in', 'wien-turkey@example.org', '--out', 'wien-austria@example.org', '--reason', 'appeal upheld');
    expect(early.status).toBe(2);
    expect(early.stderr).toContain(`the advancement from round 1 is not recorded yet: record it first with mailjudge tournament advance ${SLUG} --round 1`);
  }, 120_000);

  it('advance records 49 of 56 (B.4: the semi-final has 7 boards); the places 49 and 50 are the line', async () => {
    const a = cli('tournament', 'advance', SLUG, '--round', '1');
    expect(a.stderr).toBe('');
    // 8 teams < 42: round 2 is the semi-final of 7 boards, 7 × 7 = 49 places (B.4).
    expect(a.stdout).toContain('Advancement from round 1 (C.7) recorded: 49 player(s) go on.');
    const again = cli('tournament', 'advance', SLUG, '--round', '1');
    expect(again.stderr).toContain(`After a ruling, correct it: mailjudge tournament advance ${SLUG} --round 1 --correct`);
    const j = JSON.parse(cli('tournament', 'standings', SLUG, '--round', '1', '--json').stdout) as { standings: Row[] };
    const withEmail = async (x: Row): Promise<Row> => ({ ...x, email: (await t.db.selectFrom('people').select('email').where('id', '=', Number(x.player)).executeTakeFirstOrThrow()).email });
    lastIn = await withEmail(j.standings.find((x) => x.place === 49)!);
    firstOut = await withEmail(j.standings.find((x) => x.place === 50)!);
    expect(lastIn.advancing).toBe(true);
    expect(firstOut.advancing).toBe(false);
    // Scores by power (C.1, C.2): Austria 10 + 32 = 42, England 8 + 16 = 24, France 6 + 8 = 14, Germany
    // 4 + 4 = 8, Italy 3 + 2 = 5, Russia 2 + 1 = 3, Turkey 1 + 0 = 1; credits 10 … 3 for the eight teams
    // (C.6). The bottom seven of 56 are Turkeys and Russias: at most 3 + 10 = 13.
    expect(lastIn.total).toBeLessThanOrEqual(13);
  });

  it('bad corrections are refused, each problem named, nothing recorded', async () => {
    const tour = (await findTournamentBySlug(t.db, SLUG))!;
    const noReason = cli('tournament', 'advance', SLUG, '--round', '1', '--correct', '--in', firstOut.email, '--out', lastIn.email);
    expect(noReason.status).toBe(2);
    expect(noReason.stderr).toContain('--correct needs --reason "<the ruling, as the players will read it>"');
    const stray = cli('tournament', 'advance', SLUG, '--round', '1', '--in', firstOut.email);
    expect(stray.stderr).toContain('--in: only with --correct (a correction after a ruling, A.3(v))');
    const wrong = cli('tournament', 'advance', SLUG, '--round', '1', '--correct', '--in', `${lastIn.email},nobody@example.org`, '--out', firstOut.email, '--reason', 'x');
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain(`--in ${lastIn.email}: ${lastIn.name} goes on to round 2 already`);
    expect(wrong.stderr).toContain(`--in nobody@example.org: not a player of ${SLUG}`);
    expect(wrong.stderr).toContain(`--out ${firstOut.email}: ${firstOut.name} does not go on to round 2 (place 50 in round 1)`);
    const unequal = cli('tournament', 'advance', SLUG, '--round', '1', '--correct', '--in', firstOut.email, '--reason', 'appeal upheld');
    expect(unequal.status).toBe(2);
    expect(unequal.stderr).toContain('1 put in and 0 taken out: round 2 has a fixed number of places (49: B.4 fixes the boards, seven players each; C.9 one finalist per semi-final board), so put in as many as you take out');
    expect(await t.db.selectFrom('round_advancement_corrections').selectAll().execute()).toHaveLength(0);
    expect((await findRoundAdvancements(t.db, tour.id, 1)).map((x) => x.personId)).toHaveLength(49);
  });

  it('the correction: recorded, audited, and mailed to both players, their captains and the TD', async () => {
    const tour = (await findTournamentBySlug(t.db, SLUG))!;
    const mailsBefore = await t.db.selectFrom('outbox').select('id').where('kind', '=', 'advancement-corrected').execute();
    expect(mailsBefore).toHaveLength(0);
    const reason = `appeal upheld: ${firstOut.name}'s F1909 centre count was misread`;
    const r = cli('tournament', 'advance', SLUG, '--round', '1', '--correct', '--in', firstOut.email, '--out', lastIn.email, '--reason', reason, '--rule', 'C.7 and C.1, on appeal (A.3(v))');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const inLine = `IN:  ${firstOut.name} <${firstOut.email}> (team ${firstOut.team}; place 50 in round 1 by C.7)`;
    const outLine = `OUT: ${lastIn.name} <${lastIn.email}> (team ${lastIn.team}; place 49 in round 1 by C.7)`;
    expect(r.stdout).toContain([
      `Advancement from round 1 of ${SLUG} corrected (C.7 and C.1, on appeal (A.3(v))): 49 player(s) go on to round 2.`,
      `  ${inLine}`,
      `  ${outLine}`,
      `Why: ${reason}`,
    ].join('\n'));
    // The recorded list is untouched (append-only); who goes on reads the correction over it.
    const recorded = (await findRecordedAdvancements(t.db, tour.id, 1)).map((x) => x.personId);
    const now = await findRoundAdvancements(t.db, tour.id, 1);
    const person = async (email: string) => (await t.db.selectFrom('people').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    const [inId, outId] = [await person(firstOut.email), await person(lastIn.email)];
    expect(recorded).toContain(outId);
    expect(recorded).not.toContain(inId);
    expect(now.map((x) => x.personId)).toContain(inId);
    expect(now.map((x) => x.personId)).not.toContain(outId);
    expect(now).toHaveLength(49);
    expect(now.find((x) => x.personId === inId)).toMatchObject({ place: 50, status: 'corrected' });
    // Audit: the entry with the reason and the rule, and the hash chain still verifies (null: no break).
    const audit = await t.db.selectFrom('audit_log').select(['action', 'detail']).where('action', '=', 'tournament.advance-correct').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ tournament: SLUG, round: 1, reason, rule: 'C.7 and C.1, on appeal (A.3(v))', in: [{ email: firstOut.email, place: 50 }], out: [{ email: lastIn.email, place: 49 }], goingOn: 49 });
    expect(await verifyAuditChain(t.db)).toBeNull();
    // The mails: the two players, their captains (each team's Austria player, B.8(a); a captain who is one
    // of the two is mailed once), the TD.
    const captain = (team: string) => emailOf(team, 'AUSTRIA');
    const expected = [...new Set([firstOut.email, lastIn.email, captain(TEAMS.find((x) => x === firstOut.team)!), captain(TEAMS.find((x) => x === lastIn.team)!), 'jane@example.org'])].sort();
    const mails = await t.db.selectFrom('outbox').select(['to_address', 'subject', 'body_text', 'from_address']).where('kind', '=', 'advancement-corrected').execute();
    expect(mails.map((m) => m.to_address).sort()).toEqual(expected);
    const toIn = mails.find((m) => m.to_address === firstOut.email)!;
    expect(toIn.subject).toBe(`[${SLUG}] Advancement from round 1 corrected: ${firstOut.name} in, ${lastIn.name} out`);
    expect(toIn.body_text).toMatch(new RegExp(`^${escape([
      `${firstOut.name}, after a ruling you now go on from round 1 to round 2 of Masters Correction (${SLUG}).`,
      '',
      'What changed in who goes on from round 1 to round 2:',
      `  ${inLine}`,
      `  ${outLine}`,
      '',
      `Why: ${reason}`,
      'Rule: C.7 and C.1, on appeal (A.3(v))',
      'Decided by the TD Jane Roe <jane@example.org>, ',
    ].join('\n'))}\\w+ \\d+ \\w+ \\d{4}, \\d\\d:\\d\\d(:\\d\\d)? GMT; recorded in the tournament's audit log\\.\\n\\n${escape([
      '49 players now go on to round 2; its boards are drawn from this corrected list (B.5, B.6).',
      'If you disagree, write to the TD, who brings an appeal to the Tournament Management Committee',
      '(A.3(v), A.5); a TMC decision binds (A.6).',
    ].join('\n'))}`));
    expect(mails.find((m) => m.to_address === lastIn.email)!.body_text).toContain(`${lastIn.name}, after a ruling you no longer go on from round 1 to round 2 of Masters Correction (${SLUG}).`);
    expect(mails.find((m) => m.to_address === 'jane@example.org')!.body_text).toContain('Jane Roe, your correction of the advancement from round 1 of Masters Correction (wm-fix) is recorded and announced.');
    const cap = captain(firstOut.team);
    if (cap !== firstOut.email) expect(mails.find((m) => m.to_address === cap)!.body_text).toContain(`as captain of team ${firstOut.team}: after a ruling, who of your team goes on from round 1 to round 2 of Masters Correction (${SLUG}) has changed.`);
    expect(mails.every((m) => m.body_text.includes(`mailjudge (${DEFAULT_FROM_ADDRESS})`))).toBe(true);
    expect(mails).toHaveLength(expected.length);
  });

  it('by email: the TD writes ADVANCE CORRECT to a finished game of round 1; a bad one is answered line by line', async () => {
    const tour = (await findTournamentBySlug(t.db, SLUG))!;
    const game = (await findTournamentGames(t.db, tour.id))[0]!;
    const j = JSON.parse(cli('tournament', 'standings', SLUG, '--round', '1', '--json').stdout) as { standings: Row[] };
    const at = async (place: number) => (await t.db.selectFrom('people').select(['id', 'email', 'name']).where('id', '=', Number(j.standings.find((x) => x.place === place)!.player)).executeTakeFirstOrThrow());
    const [p48, p51] = [await at(48), await at(51)];
    let n = 0;
    const send = async (body: string) => {
      const raw = await new MailComposer({ from: 'jane@example.org', to: game.address, subject: 'advancement', text: body, messageId: `<td-${++n}@example.org>` }).compile().build();
      return receiveMessage(t.db, { fromAddress: JUDGE, now: () => new Date() }, { raw, receivedAt: new Date(), source: 'cli' });
    };
    const reply = async () => (await t.db.selectFrom('outbox').select(['to_address', 'subject', 'body_text']).where('kind', '=', 'gm-reply').orderBy('id', 'desc').executeTakeFirstOrThrow());
    expect((await send(`ADVANCE CORRECT ROUND 1\nIN ${p51.email}\nPLEASE\n`)).kind).toBe('command');
    const bad = await reply();
    expect(bad.to_address).toBe('jane@example.org');
    expect(bad.body_text).toContain([
      'ADVANCE CORRECT ROUND 1: refused, nothing changed:',
      '  - line 3: "PLEASE" is not part of the correction (ADVANCE CORRECT ROUND <n>, then lines IN <address>, OUT <address>, REASON <the ruling> and optionally RULE <rule>)',
      '  - no REASON line: say why (the ruling, as the players will read it)',
    ].join('\n'));
    expect(await t.db.selectFrom('round_advancement_corrections').selectAll().execute()).toHaveLength(2);
    await send(`ADVANCE CORRECT ROUND 1\nIN ${p51.email}\nOUT ${p48.email}\nREASON the TMC's ruling of 3 March (A.6)\nRULE A.6, C.7\n`);
    const done = await reply();
    expect(done.body_text).toContain(`ADVANCE CORRECT ROUND 1: done.\nAdvancement from round 1 of ${SLUG} corrected (A.6, C.7): 49 player(s) go on to round 2.`);
    const mailed = await t.db.selectFrom('outbox').select(['to_address', 'body_text']).where('kind', '=', 'advancement-corrected').where('body_text', 'like', '%TMC\'s ruling of 3 March%').execute();
    expect(mailed.map((m) => m.to_address)).toEqual(expect.arrayContaining([p51.email, p48.email, 'jane@example.org']));
    expect(mailed.find((m) => m.to_address === p51.email)!.body_text).toContain('Decided by the TD Jane Roe <jane@example.org>, by email, ');
    const going = (await findRoundAdvancements(t.db, tour.id, 1)).map((x) => x.personId);
    expect(going).toContain(p51.id);
    expect(going).not.toContain(p48.id);
    expect(going).toHaveLength(49);
  });

  it('round 2 is seated from the corrected list; then a correction is refused, saying what to do instead', async () => {
    const input = JSON.parse(cli('tournament', 'assign', SLUG, '--round', '2', '--print-input').stdout) as { players: { id: string }[] };
    const person = async (email: string) => String((await t.db.selectFrom('people').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);
    const ids = input.players.map((p) => p.id);
    expect(ids).toHaveLength(49);
    expect(ids).toContain(await person(firstOut.email));
    expect(ids).not.toContain(await person(lastIn.email));
    const made = cli('tournament', 'assign', SLUG, '--round', '2', '--commit', '--gm-email', 'gm@example.org', '--domain', 'judge.example.org', '--deadline', '2030-03-10T12:00Z');
    expect(made.stderr).toBe('');
    // Undo by a second ruling, now that round 2 runs: refused, naming the seat and the replacement command.
    const seat = await t.db.selectFrom('positions').select(['game_id', 'power']).where('person_id', '=', Number(await person(firstOut.email))).where('game_id', 'like', `${SLUG}-r2-%`).executeTakeFirstOrThrow();
    const r = cli('tournament', 'advance', SLUG, '--round', '1', '--correct', '--in', lastIn.email, '--out', firstOut.email, '--reason', 'appeal reversed by the TMC');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`round 2 of ${SLUG} has started: its 7 game(s) (`);
    expect(r.stderr).toContain('were created from the advancement as recorded and seated from it (B.5, B.6), and their players told; the judge does not change who goes on under a round in play.');
    expect(r.stderr).toContain(`instead: ${firstOut.name} plays ${seat.power} on ${seat.game_id}. If the ruling is that ${lastIn.name} takes that seat, its GM records it as a replacement (B.7): mailjudge replace ${seat.game_id} ${seat.power} --email ${lastIn.email} --name "${lastIn.name}" --reason "appeal reversed by the TMC" (by mail to ${seat.game_id}@judge.example.org: REPLACE ${seat.power} ${lastIn.email} ${lastIn.name}); the newcomer is credited the seasons they play (C.14), in full if before ${seat.game_id}'s first results.`);
    expect(r.stderr).toContain('or bring the appeal to the TMC (A.5, A.6), whose decision binds; the TD then carries it out in the games as above.');
    expect(await t.db.selectFrom('round_advancement_corrections').selectAll().execute()).toHaveLength(4);
  }, 120_000);
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
