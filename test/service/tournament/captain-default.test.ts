/**
 * B.8(c) in round 1: the team captain is the default replacement of a player who NMR'd, standing in
 * from the instant the rule says (the contact deadline), however late the judge's tick; but is not
 * given the position when already playing another power of the same game (nobody plays two powers of
 * one game; the captain may designate the player instead: "the Team Captain or player designated by
 * the Team Captain"), nor when a stand-in (B.7) already holds it. Who is told what, and the notice's state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEntries } from '../../../src/db/audit-log.js';
import { insertNmrNotice } from '../../../src/db/nmr-notices.js';
import { insertPerson } from '../../../src/db/people.js';
import { endPosition, findCurrentPositions, insertPosition } from '../../../src/db/positions.js';
import { contactDeadline } from '../../../src/diplomacy/calendar/index.js';
import { calendarTickTask } from '../../../src/service/diplomacy/calendar-tick.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { calendarGame, mails } from '../fixtures.js';
import { JUDGE } from '../sim.js';

let t: TestDatabase;
const PUBLISHED = new Date('2030-06-03T12:00:00Z');
const flat = (s: string) => s.replace(/\s+/g, ' ');

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

async function nmrAndTick(game: string, playerId: number, tickLateMs = 0) {
  const contact = contactDeadline(PUBLISHED);
  await insertNmrNotice(t.db, { gameId: game, phase: 'S1901M', power: 'TURKEY', personId: playerId, publishedAt: PUBLISHED, contactDeadline: contact });
  await calendarTickTask(t.db, { now: () => new Date(contact.getTime() + tickLateMs), fromAddress: JUDGE });
}

describe('B.8(c): the team captain as the default replacement', () => {
  it('stands in from the contact deadline even when the tick comes five hours late, and is told to send orders', { timeout: 60_000 }, async () => {
    const g = await calendarGame(t.db, 'cng0', { deadline: new Date('2030-07-01T12:00:00Z'), round: 1, captains: ['TURKEY'] });
    const captain = g.captains.get('TURKEY')!;
    await nmrAndTick('cng0', g.players.get('TURKEY')!.id, 5 * 3_600_000);
    // Published Monday 3 June 2030 12:00 GMT; 48 hours with no weekend in them (D.VII(6)(a)): Wednesday 5 June 12:00.
    const contact = new Date('2030-06-05T12:00:00Z');
    expect(contactDeadline(PUBLISHED)).toEqual(contact);
    const standIn = (await findCurrentPositions(t.db, 'cng0')).filter((p) => p.power === 'TURKEY' && p.kind === 'temporary');
    expect(standIn.map((p) => [p.personId, p.startedAt.toISOString()])).toEqual([[captain.id, contact.toISOString()]]);
    const toCaptain = flat((await mails(t.db, 'cng0', 'replacement-request')).find((m) => m.to === captain.email)!.body);
    expect(toCaptain).toContain('In the first round the team captain is the default replacement (rule B.8(c)): you may now send orders for TURKEY to cng0@judge.example.org');
  });

  it('a captain who plays AUSTRIA in the same game is not made TURKEY\'s stand-in; told to name the player; the GM and TD told how to record it', { timeout: 60_000 }, async () => {
    const g = await calendarGame(t.db, 'cng1', { deadline: new Date('2030-07-01T12:00:00Z'), round: 1, captains: ['TURKEY'] });
    const captain = g.captains.get('TURKEY')!;
    const austria = (await findCurrentPositions(t.db, 'cng1')).find((p) => p.power === 'AUSTRIA')!;
    await endPosition(t.db, austria.id, { at: new Date('2030-06-01T00:00:00Z'), reason: 'test: the captain plays Austria' });
    await insertPosition(t.db, { gameId: 'cng1', power: 'AUSTRIA', personId: captain.id, kind: 'original', startedAt: new Date('2030-06-01T00:00:00Z') });
    await nmrAndTick('cng1', g.players.get('TURKEY')!.id);

    // TURKEY stays with its player; the captain still holds only AUSTRIA.
    const now = await findCurrentPositions(t.db, 'cng1');
    expect(now.filter((p) => p.power === 'TURKEY').map((p) => [p.personId, p.kind])).toEqual([[g.players.get('TURKEY')!.id, 'original']]);
    expect(now.filter((p) => p.personId === captain.id).map((p) => p.power)).toEqual(['AUSTRIA']);

    const sent = await mails(t.db, 'cng1', 'replacement-request');
    expect(sent.map((m) => m.to).sort()).toEqual(['cng1-gm@example.org', 'cng1-td@example.org', 'cng1-turkey-captain@example.org']);
    const toCaptain = flat(sent.find((m) => m.to === captain.email)!.body);
    expect(toCaptain).toContain('TURKEY needs a replacement (NMR in S1901M and no contact with the GM in time, rule D.VII(6)(a)). In the first round the team captain is the default replacement (rule B.8(c)), but you already play AUSTRIA in this game, and nobody plays two powers of one game.');
    expect(toCaptain).toContain('So you have not been given TURKEY. Name the player who will send its orders to the GM (cng1-gm@example.org) (rule B.8(c): the captain or a player the captain designates).');
    expect(toCaptain).not.toContain('you may now send orders');
    const toGm = flat(sent.find((m) => m.to === 'cng1-gm@example.org')!.body);
    expect(toGm).toContain('but TURKEY captain already plays AUSTRIA in this game, and nobody plays two powers of one game. So TURKEY captain has not been given TURKEY. Record the player the captain names with: mailjudge replace cng1 TURKEY --email <address> --name "<name>"');
    expect(toGm).not.toContain('may now send orders');

    const notice = await t.db.selectFrom('nmr_notices').select(['status', 'note']).where('game_id', '=', 'cng1').executeTakeFirstOrThrow();
    expect(notice).toEqual({ status: 'procedure', note: 'the team captain plays AUSTRIA in this game (B.8(c)); waiting for the replacement the captain names' });
    expect((await findAuditEntries(t.db, 'cng1')).filter((e) => e.action === 'position.stand-in-refused').map((e) => e.detail)).toEqual([{ power: 'TURKEY', person: captain.id, rule: 'B.8(c)', why: 'captain-plays-here', plays: 'AUSTRIA' }]);

    // The next tick sends nothing again.
    await calendarTickTask(t.db, { now: () => new Date(contactDeadline(PUBLISHED).getTime() + 3_600_000), fromAddress: JUDGE });
    expect(await mails(t.db, 'cng1', 'replacement-request')).toHaveLength(3);
  });

  it('a stand-in already holding TURKEY keeps it; only the GM and the TD are told', { timeout: 60_000 }, async () => {
    const g = await calendarGame(t.db, 'cng2', { deadline: new Date('2030-07-01T12:00:00Z'), round: 1, captains: ['TURKEY'] });
    const rex = await insertPerson(t.db, { name: 'Rex Reserve', email: 'rex@example.org' });
    await insertPosition(t.db, { gameId: 'cng2', power: 'TURKEY', personId: rex.id, kind: 'temporary', startedAt: new Date('2030-06-02T00:00:00Z'), reason: 'B.7 until F1901M' });
    await nmrAndTick('cng2', g.players.get('TURKEY')!.id);

    const turkey = (await findCurrentPositions(t.db, 'cng2')).filter((p) => p.power === 'TURKEY').map((p) => [p.personId, p.kind]).sort();
    expect(turkey).toEqual([[g.players.get('TURKEY')!.id, 'original'], [rex.id, 'temporary']].sort());
    const sent = await mails(t.db, 'cng2', 'replacement-request');
    expect(sent.map((m) => m.to).sort()).toEqual(['cng2-gm@example.org', 'cng2-td@example.org']);
    const toGm = flat(sent[0]!.body);
    expect(toGm).toContain('the team captain is the default replacement (rule B.8(c)), but Rex Reserve already stands in for TURKEY (rule B.7), and keeps the position. So TURKEY captain, the team captain, has not been given TURKEY, and nothing changes for the position.');
    const notice = await t.db.selectFrom('nmr_notices').select(['status', 'note']).where('game_id', '=', 'cng2').executeTakeFirstOrThrow();
    expect(notice).toEqual({ status: 'procedure', note: 'a stand-in holds the position (B.7); the captain was not given it' });
  });
});
