/**
 * Reading delivery reports (issue 27) in the forms the judge meets: RFC 3464 as Postfix, Exchange
 * and Gmail write it, Exim's and qmail's text bounces, and a delay warning (not a failure). The
 * fixtures are hand-written in each sender's shape (test/fixtures/delivery-reports/README.md); the
 * expectations are read off each fixture by eye.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDeliveryReport } from '../../src/mail/inbound/delivery-report.js';
import { bounceAddress, parseBounceAddress } from '../../src/mail/outbound/return-path.js';
import { parseMessage } from '../../src/mail/inbound/parse-message.js';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/delivery-reports', name));

describe('readDeliveryReport', () => {
  it.each([
    ['postfix.eml', 'rfc3464', 'france@players.example.net', '5.2.2', '552 5.2.2 <france@players.example.net>: Mailbox full', '<3f1c0a9e2b7d4c5a8e6f1b2c3d4e5f60@judge.example.org>', 'mx.judge.example.org'],
    ['exchange.eml', 'rfc3464', 'france@players.example.net', '5.1.10', '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup', '<3f1c0a9e2b7d4c5a8e6f1b2c3d4e5f60@judge.example.org>', 'EX01.players.example.net'],
    ['gmail.eml', 'rfc3464', 'france.player@gmail.example', '5.1.1', "550-5.1.1 The email account that you tried to reach does not exist. Please try 550-5.1.1 double-checking the recipient's email address for typos or 550 5.1.1 unnecessary spaces. For more information, go to https://support.example/mail/?p=NoSuchUser", '<3f1c0a9e2b7d4c5a8e6f1b2c3d4e5f60@judge.example.org>', 'googlemail.com'],
    ['exim.eml', 'exim', 'france@players.example.net', '5.1.1', '550 5.1.1 <france@players.example.net>: Recipient address rejected: User unknown', '<9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d@judge.example.org>', undefined],
    ['qmail.eml', 'qmail', 'france@players.example.net', '5.1.1', '550 5.1.1 No such user here', '<5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b@judge.example.org>', undefined],
  ])('%s: %s, %s failed with %s', (file, format, address, status, diagnostic, messageId, mta) => {
    const r = readDeliveryReport(fixture(file));
    expect(r).toEqual({
      format,
      recipients: [{ address, action: 'failed', status, diagnostic }],
      originalMessageId: messageId,
      ...(mta ? { reportingMta: mta } : {}),
    });
  });

  it('a delay warning reports no failure (Action: delayed, 4.4.1)', () => {
    const r = readDeliveryReport(fixture('postfix-delayed.eml'));
    expect(r?.recipients).toEqual([{ address: 'france@players.example.net', action: 'delayed', status: '4.4.1', diagnostic: 'connect to mx.players.example.net[192.0.2.25]:25: Connection timed out' }]);
  });

  it('every fixture is seen as a bounce by the intake (so it reaches the bounce handler, never a reply)', async () => {
    for (const f of ['postfix.eml', 'exchange.eml', 'gmail.eml', 'exim.eml', 'qmail.eml', 'postfix-delayed.eml']) {
      const p = await parseMessage(fixture(f));
      expect(p.ok && p.mail.isBounce, f).toBe(true);
    }
  });

  it('an ordinary message is not a report', () => {
    expect(readDeliveryReport('From: a@example.org\r\nTo: b@example.org\r\nSubject: orders\r\n\r\nA Par - Bur\r\n')).toBeUndefined();
  });

  it('a text report in no known form, naming a permanent SMTP refusal, is read as text with that reply', () => {
    const r = readDeliveryReport('From: MAILER-DAEMON@mx.example.net\r\nSubject: Returned mail\r\n\r\nDelivery failed.\r\nThe server answered: 550 5.7.1 Message rejected as spam\r\n');
    expect(r).toEqual({ format: 'text', recipients: [], diagnostic: '550 5.7.1 Message rejected as spam' });
  });

  it('a hostile report (deep nesting, many parts) is read within the limits', () => {
    let body = 'Final-Recipient: rfc822; x@example.org\r\nAction: failed\r\nStatus: 5.0.0\r\n';
    for (let i = 0; i < 50; i++) body = `Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n${body}\r\n--b${i}--\r\n`;
    expect(() => readDeliveryReport(`From: x@example.org\r\n${body}`)).not.toThrow();
  });
});

describe('the return path (VERP)', () => {
  const key = Buffer.alloc(32, 7);
  it('names its outbox row, and only with the right mac', () => {
    const a = bounceAddress('judge@judge.example.org', 42, key);
    expect(a).toMatch(/^judge\+b\.42\.[a-z2-9]{10}@judge\.example\.org$/);
    expect(parseBounceAddress('judge@judge.example.org', a, key)).toBe(42);
    expect(parseBounceAddress('judge@judge.example.org', a.toUpperCase(), key)).toBe(42);
    // Another row's number with this row's mac, another key, another domain: nothing.
    expect(parseBounceAddress('judge@judge.example.org', a.replace('b.42.', 'b.43.'), key)).toBeUndefined();
    expect(parseBounceAddress('judge@judge.example.org', a, Buffer.alloc(32, 8))).toBeUndefined();
    expect(parseBounceAddress('judge@judge.example.org', a.replace('judge.example.org', 'evil.test'), key)).toBeUndefined();
    expect(parseBounceAddress('judge@judge.example.org', 'judge+wm-r1-b7.k7q2m9xp@judge.example.org', key)).toBeUndefined();
  });
});
