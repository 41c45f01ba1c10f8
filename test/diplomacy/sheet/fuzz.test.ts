/**
 * Property tests: no input makes the sheet parser throw, and every order it produces is one the
 * engine reads back exactly (canonical text → the same order), so nothing malformed reaches it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseOrder, type GameState } from '../../../src/diplomacy/index.js';
import { parseMessage } from '../../../src/mail/inbound/parse-message.js';
import { formatAsUnderstood, parseOrderSheet, type OrderSheet } from '../../../src/diplomacy/sheet/index.js';
import { MAX_ORDERS_PER_SHEET } from '../../../src/rules/limits.js';
import { START, at } from './sheet-helpers.js';

const STATES: GameState[] = [
  START,
  { ...at('F1901R', { FRANCE: ['A PAR'], ENGLAND: ['F ENG'] }), dislodged: [{ power: 'FRANCE', kind: 'F', location: 'BRE', attackerFrom: 'ENG', retreats: ['GAS', 'PIC'] }] },
  at('W1901A', { FRANCE: ['A SPA'] }, { FRANCE: ['PAR', 'BRE', 'MAR', 'SPA'] }),
];

function checkSheet(s: OrderSheet): void {
  for (const o of s.orders) {
    const back = parseOrder(o.text);
    expect(back.ok, o.text).toBe(true);
    if (back.ok) expect(back.order).toEqual(o.order);
  }
  for (const i of s.issues) expect(i.line).toBeGreaterThanOrEqual(0);
  formatAsUnderstood(s, 'FRANCE', 'S1901M');
}

const FRAGMENTS = [
  'A', 'F', 'Army', 'Fleet', 'Par', 'Paris', 'Bur', 'Bre', 'Mar', 'Spa', 'Spa/nc', 'StP(sc)', 'Mid', 'West Med', 'Bu', 'Gas', 'Pic',
  '-', '->', '–', 'to', 'S', 'supports', 'C', 'H', 'R', 'D', 'Build', 'Remove', 'WAIVE', 'VIA', 'else', 'if', ',', 'FINAL',
  'PRESS TO ALL', 'END PRESS', 'VOTE', 'YES', 'PROPOSE DRAW', 'EXTENSION', '>', '-- ', 'On Mon wrote:', '#', '1.', '*', '(', ')', 'é', '\t',
];
const orderish = fc.array(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 8 }).map((w) => w.join(' ')), { maxLength: 25 }).map((l) => l.join('\n'));

describe('the sheet parser never throws and never emits a malformed order', () => {
  it.each(STATES.map((s) => [s.phase.kind, s] as const))('arbitrary strings (%s phase)', (_k, state) => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.string({ maxLength: 60 }), (text, subject) => {
        checkSheet(parseOrderSheet(text, { state, power: 'FRANCE', subject }));
      }),
      { numRuns: 300 },
    );
  });

  it.each(STATES.map((s) => [s.phase.kind, s] as const))('order-like lines built from fragments (%s phase)', (_k, state) => {
    fc.assert(
      fc.property(orderish, (text) => {
        checkSheet(parseOrderSheet(text, { state, power: 'FRANCE', mayRegisterAbbreviations: true }));
      }),
      { numRuns: 400 },
    );
  });

  it('full Unicode text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
        checkSheet(parseOrderSheet(text, { state: START, power: 'FRANCE' }));
      }),
      { numRuns: 200 },
    );
  });

  it(`at most ${MAX_ORDERS_PER_SHEET} order lines are read`, () => {
    const s = parseOrderSheet(Array.from({ length: MAX_ORDERS_PER_SHEET + 1 }, () => 'A Par H').join('\n'), { state: START, power: 'FRANCE' });
    expect(s.issues.filter((i) => i.code === 'tooManyOrders')).toHaveLength(1);
    expect(s.issues.filter((i) => i.code === 'replacedOrder')).toHaveLength(MAX_ORDERS_PER_SHEET - 1);
  });
});

describe('arbitrary bytes as a message never throw', () => {
  it('parseMessage → parseOrderSheet', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 600 }), fc.constantFrom('', 'From: a@example.org\r\nSubject: x\r\nContent-Type: text/html\r\n\r\n', 'Content-Type: multipart/alternative; boundary=b\r\n\r\n--b\r\nContent-Transfer-Encoding: base64\r\n\r\n'), async (bytes, head) => {
        const r = await parseMessage(Buffer.concat([Buffer.from(head), Buffer.from(bytes)]));
        if (r.ok) checkSheet(parseOrderSheet(r.mail.text, { state: START, power: 'FRANCE', subject: r.mail.subject }));
      }),
      { numRuns: 150 },
    );
  });
});
