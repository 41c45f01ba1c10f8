/**
 * Issue 25 (RFC 3834): which messages are automatic — table-tested on the pure classifier — and the
 * From address read from a raw header mailparser cannot read.
 */
import { describe, expect, it } from 'vitest';
import { classifyAutomatic, isOwnMessageId } from '../../src/mail/inbound/automatic-mail.js';
import { headerFields } from '../../src/mail/inbound/header-fields.js';
import { readRawFromAddress } from '../../src/mail/inbound/raw-from.js';

const OWN = 'judge.example.org';
const JUDGE_ID = '<0123456789abcdef0123456789abcdef@judge.example.org>';

function classify(headers: string[], body: string, envelopeMailFrom?: string) {
  const raw = Buffer.from(`${headers.join('\r\n')}\r\n\r\n${body}`);
  const h = headerFields(raw);
  const get = (n: string) => h.find((f) => f.name === n)?.value;
  return classifyAutomatic({
    headers: h, envelopeMailFrom, subject: get('subject') ?? '', text: body, inReplyTo: get('in-reply-to'),
    references: (get('references') ?? '').split(/\s+/).filter(Boolean), ownMessageIdDomains: [OWN],
  });
}

const FROM = 'From: Italy <italy@example.org>';

describe('classifyAutomatic', () => {
  // prettier-ignore
  it.each([
    // headers                                                     body                                            envelope  automatic  why
    [[FROM, 'Subject: orders', 'X-Autoreply: yes'],                  'I am away.',                                   undefined, true,  /^X-Autoreply: yes$/],
    [[FROM, 'Subject: orders', 'X-Autorespond: on'],                 'Thanks for your mail.',                        undefined, true,  /^X-Autorespond: on$/],
    [[FROM, 'Subject: orders', 'X-Autoreply: no'],                   'A VEN H',                                      undefined, false, undefined],
    [[FROM, 'Subject: x', 'Auto-Submitted: auto-replied'],           'x',                                            undefined, true,  /^Auto-Submitted: auto-replied$/],
    [[FROM, 'Subject: x', 'Auto-Submitted: no'],                     'A VEN H',                                      undefined, false, undefined],
    [[FROM, 'Subject: x', 'Precedence: bulk'],                       'x',                                            undefined, true,  /^Precedence: bulk$/],
    [[FROM, 'Subject: x', 'Precedence: junk'],                       'x',                                            undefined, true,  /^Precedence: junk$/],
    [[FROM, 'Subject: x', 'Precedence: list'],                       'x',                                            undefined, true,  /^Precedence: list$/],
    [[FROM, 'Subject: x', 'Precedence: first-class'],                'A VEN H',                                      undefined, false, undefined],
    [[FROM, 'Subject: x', 'List-Id: <dip.lists.example.org>'],       'A VEN H',                                      undefined, true,  /^List-Id/],
    [[FROM, 'Subject: orders'],                                      'A VEN H',                                      '',        true,  /null sender \(MAIL FROM:<>\)/],
    [[FROM, 'Subject: orders', 'Return-Path: <>'],                   'A VEN H',                                      undefined, true,  /null sender \(Return-Path/],
    [[FROM, 'Subject: orders'],                                      'A VEN H',                                      'italy@example.org', false, undefined],
    [[FROM, 'Subject: Out of Office: [g1] orders received'],         'Back on Monday.',                              undefined, true,  /vacation subject/],
    [[FROM, 'Subject: Automatic reply: [g1] S1901M'],                'Thanks',                                       undefined, true,  /vacation subject/],
    [[FROM, 'Subject: Re: [g1] S1901M orders received'],             'I am out of the office until 3 June with limited access to email.', undefined, true, /vacation text/],
    [[FROM, 'Subject: Re: [g1] S1901M orders received'],             'I am on vacation until Monday.\nA VEN - TYR\nFinal', undefined, false, undefined],
    [[FROM, 'Subject: Out of office'],                               'A VEN - TYR',                                  undefined, false, undefined],
    [[FROM, 'Subject: Out of office', 'X-Autoreply: yes'],           'A VEN - TYR',                                  undefined, true,  /^X-Autoreply/],
    [[FROM, 'Subject: Re: orders', `In-Reply-To: ${JUDGE_ID}`],     '> A VEN - TYR\n> quoted ack',                  undefined, true,  /answer to the judge's own mail/],
    [[FROM, 'Subject: Re: orders', `References: <a@x.org> ${JUDGE_ID}`], '',                                        undefined, true,  /answer to the judge's own mail/],
    [[FROM, 'Subject: Re: orders', `In-Reply-To: ${JUDGE_ID}`],     'Thanks! Is my support right?',                 undefined, false, undefined],
    [[FROM, 'Subject: Re: orders', `In-Reply-To: ${JUDGE_ID}`],     'A VEN - TYR\nFinal',                           undefined, false, undefined],
    [[FROM, 'Subject: Re: orders', 'In-Reply-To: <0123456789abcdef0123456789abcdef@other.org>'], '',               undefined, false, undefined],
    [[FROM, 'Subject: orders'],                                      'A VEN - TYR\nA ROM - APU\nF NAP - ION',        undefined, false, undefined],
    [[FROM, 'Subject: gm'],                                          'EXTEND 48',                                    undefined, false, undefined],
    [[FROM, 'Subject: post'],                                        '3D > 5E',                                      undefined, false, undefined],
  ])('%j %j (envelope %j) → %s', (headers, body, envelope, automatic, why) => {
    const r = classify(headers, body, envelope);
    expect(r.automatic).toBe(automatic);
    if (r.automatic) expect(r.why).toMatch(why!);
  });

  it('knows its own Message-IDs only by their form and domain', () => {
    expect(isOwnMessageId(JUDGE_ID, [OWN])).toBe(true);
    expect(isOwnMessageId('0123456789abcdef0123456789abcdef@JUDGE.example.org', [OWN])).toBe(true);
    expect(isOwnMessageId('<m1@judge.example.org>', [OWN])).toBe(false);
    expect(isOwnMessageId(JUDGE_ID, ['other.org'])).toBe(false);
  });
});

describe('readRawFromAddress', () => {
  const raw = (from: string) => Buffer.from(`${from}\r\nTo: g@judge.example.org\r\nSubject: s\r\n\r\nA VEN H\r\n`, 'latin1');
  // prettier-ignore
  it.each([
    ['From: Italy (Player <italy@example.org>',              'italy@example.org'],
    ['From: "Italy <italy@example.org>',                     'italy@example.org'],
    ['\x01From: Italy <Italy@Example.org>',                  'italy@example.org'],
    ['From: \x80Italy <italy@example.org>',                  'italy@example.org'],
    ['From: Italy (Player',                                  undefined],
    ['From: a@example.org, b@example.org',                   undefined],
    ['From: Cron Daemon <root>',                             undefined],
    ['Subject: no from here',                                undefined],
  ])('%j → %s', (from, address) => {
    expect(readRawFromAddress(raw(from))).toBe(address);
  });
});
