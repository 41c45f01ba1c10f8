/**
 * The game repositories against the schema's constraints: order sets (latest per power, a cutoff,
 * status without orders), positions (B.7 temporary overlap, one player of record), game locks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Power } from '../../src/diplomacy/index.js';
import { findGame, findGameByAddress, lockGame } from '../../src/db/games.js';
import { findOrderSetStatus, findLatestOrderSets, findOrderSets, insertOrderSet } from '../../src/db/order-sets.js';
import { findOrInsertPerson, findPersonByEmail } from '../../src/db/people.js';
import { endPosition, findCurrentPositions, findPositionHistory, holdersByPower, insertPosition } from '../../src/db/positions.js';
import type { Person } from '../../src/db/people.js';
import { gameWithPlayers, person } from '../helpers/db-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
let players: Map<Power, Person>;
beforeAll(async () => {
  t = await createTestDatabase();
  ({ players } = await gameWithPlayers(t.db, 'g1'));
});
afterAll(() => t.close());

const set = (power: Power, at: string, orders: string[], final = false) =>
  insertOrderSet(t.db, { gameId: 'g1', phase: 'S1901M', power, personId: players.get(power)!.id, receivedAt: new Date(at), final, sheet: { lines: orders }, orders });

describe('order sets', () => {
  beforeAll(async () => {
    await set('FRANCE', '2030-04-30T10:00:00Z', ['A PAR - BUR']);
    await set('FRANCE', '2030-04-30T11:00:00Z', ['A PAR - PIC'], true);
    await set('FRANCE', '2030-05-01T12:00:30Z', ['A PAR H']); // after the deadline
    await set('ENGLAND', '2030-04-30T09:00:00Z', ['F LON - NTH']);
    await set('ENGLAND', '2030-04-30T09:00:00Z', ['F LON - ENG']); // same second: the later insert wins
  });

  it('gives the latest set of each power, ties in the same second to the later insert (D.III(3))', async () => {
    const latest = await findLatestOrderSets(t.db, 'g1', 'S1901M');
    expect(latest.map((s) => [s.power, s.orders])).toEqual([
      ['ENGLAND', ['F LON - ENG']],
      ['FRANCE', ['A PAR H']],
    ]);
  });

  it('ignores sets received after a cutoff (the deadline, D.VII(3))', async () => {
    const latest = await findLatestOrderSets(t.db, 'g1', 'S1901M', { receivedBy: new Date('2030-05-01T12:00:00Z') });
    expect(latest.find((s) => s.power === 'FRANCE')).toMatchObject({ orders: ['A PAR - PIC'], final: true });
  });

  it('lists every set of a power oldest first, for the merge rule', async () => {
    const all = await findOrderSets(t.db, 'g1', 'S1901M', { power: 'FRANCE' });
    expect(all.map((s) => s.orders[0])).toEqual(['A PAR - BUR', 'A PAR - PIC', 'A PAR H']);
    expect(all[0]!.sheet).toEqual({ lines: ['A PAR - BUR'] });
  });

  it('reports status per power without the orders', async () => {
    const status = await findOrderSetStatus(t.db, 'g1', 'S1901M');
    expect(status).toEqual([
      { power: 'ENGLAND', final: false, receivedAt: new Date('2030-04-30T09:00:00Z'), sets: 2 },
      { power: 'FRANCE', final: false, receivedAt: new Date('2030-05-01T12:00:30Z'), sets: 3 },
    ]);
  });

  it('refuses a set for a phase that was never opened', async () => {
    await expect(
      insertOrderSet(t.db, { gameId: 'g1', phase: 'F1901M', power: 'ITALY', personId: players.get('ITALY')!.id, receivedAt: new Date(), final: false, sheet: {}, orders: [] }),
    ).rejects.toMatchObject({ code: '23503' });
  });
});

describe('positions (B.7, B.8)', () => {
  it('lets a temporary stand-in overlap the original, who stays the player of record', async () => {
    const stand = await person(t.db, 'stand-in');
    await insertPosition(t.db, { gameId: 'g1', power: 'ITALY', personId: stand.id, kind: 'temporary', reason: 'away until F1902M' });
    const italy = holdersByPower(await findCurrentPositions(t.db, 'g1')).find((h) => h.power === 'ITALY')!;
    expect(italy.ofRecord?.personId).toBe(players.get('ITALY')!.id);
    expect(italy.standIn?.personId).toBe(stand.id);
    expect(italy.acting).toBe(italy.standIn);
  });

  it('refuses a second player of record, a second stand-in, and one person on two powers', async () => {
    const other = await person(t.db, 'other');
    await expect(insertPosition(t.db, { gameId: 'g1', power: 'TURKEY', personId: other.id, kind: 'permanent', reason: 'x' })).rejects.toMatchObject({
      code: '23505',
      constraint: 'positions_player_of_record_key',
    });
    await expect(insertPosition(t.db, { gameId: 'g1', power: 'ITALY', personId: other.id, kind: 'temporary', reason: 'x' })).rejects.toMatchObject({
      constraint: 'positions_stand_in_key',
    });
    await expect(insertPosition(t.db, { gameId: 'g1', power: 'TURKEY', personId: players.get('RUSSIA')!.id, kind: 'temporary', reason: 'x' })).rejects.toMatchObject({
      constraint: 'positions_one_power_per_person_key',
    });
  });

  it('keeps the history of a permanent replacement', async () => {
    const [turkey] = (await findCurrentPositions(t.db, 'g1')).filter((p) => p.power === 'TURKEY');
    const replacement = await person(t.db, 'replacement');
    await t.db.transaction().execute(async (trx) => {
      await endPosition(trx, turkey!.id, { at: new Date('2030-06-01T00:00:00Z'), reason: 'NMR, captain named a replacement (B.8(a))' });
      await insertPosition(trx, { gameId: 'g1', power: 'TURKEY', personId: replacement.id, kind: 'permanent', startedAt: new Date('2030-06-01T00:00:00Z'), reason: 'B.8(a)' });
    });
    const history = await findPositionHistory(t.db, 'g1', 'TURKEY');
    expect(history.map((p) => [p.kind, p.endedAt !== null])).toEqual([
      ['original', true],
      ['permanent', false],
    ]);
    expect(history[0]!.reason).toBe('ended: NMR, captain named a replacement (B.8(a))');
  });
});

describe('games and people', () => {
  it('finds a game by its address case-insensitively and locks it in a transaction', async () => {
    expect((await findGameByAddress(t.db, 'G1@Judge.Example.org'))?.id).toBe('g1');
    const locked = await t.db.transaction().execute((trx) => lockGame(trx, 'g1'));
    expect(locked?.policies).toEqual({ lateOrders: 'refuse', revisedSets: 'replace', pressRule: 'standard', identity: 'dmarc-or-secret', playerAddresses: 'shared' });
    expect(await findGame(t.db, 'nope')).toBeUndefined();
  });

  it('registers an address once, case-insensitively, and keeps the first name', async () => {
    const a = await findOrInsertPerson(t.db, { name: 'Ann', email: 'Ann@Example.org', timeZone: 'Europe/Paris' });
    const b = await findOrInsertPerson(t.db, { name: 'Annie', email: 'ann@example.ORG' });
    expect(a.created).toBe(true);
    expect(b).toEqual({ person: a.person, created: false });
    expect((await findPersonByEmail(t.db, 'ANN@EXAMPLE.ORG'))?.timeZone).toBe('Europe/Paris');
  });
});
