/**
 * The real-world-shaped corpus of test/fixtures/real-world (issue 20): the messages, the game and
 * players they are addressed from and to, what the judge must do with each, and the checks every
 * path (the pipe, the SMTP listener) applies: stored once, decided once, answered or not as expected.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { DEFAULT_POLICIES, insertGame } from '../../src/db/games.js';
import { insertPerson, type Person } from '../../src/db/people.js';
import { insertPhase } from '../../src/db/phases.js';
import { insertPosition } from '../../src/db/positions.js';
import type { Db } from '../../src/db/schema.js';
import { MAX_MESSAGE_BYTES } from '../../src/rules/limits.js';
import { POWERS, standardStartState, type Power } from '../../src/diplomacy/index.js';

export const RW_GAME = 'rw-b1';
export const RW_ADDRESS = 'rw-b1@judge.example.org';
export const RW_GM = 'gm.rw@example.org';
export const RW_CAST: Readonly<Record<Power, string>> = {
  AUSTRIA: 'anna.k@example.com', ENGLAND: 'ed.harrow@example.org', FRANCE: 'francois@example.net', GERMANY: 'gunter@example.com',
  ITALY: 'ivo.italy@example.org', RUSSIA: 'ras@example.net', TURKEY: 'tariq@example.org',
};
export const JUDGE = 'judge@judge.example.org';

/** What the judge must do with a message. */
export type Expected = { readonly decision: 'answered' } | { readonly decision: 'ignored'; readonly reason: RegExp };

const BOUNCE = { decision: 'ignored', reason: /bounce|Auto-Submitted/ } as const;
const ANSWERED = { decision: 'answered' } as const;

/** Every fixture and what must come of it (the README's table). */
export const EXPECTED: Readonly<Record<string, Expected>> = {
  '01-outlook-alternative-qp': ANSWERED,
  '02-thunderbird-format-flowed': ANSWERED,
  '03-apple-mail-alternative': ANSWERED,
  '04-yahoo-alternative': ANSWERED,
  '05-gmail-alternative': ANSWERED,
  '06-pine-plain': ANSWERED,
  '07-dsn-postfix': BOUNCE,
  '08-dsn-exim': BOUNCE,
  '09-dsn-exchange': BOUNCE,
  '10-dsn-gmail': BOUNCE,
  '11-vacation-sieve': { decision: 'ignored', reason: /^Auto-Submitted: auto-replied/ },
  '12-outlook-automatic-reply': { decision: 'ignored', reason: /^Auto-Submitted: auto-generated/ },
  '13-outlook-tnef-winmail': ANSWERED,
  '14-thunderbird-smime-signed': ANSWERED,
  '15-uuencoded-attachment': ANSWERED,
  '16-iso-2022-jp': ANSWERED,
  '17-gb2312-base64': ANSWERED,
  '18-big5-qp': ANSWERED,
  '19-utf-7': ANSWERED,
  '20-utf-16-base64': ANSWERED,
  '21-bare-lf': ANSWERED,
  '22-no-from': { decision: 'ignored', reason: /no readable From/ },
  '23-no-message-id': ANSWERED,
  '24-line-over-998': ANSWERED,
  '25-cron-daemon-root': { decision: 'ignored', reason: /"root" has no domain/ },
  '26-nul-text-part': ANSWERED,
};

export interface RealWorldMessage {
  readonly name: string;
  readonly raw: Buffer;
  /** The SMTP envelope sender (the Return-Path; empty for a bounce). */
  readonly envelopeFrom: string;
  readonly expected: Expected;
}

function fixturesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    try {
      readdirSync(join(dir, 'test/fixtures/real-world'));
      return join(dir, 'test/fixtures/real-world');
    } catch {
      dir = dirname(dir);
    }
  }
  throw new Error('test/fixtures/real-world not found');
}

/** The corpus, in file order; every file has an expectation and every expectation a file. */
export function loadRealWorld(): RealWorldMessage[] {
  const dir = fixturesDir();
  const files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
  expect(files.map((f) => f.replace(/\.eml$/, ''))).toEqual(Object.keys(EXPECTED).sort());
  return files.map((f) => {
    const raw = readFileSync(join(dir, f));
    const name = f.replace(/\.eml$/, '');
    const returnPath = /^Return-Path: <([^>]*)>/m.exec(raw.toString('latin1'))?.[1] ?? '';
    return { name, raw, envelopeFrom: returnPath.includes('@') ? returnPath : '', expected: EXPECTED[name]! };
  });
}

