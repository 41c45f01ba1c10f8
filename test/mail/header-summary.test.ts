/**
 * What the intake reads without parsing a message (issue 20), and what it stores of what it parses:
 * the header summary of a message too large to parse (who sent it to whom, whether answering is
 * safe), storable text (no NUL, no lone surrogate), and the addresses no reply can reach. Pure.
 */
import { describe, expect, it } from 'vitest';
import { summarizeHeaders } from '../../src/mail/inbound/header-summary.js';
import { loopRisk } from '../../src/service/intake/receive-message.js';
import { isAnswerableAddress } from '../../src/mail/inbound/reply.js';
import { storableText } from '../../src/mail/inbound/storable-text.js';
import { parseMessage } from '../../src/mail/inbound/parse-message.js';

const OWN = ['judge@judge.example.org'];
const head = (...lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n\r\nbody\r\n`);

describe('summarizeHeaders', () => {
  it('reads From, To, Cc (folded, with names), the subject and the Message-ID from the header block alone', () => {
    const s = summarizeHeaders(head('From: "Kovacs, Anna" <Anna.K@Example.com>', 'To: rw-b1@judge.example.org,', '\tOther <o@example.org>', 'Cc: c@example.net', 'Subject: [rw-b1] orders', 'Message-ID: <a1@example.com>'));
    expect(s).toEqual({ from: 'anna.k@example.com', to: ['rw-b1@judge.example.org', 'o@example.org'], cc: ['c@example.net'], subject: '[rw-b1] orders', messageId: '<a1@example.com>', isBounce: false });
    expect(loopRisk(s, OWN)).toBeUndefined();
  });

  // prettier-ignore
  it.each([
    // what                        headers                                                                         loop risk
    ['an auto-reply',              ['From: a@example.org', 'Auto-Submitted: auto-replied'],                        /^Auto-Submitted/],
    ['Auto-Submitted: no',         ['From: a@example.org', 'Auto-Submitted: no'],                                  undefined],
    ['a list',                     ['From: a@example.org', 'Precedence: list'],                                    /^Precedence: list/],
    ['a delivery report',          ['From: a@example.org', 'Content-Type: multipart/report; report-type=delivery-status; boundary=x'], /bounce/],
    ['the null sender',            ['Return-Path: <>', 'From: a@example.org'],                                     /bounce/],
    ['MAILER-DAEMON',              ['From: Mail Delivery System <MAILER-DAEMON@mx.example.net>'],                  /bounce/],
    ['our own mail',               ['From: judge@judge.example.org'],                                              /own mail/],
    ['no From',                    ['To: x@example.org'],                                                          /no readable From/],
    ['From without a domain',      ['From: Cron Daemon <root>'],                                                   /"root" has no domain/],
  ])('%s', (_what, lines, risk) => {
    const r = loopRisk(summarizeHeaders(head(...lines)), OWN);
    if (risk === undefined) expect(r).toBeUndefined();
    else expect(r).toMatch(risk);
  });

  it('never reads past the header block and survives a NUL in a header', () => {
    const s = summarizeHeaders(Buffer.from('From: a@example.org\r\nSubject: a\x00b\r\n\r\nFrom: b@example.org\r\nAuto-Submitted: auto-replied\r\n'));
    expect(s).toMatchObject({ from: 'a@example.org', subject: 'ab' });
    expect(s.autoSubmitted).toBeUndefined();
  });
});

describe('storable text', () => {
  it('drops NULs and replaces lone surrogates, keeping pairs', () => {
    expect(storableText('a\u0000b')).toBe('ab');
    expect(storableText('x\uD83Dy\uDE00z')).toBe('x\uFFFDy\uFFFDz');
    expect(storableText('\uD83D\uDE00')).toBe('\uD83D\uDE00');
  });

  it('parseMessage returns no NUL from a text part that decodes to one', async () => {
    const raw = Buffer.from(`From: a@example.org\r\nSubject: s\x00\r\nContent-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n${Buffer.from('\x00binary\nA PAR H\n').toString('base64')}\r\n`);
    const r = await parseMessage(raw);
    expect(r.ok && r.mail.text).toBe('binary\nA PAR H\n');
    expect(r.ok && JSON.stringify(r.mail)).not.toContain('\\u0000');
  });
});

describe('isAnswerableAddress', () => {
  it('takes what the outbox takes: a local part, one @, a domain', () => {
    expect(['a@example.org', 'a+b@judge.example.org', 'x@localhost'].map(isAnswerableAddress)).toEqual([true, true, true]);
    expect(['root', 'foo@', '@example.org', 'a b@example.org', 'a@b@c', '', undefined].map(isAnswerableAddress)).toEqual([false, false, false, false, false, false, false]);
  });
});
