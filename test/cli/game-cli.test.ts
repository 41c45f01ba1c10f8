/**
 * The database commands through the built CLI (dist/src/cli/main.js) with DATABASE_URL pointing at
 * this file's database: tournament create/show, game create from JSON and CSV, every problem
 * reported with exit code 2, and `game show` never printing an order.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POWERS } from '../../src/diplomacy/index.js';
import { verifyAuditChain } from '../../src/db/audit-log.js';
import { insertOrderSet } from '../../src/db/order-sets.js';
import { findCurrentPositions } from '../../src/db/positions.js';
import { CLI, runDbCli } from '../helpers/cli.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
let dir: string;
beforeAll(async () => {
  t = await createTestDatabase();
  dir = mkdtempSync(join(tmpdir(), 'mailjudge-cli-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const cli = (...args: string[]) => runDbCli(t.url, ...args);

function file(name: string, content: string | object): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return path;
}

const NAMES = { AUSTRIA: 'Al', ENGLAND: 'Em', FRANCE: 'Fran', GERMANY: 'Gus', ITALY: 'Ida', RUSSIA: 'Rolf', TURKEY: 'Tom' };
const GAME = {
  id: 'wm-r1-b7',
  address: 'wm-r1-b7@judge.example.org',
  gm: { name: 'Gail', email: 'gail@example.org' },
  rules: 'wm',
  endYear: 1909,
  policies: { lateOrders: 'accept-until-adjudication', revisedSets: 'merge', press: 'B' },
  tournament: 'wm2004',
  round: 1,
  board: 'Board 7',
  deadline: '2030-05-01T12:00Z',
  players: POWERS.map((power) => ({ power, name: NAMES[power], email: `${NAMES[power].toLowerCase()}@example.org`, timeZone: power === 'FRANCE' ? 'Europe/Paris' : 'UTC' })),
};

describe('mailjudge migrate and tournament', () => {
  it('migrate says the database is up to date (the template is migrated)', () => {
    const r = cli('migrate', '--json');
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ applied: [] });
  });

  it('creates a tournament, refuses it twice, and shows it', () => {
    const created = cli('tournament', 'create', 'wm2004', '--name', 'World Masters 2004');
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain('Created tournament wm2004: World Masters 2004.');
    const again = cli('tournament', 'create', 'wm2004', '--name', 'Again', '--json');
    expect(again.status).toBe(2);
    expect(JSON.parse(again.stdout)).toEqual({ error: 'tournament wm2004 exists already; pick another slug', problems: ['tournament wm2004 exists already; pick another slug'] });
    const shown = cli('tournament', 'show', 'wm2004', '--json');
    expect(JSON.parse(shown.stdout)).toMatchObject({ tournament: { slug: 'wm2004', name: 'World Masters 2004' }, games: [] });
  });

  it('lists every problem of a bad tournament at once, exit 2', () => {
    const r = cli('tournament', 'create', 'Not A Slug', '--name', ' ');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('mailjudge tournament create: 2 problems:');
    expect(r.stderr).toContain('slug "Not A Slug": use lower-case letters');
    expect(r.stderr).toContain('--name: give the tournament\'s name');
  });
});

describe('mailjudge game create', () => {
  it('creates a game from JSON: players, policies, an open S1901M, an audit entry', async () => {
    const r = cli('game', 'create', '--from', file('game.json', GAME), '--json');
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.game).toEqual({ id: 'wm-r1-b7', address: 'wm-r1-b7@judge.example.org', board: 'Board 7', status: 'active', phase: 'S1901M' });
    expect(out.players.map((p: { power: string }) => p.power)).toEqual(POWERS);
    expect(await findCurrentPositions(t.db, 'wm-r1-b7')).toHaveLength(7);
    const game = await t.db.selectFrom('games').selectAll().where('id', '=', 'wm-r1-b7').executeTakeFirstOrThrow();
    expect(game).toMatchObject({ late_orders: 'accept-until-adjudication', revised_sets: 'merge', press_rule: 'B', identity: 'dmarc-or-secret', round_number: 1, end_year: 1909 });
    const audit = await t.db.selectFrom('audit_log').select(['action', 'game_id']).where('action', '=', 'game.create').execute();
    expect(audit).toEqual([{ action: 'game.create', game_id: 'wm-r1-b7' }]);
    expect(await verifyAuditChain(t.db)).toBeNull();
  });

  it('creates a forming game from CSV plus options, reusing registered people', () => {
    const csv = file('players.csv', 'power,name,email,time_zone\r\nfrance,"Doe, Jane",jane@example.org,Europe/Paris\r\nENGLAND,Emma,em@example.org,\r\n');
    const r = cli('game', 'create', '--from', csv, '--id', 'wm-r1-b8', '--address', 'wm-r1-b8@judge.example.org', '--gm-email', 'gail@example.org');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Created game wm-r1-b8 (wm-r1-b8) at wm-r1-b8@judge.example.org, GM Gail <gail@example.org>: forming');
    expect(r.stdout).toContain('FRANCE   Doe, Jane <jane@example.org>');
    expect(r.stdout).toContain('Note: em@example.org is registered as "Em" (UTC); kept that');
  });

  it('reports every problem of a bad JSON file and bad options at once, exit 2, creating nothing', async () => {
    const bad = {
      ...GAME,
      id: 'Bad Id',
      address: 'wm-r1-b7@judge.example.org',
      policies: { press: 'D' },
      extra: true,
      players: [...GAME.players.slice(0, 2), { power: 'PRUSSIA', name: '', email: 'x' }, { ...GAME.players[0], email: 'al2@example.org' }],
    };
    const r = cli('game', 'create', '--from', file('bad.json', bad), '--end-year', '1800', '--json');
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout).problems).toEqual([
      'bad.json: unknown key "extra"; the keys are id, address, gm, rules, endYear, policies, tournament, round, board, deadline, consentRecorded, players',
      'bad.json id: must be lower-case letters, digits and dashes, starting with a letter or digit, at most 63 characters (e.g. wm-r1-b7)',
      'bad.json policies.press: must be standard, A, B or C (D.X(1))',
      'bad.json players[2].power: must be one of AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY',
      'bad.json players[2].name: must be a non-empty text',
      'bad.json players[2].email: must be an email address such as ann@example.org',
      '--end-year "1800": must be a year from 1901 (the tournament plays to 1909, 1912 or 1915, B.3)',
      'bad.json players[3]: AUSTRIA is also given to al@example.org (bad.json players[0]); each power has one player',
    ]);
    expect(await t.db.selectFrom('games').select('id').execute()).toHaveLength(2);
  });

  it('reports problems only the database can see: a taken id and address, an unknown tournament', () => {
    const r = cli('game', 'create', '--from', file('taken.json', { ...GAME, tournament: 'wm2099' }));
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('game wm-r1-b7 exists already; pick another id');
    expect(r.stderr).toContain('address wm-r1-b7@judge.example.org is already the address of game wm-r1-b7');
    expect(r.stderr).toContain('no tournament "wm2099"; create it first');
  });

  it('reports bad CSV rows by line and the options a CSV file needs', () => {
    const csv = file('bad.csv', 'FRNACE,Bob,bob@,Mars/Base\nENGLAND,Em,em@example.org\n');
    const r = cli('game', 'create', '--from', csv);
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('  - '))).toEqual([
      '  - bad.csv line 1 power "FRNACE": must be one of AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY',
      '  - bad.csv line 1 email "bob@": must be an email address such as ann@example.org',
      '  - bad.csv line 1 time_zone "Mars/Base": must be an IANA time zone name such as Europe/Paris, America/New_York or UTC',
      '  - the game id is missing: pass --id wm-r1-b7',
      "  - the game's email address is missing: pass --address wm-r1-b7@judge.example.org",
      '  - the GM is missing: pass --gm-email',
    ]);
  });
});

describe('mailjudge game show', () => {
  const SECRET_ORDERS = ['A PAR - PIC', 'F BRE - ENG', 'A MAR S A PAR - BUR'];

  beforeAll(async () => {
    const fran = await t.db.selectFrom('people').select('id').where('email', '=', 'fran@example.org').executeTakeFirstOrThrow();
    const em = await t.db.selectFrom('people').select('id').where('email', '=', 'em@example.org').executeTakeFirstOrThrow();
    const base = { gameId: 'wm-r1-b7', phase: 'S1901M', receivedAt: new Date('2030-04-30T10:00:00Z') };
    await insertOrderSet(t.db, { ...base, power: 'FRANCE', personId: fran.id, final: false, sheet: { text: SECRET_ORDERS.join('\n') }, orders: SECRET_ORDERS.slice(0, 2) });
    await insertOrderSet(t.db, { ...base, power: 'FRANCE', personId: fran.id, final: true, sheet: { text: SECRET_ORDERS.join('\n') }, orders: SECRET_ORDERS, receivedAt: new Date('2030-04-30T11:00:00Z') });
    await insertOrderSet(t.db, { ...base, power: 'ENGLAND', personId: em.id, final: false, sheet: { text: 'F LON - NTH' }, orders: ['F LON - NTH'] });
  });

  it('shows players, phase, deadline in GMT and who has ordered', () => {
    const r = cli('game', 'show', 'wm-r1-b7');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('Game wm-r1-b7 (Board 7), wm2004 round 1: active');
    expect(r.stdout).toContain('Phase: S1901M, deadline Wed 1 May 2030 12:00 GMT');
    expect(r.stdout).toMatch(/FRANCE +Fran <fran@example.org> +3 +final \(2 sets\)/);
    expect(r.stdout).toMatch(/ENGLAND +Em <em@example.org> +3 +preliminary/);
    expect(r.stdout).toMatch(/TURKEY +Tom <tom@example.org> +3 +none/);
  });

  it('never prints an order, in text or JSON', () => {
    const text = cli('game', 'show', 'wm-r1-b7').stdout;
    const json = cli('game', 'show', 'wm-r1-b7', '--json').stdout;
    for (const out of [text, json]) {
      for (const order of [...SECRET_ORDERS, 'F LON - NTH']) expect(out).not.toContain(order);
      expect(out).not.toMatch(/ - (PIC|ENG|NTH|BUR)/);
    }
    const powers = JSON.parse(json).powers;
    expect(powers.find((p: { power: string }) => p.power === 'FRANCE').orders).toEqual({ status: 'final', receivedAt: '2030-04-30T11:00:00.000Z', sets: 2 });
  });

  it('exits 2 for an unknown game', () => {
    const r = cli('game', 'show', 'nope');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('no game "nope"');
  });
});