/** Game rw-b1 with the cast, S1901M open until 2030; identity by registered address (no DNS in tests). */
export async function realWorldGame(db: Db): Promise<{ gm: Person; players: Map<Power, Person> }> {
  const gm = await insertPerson(db, { name: 'GM rw', email: RW_GM, timeZone: 'UTC' });
  await insertGame(db, { id: RW_GAME, boardName: RW_GAME, address: RW_ADDRESS, gmPersonId: gm.id, status: 'active', policies: { ...DEFAULT_POLICIES, identity: 'address' } });
  const players = new Map<Power, Person>();
  for (const power of POWERS) {
    const p = await insertPerson(db, { name: power, email: RW_CAST[power], timeZone: 'UTC' });
    await insertPosition(db, { gameId: RW_GAME, power, personId: p.id, kind: 'original' });
    players.set(power, p);
  }
  await insertPhase(db, { gameId: RW_GAME, state: standardStartState(), deadline: new Date('2030-05-01T12:00:00Z') });
  return { gm, players };
}

/** A message of `size` bytes (over the limit when `size` > MAX_MESSAGE_BYTES): headers, then filler lines. */
export function sizedMessage(headers: readonly string[], size: number): Buffer {
  const head = Buffer.from(`${headers.join('\r\n')}\r\n\r\nA Vienna - Galicia\r\n`);
  const line = `${'x'.repeat(76)}\r\n`;
  const body = line.repeat(Math.ceil((size - head.length) / line.length));
  const raw = Buffer.concat([head, Buffer.from(body)]).subarray(0, size);
  expect(raw.length).toBe(size);
  return raw;
}

/** A message over the limit from `from` (a player's attachment-laden mail), `extra` headers added. */
export function oversized(from: string, id: string, extra: readonly string[] = []): Buffer {
  return sizedMessage([
    `Received: from mail.example.com by mx.judge.example.org (Postfix) with ESMTPS id 4XkOVR; Fri, 20 Nov 2026 18:30:00 +0000 (UTC)`,
    `From: ${from}`, `To: ${RW_ADDRESS}`, 'Subject: orders with the map attached', `Message-ID: <${id}@example.com>`, ...extra,
  ], MAX_MESSAGE_BYTES + 1024);
}

/**
 * The checks of one message on one path: one stored row (`inboundId`), one decision and one audit
 * entry for it, and an answer to the sender exactly when one is expected.
 */
export async function checkDecidedOnce(db: Db, inboundId: number, expected: Expected): Promise<void> {
  const decisions = await db.selectFrom('inbound_decisions').selectAll().where('inbound_message_id', '=', inboundId).execute();
  expect(decisions).toHaveLength(1);
  const d = decisions[0]!;
  const audit = await db.selectFrom('audit_log').select('action').where('action', 'like', 'mail.%').where(sql<number>`(detail->>'inboundId')::bigint`, '=', inboundId).execute();
  expect(audit.map((a) => a.action)).toEqual([`mail.${d.outcome}`]);
  const answers = await repliesTo(db, inboundId);
  if (expected.decision === 'answered') {
    expect(d.outcome, d.reason ?? '').toMatch(/^(orders|message)$/);
    expect(d.replied).toBe(true);
    expect(answers.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.to_address === d.from_address)).toBe(true);
  } else {
    expect(d.outcome).toBe('ignored');
    expect(d.reason).toMatch(expected.reason);
    expect(d.replied).toBe(false);
    expect(answers).toEqual([]);
  }
}

/** The outbox rows queued in answer to inbound message `inboundId` (their dedupe keys name it). */
export function repliesTo(db: Db, inboundId: number) {
  return db.selectFrom('outbox').select(['kind', 'to_address', 'subject', 'body_text']).where('dedupe_key', '~', `^[a-z-]+:${inboundId}(:|$)`).execute();
}
