/**
 * The pipe intake: the receipt time read from the topmost Received header (pure), and
 * `mailjudge ingest` through the built CLI against this file's database, with its sysexits codes.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mboxFromLineLength, parseRfc5322Date, receiptTimeFromReceived } from '../../src/mail/sources/pipe.js';
import { CLI } from '../helpers/cli.js';
import { gameWithPlayers } from '../helpers/db-fixtures.js';
import { freePort } from '../helpers/free-port.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const FALLBACK = new Date('2030-01-01T00:00:00Z');
const msg = (head: string) => Buffer.from(`${head}\r\nFrom: a@example.org\r\nSubject: x\r\n\r\nbody\r\nReceived: from body; Mon, 1 Jan 2001 00:00:00 +0000\r\n`);

describe('receiptTimeFromReceived', () => {
  // prettier-ignore
  it.each([
    // what                                      header block                                                                                                                  expected (ISO) or fallback
    ['one line',                                 'Received: from a by mx.judge.example.org; Tue, 4 Mar 2025 20:14:11 +0000',                                                    '2025-03-04T20:14:11.000Z'],
    ['folded with tabs, a comment after the zone','Received: from smtp.example.net\r\n\tby mx (Postfix) with ESMTPS id 4Z\r\n\tfor <g@judge.example.org>; Tue,  4 Mar 2025 20:14:11 +0000 (UTC)', '2025-03-04T20:14:11.000Z'],
    ['date alone on the folded line',            'Received: from a by b with LMTP id x (envelope-from <a@b>) for <c@d>;\r\n Sat, 21 Nov 2026 23:39:19 +0000',                         '2026-11-21T23:39:19.000Z'],
    ['the topmost of several',                   'Received: by mx; Wed, 5 Mar 2025 10:00:00 +0100\r\nReceived: by relay; Tue, 4 Mar 2025 09:00:00 +0000',                     '2025-03-05T09:00:00.000Z'],
    ['other headers before it',                  'Return-Path: <a@b>\r\nDelivered-To: g@judge.example.org\r\nReceived: by mx; 5 Mar 2025 10:00:00 -0500',                     '2025-03-05T15:00:00.000Z'],
    ['a ; inside the from clause',               'Received: from x (helo=a;b) by mx; Wed, 5 Mar 2025 10:00:00 +0000',                                                          '2025-03-05T10:00:00.000Z'],
    ['no seconds, obsolete zone EST',            'Received: by mx; 5 Mar 2025 10:00 EST',                                                                                        '2025-03-05T15:00:00.000Z'],
    ['GMT',                                      'Received: by mx; Wed, 05 Mar 2025 10:00:00 GMT',                                                                               '2025-03-05T10:00:00.000Z'],
    ['two-digit year',                           'Received: by mx; 5 Mar 25 10:00:00 +0000',                                                                                     '2025-03-05T10:00:00.000Z'],
    ['lower-case header name, LF line ends',     'received: by mx; Wed, 5 Mar 2025 10:00:00 +0000'.replace(/\r\n/g, '\n'),                                                     '2025-03-05T10:00:00.000Z'],
    ['obsolete zone UT',                         'Received: by mx; Wed, 5 Mar 2025 10:00:00 UT',                                                                                '2025-03-05T10:00:00.000Z'],
    ['zone UTC, lower case',                     'Received: by mx; Wed, 5 Mar 2025 10:00:00 utc',                                                                               '2025-03-05T10:00:00.000Z'],
    ['obsolete zone PDT, lower case',            'Received: by mx; Wed, 5 Mar 2025 10:00:00 pdt',                                                                               '2025-03-05T17:00:00.000Z'],
    ['obsolete zone CST',                        'Received: by mx; Wed, 5 Mar 2025 10:00:00 CST',                                                                               '2025-03-05T16:00:00.000Z'],
    ['military zone A counts as UTC',            'Received: by mx; Wed, 5 Mar 2025 10:00:00 A',                                                                                 '2025-03-05T10:00:00.000Z'],
    ['no seconds, numeric zone',                 'Received: by mx; Wed, 5 Mar 2025 10:00 +0130',                                                                                '2025-03-05T08:30:00.000Z'],
    ['comments between the fields',              'Received: by mx; Wed, (day) 5 Mar (month) 2025 10:00:00 (time) -0800 (PST)',                                                  '2025-03-05T18:00:00.000Z'],
    ['nested comment after the zone',            'Received: by mx; 5 Mar 2025 10:00:00 +0000 (Coordinated (nested) Universal Time)',                                            '2025-03-05T10:00:00.000Z'],
    ['wrong day of the week: the date wins',     'Received: by mx; Mon, 5 Mar 2025 10:00:00 +0000',                                                                             '2025-03-05T10:00:00.000Z'],
    ['day of the week without a comma',          'Received: by mx; Wed 5 Mar 2025 10:00:00 +0000',                                                                              '2025-03-05T10:00:00.000Z'],
    ['month in lower case',                      'Received: by mx; 5 mar 2025 10:00:00 +0000',                                                                                  '2025-03-05T10:00:00.000Z'],
    ['one-digit hour',                           'Received: by mx; 5 Mar 2025 9:05:00 +0000',                                                                                   '2025-03-05T09:05:00.000Z'],
    ['two-digit year 49 is 2049',                'Received: by mx; 5 Mar 49 10:00:00 +0000',                                                                                    '2049-03-05T10:00:00.000Z'],
    ['two-digit year 50 is 1950',                'Received: by mx; 5 Mar 50 10:00:00 +0000',                                                                                    '1950-03-05T10:00:00.000Z'],
    ['three-digit year adds 1900',               'Received: by mx; 5 Mar 125 10:00:00 +0000',                                                                                   '2025-03-05T10:00:00.000Z'],
    ['29 Feb of a leap year',                    'Received: by mx; 29 Feb 2024 10:00:00 +0000',                                                                                 '2024-02-29T10:00:00.000Z'],
    ['29 Feb of another year',                   'Received: by mx; 29 Feb 2025 10:00:00 +0000',                                                                                 'fallback'],
    ['unbalanced comment',                       'Received: by mx; 5 Mar 2025 10:00:00 +0000 (UTC',                                                                             'fallback'],
    ['J is not a military zone',                 'Received: by mx; 5 Mar 2025 10:00:00 J',                                                                                      'fallback'],
    ['minute 60',                                'Received: by mx; 5 Mar 2025 10:60:00 +0000',                                                                                  'fallback'],
    ['no Received header',                       'Date: Wed, 5 Mar 2025 10:00:00 +0000',                                                                                         'fallback'],
    ['no ; in the topmost',                      'Received: by mx with garbage\r\nReceived: by relay; Tue, 4 Mar 2025 09:00:00 +0000',                                         'fallback'],
    ['garbage date',                             'Received: by mx; yesterday at noon',                                                                                           'fallback'],
    ['impossible day',                           'Received: by mx; 31 Feb 2025 10:00:00 +0000',                                                                                  'fallback'],
    ['hour 24',                                  'Received: by mx; 5 Mar 2025 24:00:00 +0000',                                                                                   'fallback'],
    ['no zone',                                  'Received: by mx; 5 Mar 2025 10:00:00',                                                                                         'fallback'],
    ['unknown zone name',                        'Received: by mx; 5 Mar 2025 10:00:00 CEST',                                                                                    'fallback'],
    ['unknown month',                            'Received: by mx; 5 Mrz 2025 10:00:00 +0000',                                                                                   'fallback'],
  ])('%s', (_what, head, expected) => {
    const got = receiptTimeFromReceived(msg(head), FALLBACK);
    expect(got.toISOString()).toBe(expected === 'fallback' ? FALLBACK.toISOString() : expected);
  });

  it('skips a leading mbox "From " line (pipe flag F) and never reads the body', () => {
    const raw = Buffer.from('From alice@example.org  Wed Mar  5 10:00:00 2025\nReceived: by mx; Wed, 5 Mar 2025 10:00:01 +0000\n\nReceived: by x; 1 Jan 2001 00:00:00 +0000\n');
    expect(mboxFromLineLength(raw)).toBe(49);
    expect(receiptTimeFromReceived(raw, FALLBACK).toISOString()).toBe('2025-03-05T10:00:01.000Z');
    expect(receiptTimeFromReceived(Buffer.from('Subject: x\n\nReceived: by x; 1 Jan 2001 00:00:00 +0000\n'), FALLBACK)).toBe(FALLBACK);
    expect(receiptTimeFromReceived(Buffer.alloc(0), FALLBACK)).toBe(FALLBACK);
  });

  it('reads a leap second as :59 and a military zone as UTC (RFC 5322 §4.3)', () => {
    expect(parseRfc5322Date('31 Dec 2016 23:59:60 +0000')?.toISOString()).toBe('2016-12-31T23:59:59.000Z');
    expect(parseRfc5322Date('5 Mar 2025 10:00:00 Z')?.toISOString()).toBe('2025-03-05T10:00:00.000Z');
    expect(parseRfc5322Date('5 Mar 2025 10:00:00 +0560')).toBeUndefined();
  });
});

describe('mailjudge ingest', () => {
  let t: TestDatabase;
  const GAME = 'pipe-g1';
  beforeAll(async () => {
    t = await createTestDatabase();
    await gameWithPlayers(t.db, GAME);
  });
  afterAll(async () => {
    await t.close();
  });

  function ingest(input: string | Buffer, args: string[] = [], env: Record<string, string> = { DATABASE_URL: t.url }) {
    const r = spawnSync(process.execPath, [CLI, 'ingest', ...args], { input, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env } });
    if (r.error) throw r.error;
    const stdout = r.stdout.toString();
    return { status: r.status, stdout, stderr: r.stderr.toString(), json: stdout ? (JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown>) : undefined };
  }

  const orders = (id: string) =>
    [
      'Return-Path: <pipe-g1-france@example.org>',
      'Received: from mua.example.org (mua.example.org [192.0.2.7])',
      '\tby mx.judge.example.org (Postfix) with ESMTPS id 4ZRX',
      `\tfor <${GAME}@judge.example.org>; Tue, 4 Mar 2025 20:14:11 +0000 (UTC)`,
      `Message-ID: <${id}@example.org>`,
      'Date: Tue, 4 Mar 2025 23:59:59 +0100',
      `From: France <${GAME}-france@example.org>`,
      `To: ${GAME}@judge.example.org`,
      'Subject: S1901M orders',
      '',
      'F BRE - MAO',
      'A PAR - BUR',
      '',
    ].join('\r\n');

  it('stores the message with the Received time, prints the outcome, exits 0; again: a duplicate, still 0', async () => {
    const first = ingest(orders('pipe-1'));
    expect(first.status, first.stderr).toBe(0);
    expect(first.json).toMatchObject({ inboundId: expect.any(Number), kind: expect.any(String), receivedAt: '2025-03-04T20:14:11.000Z' });
    const row = await t.db.selectFrom('inbound_messages').selectAll().where('id', '=', first.json!.inboundId as number).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ source: 'pipe', mailbox: 'pipe:game', uid: null, received_at: new Date('2025-03-04T20:14:11Z') });
    expect(row.raw.toString()).toBe(orders('pipe-1'));

    const again = ingest(orders('pipe-1'));
    expect(again.status).toBe(0);
    expect(again.json).toMatchObject({ kind: 'duplicate', inboundId: first.json!.inboundId });
  });

  it('--confirm stores the copy for the confirmation mailbox; an mbox From line is not stored', async () => {
    const r = ingest(`From ${GAME}-france@example.org Tue Mar  4 20:14:11 2025\n${orders('pipe-2')}`, ['--confirm']);
    expect(r.status, r.stderr).toBe(0);
    const row = await t.db.selectFrom('inbound_messages').selectAll().where('id', '=', r.json!.inboundId as number).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ source: 'pipe', mailbox: 'pipe:confirm' });
    expect(row.raw.toString()).toBe(orders('pipe-2'));
  });

  it('uses the time of the call when there is no Received header', async () => {
    const before = Date.now();
    const r = ingest(`From: ${GAME}-france@example.org\r\nTo: ${GAME}@judge.example.org\r\nSubject: hi\r\n\r\nhello\r\n`);
    expect(r.status, r.stderr).toBe(0);
    const at = new Date(r.json!.receivedAt as string).getTime();
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
  });

  // prettier-ignore
  it.each([
    // what                              exit  (EX_*)
    ['the database is down',             75],
    ['the configuration is wrong',       75],
    ['nothing on stdin',                 66],
  ])('%s: exit %i, a JSON error', async (what, code) => {
    const env: Record<string, string> = what === 'the database is down' ? { DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/none` }
      : what === 'the configuration is wrong' ? { DATABASE_URL: t.url, MAILJUDGE_SMTP_LISTEN: 'nowhere' } : { DATABASE_URL: t.url };
    const r = ingest(what === 'nothing on stdin' ? '' : orders('pipe-err'), [], env);
    expect(r.status, r.stderr).toBe(code);
    expect(r.json).toMatchObject({ error: expect.any(String) });
  });
});
