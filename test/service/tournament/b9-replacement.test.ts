/**
 * B.9 when a replacement is recorded (issue #13): a player permanent in three games of a round may
 * not take a fourth, by the GM's emailed REPLACE nor by `mailjudge replace` (the built CLI); the TD
 * may allow it with --override-b9 "<reason>", audit-logged. A game in no tournament is not limited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEntries } from '../../../src/db/audit-log.js';
import { insertGame } from '../../../src/db/games.js';
import { insertPerson } from '../../../src/db/people.js';
import { findCurrentPositions, insertPosition } from '../../../src/db/positions.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { insertNmrNotice } from '../../../src/db/nmr-notices.js';
import { contactDeadline } from '../../../src/diplomacy/calendar/index.js';
import { calendarTickTask } from '../../../src/service/diplomacy/calendar-tick.js';
import { CLI, runDbCli } from '../../helpers/cli.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { calendarGame, mails } from '../fixtures.js';
import { JUDGE, Sim } from '../sim.js';

let t: TestDatabase;
const HOUR = 3_600_000;
const START = new Date('2030-06-03T12:00:00Z');

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

const cli = (...args: string[]) => runDbCli(t.url, ...args);

describe('B.9 on replacements', () => {
  it('refuses a fourth game of the round by email and at the CLI, naming the player, his games and the rule; the TD overrides with a reason', { timeout: 90_000 }, async () => {
    const g = await calendarGame(t.db, 'b9a', { deadline: new Date(START.getTime() + 96 * HOUR), round: 1 });
    const rita = await insertPerson(t.db, { name: 'Rita Rossi', email: 'rita@example.org' });
    for (const id of ['b9b', 'b9c', 'b9d']) {
      await insertGame(t.db, { id, boardName: id, address: `${id}@judge.example.org`, gmPersonId: g.gm.id, status: 'active', policies: {}, tournamentId: g.game.tournamentId, roundNumber: 1 });
      await insertPosition(t.db, { gameId: id, power: 'FRANCE', personId: rita.id, kind: 'original', startedAt: new Date('2020-01-01T00:00:00Z') });
    }
    const slug = (await t.db.selectFrom('tournaments').select('slug').where('id', '=', g.game.tournamentId!).executeTakeFirstOrThrow()).slug;
    const rule = `Rita Rossi <rita@example.org> already holds b9b (permanent), b9c (permanent), b9d (permanent) in round 1 of ${slug}; taking b9a (permanent) would break B.9 (no player is permanent in more than three games of a round, nor plays more than three at once as permanent player and temporary replacement)`;

    const sim = new Sim(t.db, START);
    await sim.send('b9a', g.gm.email, 'REPLACE ITALY rita@example.org Rita Rossi', 'commands');
    const reply = (await mails(t.db, 'b9a', 'gm-reply')).at(-1)!;
    expect(reply.body).toContain(`REPLACE ITALY rita@example.org Rita Rossi: refused, ${rule}: B.9: Rita Rossi <rita@example.org> would be a permanent player in 4 games of this round (b9a, b9b, b9c, b9d)`);
    expect(reply.body).toContain('Nothing changed. The TD may allow it with a stated reason: mailjudge replace b9a ITALY --email rita@example.org --name "Rita Rossi" --override-b9 "<reason>"');
    expect((await findCurrentPositions(t.db, 'b9a')).find((p) => p.power === 'ITALY')!.personId).toBe(g.players.get('ITALY')!.id);

    // A temporary stand-in counts too: three permanent games and a fourth at once.
    const temp = cli('replace', 'b9a', 'ITALY', '--email', 'rita@example.org', '--name', 'Rita Rossi', '--temporary', '--until', 'F1901M', '--json');
    expect(temp.status).toBe(2);
    expect(JSON.parse(temp.stdout).error).toContain('taking b9a (temporary) would break B.9');
    expect(JSON.parse(temp.stdout).error).toContain('would be playing 4 games at once');

    const empty = cli('replace', 'b9a', 'ITALY', '--email', 'rita@example.org', '--name', 'Rita Rossi', '--override-b9', ' ', '--json');
    expect(JSON.parse(empty.stdout).problems).toEqual(['--override-b9 needs the reason the TD allows it, e.g. --override-b9 "no reserve left; TD Jane Roe"']);

    const ok = cli('replace', 'b9a', 'ITALY', '--email', 'rita@example.org', '--name', 'Rita Rossi', '--override-b9', 'no reserve answered; TD Jane Roe');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toContain('ITALY: Rita Rossi <rita@example.org> is now the player (permanent); B.9 set aside by the TD: no reserve answered; TD Jane Roe. Everyone has been told.');
    const audit = (await findAuditEntries(t.db, 'b9a')).filter((e) => e.action === 'tournament.b9-override');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).toMatchObject({ power: 'ITALY', person: rita.id, kind: 'permanent', reason: 'no reserve answered; TD Jane Roe', held: ['b9b (permanent)', 'b9c (permanent)', 'b9d (permanent)'] });
    const told = (await mails(t.db, 'b9a', 'position-change')).find((m) => m.to === g.players.get('FRANCE')!.email)!;
    expect(told.body).toContain('B.9 set aside by the TD: no reserve answered; TD Jane Roe');
  });

  it('a third game of the round is allowed; a game in no tournament is not limited', { timeout: 60_000 }, async () => {
    const g = await calendarGame(t.db, 'b9x', { deadline: new Date(START.getTime() + 96 * HOUR), round: 1 });
    const ann = await insertPerson(t.db, { name: 'Ann Ash', email: 'ann@example.org' });
    for (const id of ['b9y', 'b9z']) {
      await insertGame(t.db, { id, boardName: id, address: `${id}@judge.example.org`, gmPersonId: g.gm.id, status: 'active', policies: {}, tournamentId: g.game.tournamentId, roundNumber: 1 });
      await insertPosition(t.db, { gameId: id, power: 'FRANCE', personId: ann.id, kind: 'original', startedAt: new Date('2020-01-01T00:00:00Z') });
    }
    const third = cli('replace', 'b9x', 'ITALY', '--email', 'ann@example.org', '--name', 'Ann Ash');
    expect(third.status).toBe(0);
    expect(third.stdout).toContain('ITALY: Ann Ash <ann@example.org> is now the player (permanent). Everyone has been told.');
    const free = await calendarGame(t.db, 'b9free', { deadline: new Date(START.getTime() + 96 * HOUR) });
    const r = cli('replace', 'b9free', 'ITALY', '--email', 'ann@example.org', '--name', 'Ann Ash');
    expect(r.status).toBe(0);
    expect(free.game.tournamentId).toBeNull();
  });

  it('B.8(c) "subject to the provisions of rule B9": a round-1 captain already in three games is not given the position; the GM and TD are told how to go on', { timeout: 60_000 }, async () => {
    const g = await calendarGame(t.db, 'b9cap', { deadline: new Date('2030-07-01T12:00:00Z'), round: 1, captains: ['TURKEY'] });
    const captain = g.captains.get('TURKEY')!;
    for (const id of ['b9cap2', 'b9cap3', 'b9cap4']) {
      await insertGame(t.db, { id, boardName: id, address: `${id}@judge.example.org`, gmPersonId: g.gm.id, status: 'active', policies: {}, tournamentId: g.game.tournamentId, roundNumber: 1 });
      await insertPosition(t.db, { gameId: id, power: 'FRANCE', personId: captain.id, kind: 'original', startedAt: new Date('2020-01-01T00:00:00Z') });
    }
    const published = new Date('2030-06-03T12:00:00Z');
    const contact = contactDeadline(published);
    await insertNmrNotice(t.db, { gameId: 'b9cap', phase: 'S1901M', power: 'TURKEY', personId: g.players.get('TURKEY')!.id, publishedAt: published, contactDeadline: contact });
    await calendarTickTask(t.db, { now: () => contact, fromAddress: JUDGE });
    expect((await findCurrentPositions(t.db, 'b9cap')).filter((p) => p.power === 'TURKEY').map((p) => p.personId)).toEqual([g.players.get('TURKEY')!.id]);
    const sent = await mails(t.db, 'b9cap', 'replacement-request');
    expect(sent.map((m) => m.to).sort()).toEqual(['b9cap-gm@example.org', 'b9cap-td@example.org', 'b9cap-turkey-captain@example.org']);
    const toCaptain = sent.find((m) => m.to === captain.email)!.body;
    expect(toCaptain).toContain('In the first round the team captain is the default\nreplacement (rule B.8(c)), subject to rule B.9, and B.9 does not allow it here:');
    expect(toCaptain).toContain('TURKEY captain <b9cap-turkey-captain@example.org> already holds b9cap2 (permanent), b9cap3 (permanent), b9cap4 (permanent) in round 1');
    expect(toCaptain).toContain('So you have not been given TURKEY. Name another replacement to the GM (b9cap-gm@example.org).');
    const toGm = sent.find((m) => m.to === 'b9cap-gm@example.org')!.body;
    expect(toGm).toContain('mailjudge replace b9cap TURKEY --email b9cap-turkey-captain@example.org --name "TURKEY captain" --temporary --until <phase> --override-b9 "<reason>"');
    const notice = await t.db.selectFrom('nmr_notices').select(['status', 'note']).where('game_id', '=', 'b9cap').executeTakeFirstOrThrow();
    expect(notice).toEqual({ status: 'procedure', note: 'the team captain may not stand in (B.9); waiting for the replacement the captain names' });
  });
});
