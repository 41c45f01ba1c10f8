/**
 * Issue 29, stop 46: findPlayerFacts reads in one statement what a player's message needs after the
 * game's lock; each part must equal what its own query reads (positions, open stand-in periods, the
 * player's abbreviations) and the NMR mark must be true whenever the player has an open notice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDecision } from '../../src/db/inbound-decisions.js';
import { insertInboundMessage } from '../../src/db/inbound-messages.js';
import { CONFIRM_COPIES } from '../../src/service/intake/player-mail.js';
import { insertNmrNotice } from '../../src/db/nmr-notices.js';
import { findPlayerAbbreviations, insertPlayerAbbreviations } from '../../src/db/player-abbreviations.js';
import { findPlayerFacts } from '../../src/db/player-facts.js';
import { findCurrentPositions, insertPosition } from '../../src/db/positions.js';
import { insertPerson } from '../../src/db/people.js';
import { findOpenReplacementPeriods, insertReplacementPeriod } from '../../src/db/replacement-periods.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

describe('findPlayerFacts (issue 29)', () => {
  it('equals the separate reads, and marks an open NMR notice', async () => {
    const { game, players } = await gameWithPlayers(t.db, 'pf');
    const france = players.get('FRANCE')!;
    const italy = players.get('ITALY')!;
    const same = async (personId: number, copiesOf = { messageId: '<none@example.org>', from: 'nobody@example.org' }) => {
      const facts = await findPlayerFacts(t.db, game.id, personId, copiesOf);
      expect(facts.positions).toEqual(await findCurrentPositions(t.db, game.id));
      expect(facts.openPeriods).toEqual(await findOpenReplacementPeriods(t.db, game.id));
      expect(facts.abbreviations).toEqual(await findPlayerAbbreviations(t.db, game.id, personId));
      const copies = (await CONFIRM_COPIES.execute(t.db, { messageId: copiesOf.messageId, from: copiesOf.from.toLowerCase() })).map((r) => ({ receivedAt: r.received_at, identity: r.identity }));
      expect(facts.confirmCopies).toEqual(copies);
      return facts;
    };
    expect((await same(france.id)).nmrNoticeOpen).toBe(false);

    // Two stand-ins with declared periods, abbreviations (the latest counts), an NMR notice for Italy.
    const standIn = await insertPerson(t.db, { name: 'Stand-in', email: 'pf-standin@example.org' });
    const other = await insertPerson(t.db, { name: 'Other', email: 'pf-other@example.org' });
    const s1 = await insertPosition(t.db, { gameId: game.id, power: 'ENGLAND', personId: standIn.id, kind: 'temporary', startedAt: new Date('2030-01-02T00:00:00Z'), reason: 'stand-in' });
    const s2 = await insertPosition(t.db, { gameId: game.id, power: 'TURKEY', personId: other.id, kind: 'temporary', startedAt: new Date('2030-01-01T00:00:00Z'), reason: 'stand-in' });
    await insertReplacementPeriod(t.db, { positionId: s1.id, fromPhase: 'S1901M', untilPhase: 'F1902M', declaredAt: new Date(), declaredBy: 'test' });
    await insertReplacementPeriod(t.db, { positionId: s2.id, fromPhase: 'S1901M', untilPhase: 'S1902M', declaredAt: new Date(), declaredBy: 'test' });
    await insertPlayerAbbreviations(t.db, { gameId: game.id, personId: france.id, abbreviations: { PA: 'par' }, inboundMessageId: null, at: new Date() });
    await insertPlayerAbbreviations(t.db, { gameId: game.id, personId: france.id, abbreviations: { PA: 'par', MA: 'mar' }, inboundMessageId: null, at: new Date() });
    await insertNmrNotice(t.db, { gameId: game.id, phase: 'S1901M', power: 'ITALY', personId: italy.id, publishedAt: new Date(), contactDeadline: new Date(Date.now() + 86_400_000) });

    const f = await same(france.id);
    expect(f.openPeriods.map((p) => p.positionId)).toEqual([s2.id, s1.id]);
    expect(f.abbreviations).toEqual(new Map([['PA', 'par'], ['MA', 'mar']]));
    expect(f.nmrNoticeOpen).toBe(false);
    expect((await same(italy.id)).nmrNoticeOpen).toBe(true);

    // The message's copy to the confirmation mailbox, decided (D.VII(7)); received at …00.123 (microseconds through JSON: turn-status.test.ts).
    const messageId = '<pf-copy@example.org>';
    const copy = await insertInboundMessage(t.db, { raw: Buffer.from('Subject: x\r\n\r\nA PAR H\r\n'), receivedAt: new Date('2030-04-01T10:00:00.123Z'), source: 'smtp', messageId, role: 'confirm' });
    await insertDecision(t.db, { inboundMessageId: copy.id, role: 'confirm', decidedAt: new Date(), fromAddress: france.email.toLowerCase(), outcome: 'confirmed', identity: { gameAddresses: [game.address] }, replied: false });
    const withCopy = await same(france.id, { messageId, from: france.email.toUpperCase() });
    expect(withCopy.confirmCopies).toEqual([{ receivedAt: new Date('2030-04-01T10:00:00.123Z'), identity: { gameAddresses: [game.address] } }]);
    expect((await same(france.id, { messageId, from: 'someone-else@example.org' })).confirmCopies).toEqual([]);

    // A game with no current position: no rows, the abbreviations read on their own, no notice assumed absent.
    const { game: empty } = await gameWithPlayers(t.db, 'pf2');
    await t.db.updateTable('positions').set({ ended_at: new Date(), reason: 'test' }).where('game_id', '=', empty.id).execute();
    const none = await findPlayerFacts(t.db, empty.id, france.id, { messageId, from: france.email });
    expect(none).toEqual({ positions: [], openPeriods: [], abbreviations: undefined, nmrNoticeOpen: true, confirmCopies: undefined });
  }, 60_000);
});
