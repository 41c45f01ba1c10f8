/**
 * The calendar's evidence tables (0004) refuse UPDATE and DELETE whoever asks (D.VII(5) extensions,
 * D.X press, D.IX proposals, votes and results, D.VII(4)(a) consents), and the keys that make
 * recording exactly-once hold.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeadlineConsent } from '../../src/db/deadline-consents.js';
import { insertExtension } from '../../src/db/extensions.js';
import { insertPress } from '../../src/db/press-items.js';
import { insertProposal, insertProposalResult, insertVote } from '../../src/db/proposals.js';
import { markCalendarSent, findCalendarSent } from '../../src/db/calendar-sent.js';
import { declareWindow, findGameWindows } from '../../src/db/unavailable-windows.js';
import { insertInboundMessage } from '../../src/db/inbound-messages.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
const at = new Date('2030-04-30T10:00:00Z');

beforeAll(async () => {
  t = await createTestDatabase();
  const { players } = await gameWithPlayers(t.db, 'g1');
  const france = players.get('FRANCE')!.id;
  const msg = await insertInboundMessage(t.db, { raw: Buffer.from('Subject: x\r\n\r\npress\r\n'), receivedAt: at, source: 'cli' });
  await insertExtension(t.db, {
    gameId: 'g1', phase: 'S1901M', power: 'FRANCE', personId: france, inboundMessageId: msg.id, line: 1, requestedAt: at, hoursRequested: 24, decision: 'granted', hoursGranted: 24,
    charged: true, guaranteed: true, holiday: null, oldDeadline: at, newDeadline: new Date(at.getTime() + 86_400_000), reason: 'test', answersId: null, decidedBy: 'test', decidedAt: at,
  });
  await insertPress(t.db, { gameId: 'g1', phase: 'S1901M', authorPower: 'FRANCE', personId: france, inboundMessageId: msg.id, line: 2, receivedAt: at, kind: 'gray', to: null, attribution: null, text: 'hello', accepted: true, refusal: null });
  const p = (await insertProposal(t.db, { gameId: 'g1', phase: 'S1901M', proposal: { kind: 'draw', powers: ['FRANCE', 'ENGLAND'] }, proposerPower: 'FRANCE', personId: france, inboundMessageId: msg.id, line: 3, proposedAt: at }))!;
  await insertVote(t.db, { proposalId: p.id, power: 'FRANCE', personId: france, vote: 'yes', receivedAt: at, inboundMessageId: msg.id, line: 4 });
  await insertProposalResult(t.db, { proposalId: p.id, phase: 'S1901M', result: 'failed', decidedAt: at });
  await insertDeadlineConsent(t.db, { gameId: 'g1', phase: 'S1901M', note: 'all agreed', recordedBy: 'test', recordedAt: at });
});
afterAll(() => t.close());

describe('calendar evidence is append-only', () => {
  // prettier-ignore
  it.each([
    ['extensions',        "reason = 'rewritten'"],
    ['press_items',       "body = 'rewritten'"],
    ['proposals',         "change = 'rewritten'"],
    ['votes',             "vote = 'no'"],
    ['proposal_results',  "result = 'passed'"],
    ['deadline_consents', "note = 'rewritten'"],
  ])('%s refuses UPDATE and DELETE', async (table, set) => {
    for (const statement of [`UPDATE ${table} SET ${set}`, `DELETE FROM ${table}`]) {
      const e = await sql.raw(statement).execute(t.db).then(() => undefined, (err: { code: string; message: string }) => err);
      expect(e?.code, statement).toBe('23001');
      expect(e?.message).toContain(`${table} is append-only`);
    }
  });
});

describe('exactly-once keys', () => {
  it('a message line is recorded once; a result once; sent keys once', async () => {
    const msg = await t.db.selectFrom('inbound_messages').select('id').executeTakeFirstOrThrow();
    const france = (await t.db.selectFrom('press_items').select('person_id').executeTakeFirstOrThrow()).person_id;
    expect(await insertPress(t.db, { gameId: 'g1', phase: 'S1901M', authorPower: 'FRANCE', personId: france, inboundMessageId: msg.id, line: 2, receivedAt: at, kind: 'gray', to: null, attribution: null, text: 'hello', accepted: true, refusal: null })).toBeUndefined();
    const p = await t.db.selectFrom('proposals').select('id').executeTakeFirstOrThrow();
    expect(await insertProposalResult(t.db, { proposalId: p.id, phase: 'S1901M', result: 'passed', decidedAt: at })).toBe(false);
    await markCalendarSent(t.db, 'g1', 'reminder', ['a', 'b'], at);
    await markCalendarSent(t.db, 'g1', 'reminder', ['b', 'c'], at);
    expect([...(await findCalendarSent(t.db, 'g1', 'reminder'))].sort()).toEqual(['a', 'b', 'c']);
  });

  it('one current window per person per game; a new declaration replaces it; a departed player no longer counts', async () => {
    const person = (await t.db.selectFrom('positions').select(['person_id', 'id']).where('power', '=', 'ENGLAND').executeTakeFirstOrThrow());
    const w = { gameId: 'g1', personId: person.person_id, power: 'ENGLAND' as const, startDay: 'Fri' as const, startTime: '17:00', endDay: 'Mon' as const, endTime: '09:00', zone: 'America/New_York', declaredAt: at, declaredBy: 'test' };
    await declareWindow(t.db, w);
    await t.db.transaction().execute((trx) => declareWindow(trx, { ...w, startTime: '18:00' }));
    expect((await findGameWindows(t.db, 'g1')).map((x) => x.startTime)).toEqual(['18:00']);
    await t.db.updateTable('positions').set({ ended_at: at }).where('id', '=', person.id).execute();
    expect(await findGameWindows(t.db, 'g1')).toEqual([]);
  });
});
