/** Real-looking mail, raw RFC 822 to order sheet: every fixture parses to the sheet its expectation names. */
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../../../src/mail/inbound/parse-message.js';
import { parseOrderSheet } from '../../../src/diplomacy/sheet/index.js';
import { loadCorpus } from '../../helpers/mail-corpus.js';

const corpus = loadCorpus();

describe('the .eml corpus', () => {
  it('has at least 40 messages', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(40);
  });

  it.each(corpus.map((m) => [m.name, m] as const))('%s', async (_name, m) => {
    const parsed = await parseMessage(m.raw);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const sheet = parseOrderSheet(parsed.mail.text, { state: m.state, power: m.expect.power, subject: parsed.mail.subject });
    const got = {
      final: sheet.final,
      orders: sheet.orders.map((o) => o.text),
      unordered: sheet.unordered,
      issues: sheet.issues.map((i) => i.code).sort(),
      press: sheet.press.length,
      votes: sheet.votes.length,
      requests: sheet.requests.map((r) => r.kind),
    };
    const e = m.expect;
    expect(got, `${m.name}: ${e.about}`).toEqual({
      final: e.final,
      orders: e.orders,
      unordered: e.unordered,
      issues: [...e.issues].sort(),
      press: e.press,
      votes: e.votes,
      requests: e.requests,
    });
  });
});
