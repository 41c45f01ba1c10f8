/**
 * Issue 28: the text people receive, whole, compared with golden files (test/golden/mail/*.txt) that
 * were read line by line as a player coming from webDiplomacy reads them. One game, Spring 1901 to
 * Spring 1902, on the simulated clock through the real intake, tasks and templates; one golden per
 * kind of mail. Random parts (a player's secret, the reply-address token) are masked.
 *
 * Regenerate deliberately, then read every changed line before committing:
 *   MAILJUDGE_UPDATE_GOLDEN=1 npx vitest run --config test/vitest.config.ts test/golden/mail-goldens.test.ts
 * (or `npm run golden:update`).
 *
 * Besides the whole text, the test checks by hand what the rules say each mail must carry, so a wrong
 * golden cannot hide it (the comments show the arithmetic).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGameCreate } from '../../src/cli/commands/game-create.js';
import { runCalendarSettings } from '../../src/service/gm/settings.js';
import { DEFAULT_POLICIES } from '../../src/db/games.js';
import { findPhase } from '../../src/db/phases.js';
import { insertTournament } from '../../src/db/tournaments.js';
import type { OutboxAttachment } from '../../src/db/outbox.js';
import { POWERS, type Power } from '../../src/diplomacy/index.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { JUDGE, Sim } from '../service/sim.js';

const GOLDEN = join(import.meta.dirname, 'mail');
const UPDATE = process.env.MAILJUDGE_UPDATE_GOLDEN === '1';
const G = 'wm-r1-b3';
const GM = 'gail@gm.example.org';
const at = (iso: string) => new Date(iso);
const email = (p: Power) => `${p.toLowerCase()}@players.example.org`;
const ZONES: Record<Power, string> = {
  AUSTRIA: 'Europe/Vienna', ENGLAND: 'Europe/London', FRANCE: 'America/New_York', GERMANY: 'Europe/Berlin',
  ITALY: 'Europe/Rome', RUSSIA: 'Europe/Moscow', TURKEY: 'Europe/Istanbul',
};

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

interface Row {
  kind: string;
  to_address: string;
  subject: string;
  body_text: string;
  headers: Record<string, string>;
  attachments: OutboxAttachment[];
}

/** The mail as its golden stores it: who, Reply-To, attachments, subject and the whole body; random parts masked. */
function goldenText(m: Row): string {
  const mask = (s: string) => s
    .replace(/judge\+([a-z0-9-]+)\.[a-z2-9]{8}@/g, 'judge+$1.<token>@')
    .replace(/(Your secret: |Password: |Secret: )[a-z0-9]{5}-[a-z0-9]{5}-[a-z0-9]{5}/g, '$1<secret>');
  const lines = [
    `To: ${m.to_address}`,
    `Reply-To: ${m.headers['Reply-To'] ?? '(none)'}`,
    `Subject: ${m.subject}`,
    ...m.attachments.map((a) => `Attachment: ${a.filename} (${a.contentType})`),
    '',
    m.body_text,
  ];
  return mask(lines.join('\n'));
}

/** Advance the clock an hour at a time until `phase` is published (early, D.VII(2), or at its deadline). */
async function untilPublished(sim: Sim, phase: string) {
  for (let i = 0; i < 24 * 14 && !(await findPhase(sim.db, G, phase))?.publishedAt; i++) await sim.advanceTo(new Date(sim.now.getTime() + 3_600_000));
  expect((await findPhase(sim.db, G, phase))?.publishedAt, phase).toBeTruthy();
}

async function sets(sim: Sim, orders: Partial<Record<Power, string>>, subject = 'orders FINAL') {
  for (const [p, text] of Object.entries(orders) as [Power, string][]) await sim.send(G, email(p), text, subject);
}

describe('every mail of a game, S1901 to S1902, as people read it', () => {
  it('matches its golden file', { timeout: 300_000 }, async () => {
    const db = t.db;
    const sim = new Sim(db, at('2030-01-07T12:00:00Z')); // a Monday
    await insertTournament(db, { slug: 'wm2030', name: 'World Masters 2030' });
    const created = await runGameCreate(db, {
      id: G, address: `${G}@judge.example.org`, gm: { email: GM, name: 'Gail Marsh' }, rules: 'wm', endYear: 1907,
      policies: DEFAULT_POLICIES, tournament: 'wm2030', round: 1, board: 'Board 3',
      deadline: at('2030-01-11T12:00:00Z'), // Friday
      players: POWERS.map((power) => ({ power, name: `${power[0]}${power.slice(1).toLowerCase()} Player`, email: email(power), timeZone: ZONES[power], where: power })),
    }, 'test', sim.now, JUDGE);
    expect(created.ok).toBe(true);
    expect((await runCalendarSettings(db, { gameId: G, turnHours: {}, reminders: [24], digests: [24] }, { actor: 'cli:gm', now: sim.now, fromAddress: JUDGE })).ok).toBe(true);

    // ---- S1901M. France first sends a preliminary set with a support it cannot give, then its Final set.
    await sim.advanceTo(at('2030-01-07T14:00:00Z'));
    await sim.send(G, email('FRANCE'), 'F Brest - Mid-Atlantic\nA Par - Bur\nA Mar S A Par - Mun', 'orders');
    await sim.send(G, email('FRANCE'), 'ORDERS GERMANY', 'question');
    await sets(sim, {
      AUSTRIA: 'A VIE - GAL\nA BUD - SER\nF TRI - ALB',
      ENGLAND: 'F LON - NTH\nF EDI - NWG\nA LVP - YOR',
      FRANCE: 'F BRE - MAO\nA PAR - BUR\nA MAR - SPA',
      GERMANY: 'HOLD ALL',
      ITALY: 'A VEN H\nA ROM H\nF NAP - ION',
      RUSSIA: 'A WAR - GAL\nA MOS - UKR\nF SEV - BLA\nF STP/SC - BOT',
    });
    // Turkey asks for its guaranteed extension, then a second one, which goes to the GM (D.VII(5)).
    await sim.send(G, email('TURKEY'), 'EXTENSION 24 hours', 'extension');
    await sim.send(G, email('TURKEY'), 'EXTENSION 24 hours', 'extension');
    // The GM mistypes a command: the reply names the line.
    await sim.send(G, GM, 'EXTNED TURKEY 24', 'Re: extension');
    await sim.advanceTo(at('2030-01-11T14:00:00Z')); // the digest and reminders 24 hours before the new deadline
    await sets(sim, { TURKEY: 'F ANK - BLA\nA CON - BUL\nA SMY - ARM' });
    await untilPublished(sim, 'S1901M');

    // ---- F1901M.
    await sets(sim, {
      AUSTRIA: 'A VIE - GAL\nF ALB - GRE\nA SER S F ALB - GRE',
      ENGLAND: 'F NTH C A YOR - NWY\nA YOR - NWY\nF NWG H',
      FRANCE: 'F MAO - SPA\nA SPA - POR\nA BUR - BEL',
      GERMANY: 'F KIE - DEN\nA BER - KIE\nA MUN H',
      ITALY: 'HOLD ALL',
      RUSSIA: 'A GAL - WAR\nA UKR - GAL\nF BOT - SWE\nF SEV - RUM\nA WAR S A UKR - GAL',
      TURKEY: 'A BUL H\nF ANK H\nA ARM H',
    });
    await untilPublished(sim, 'F1901M');

    // ---- W1901A: Germany sends nothing (its build is waived, D.V); Italy owes nothing.
    await sets(sim, {
      AUSTRIA: 'Build A BUD\nBuild F TRI',
      ENGLAND: 'Build F LON',
      FRANCE: 'Build A PAR\nBuild F BRE',
      RUSSIA: 'Build A WAR\nBuild A MOS',
      TURKEY: 'Build A CON',
    });
    await untilPublished(sim, 'W1901A');

    // ---- S1902M: Turkey sends nothing (D.VII(6)(c): its units hold, and it is sent an NMR notice).
    await sets(sim, Object.fromEntries(POWERS.filter((p) => p !== 'TURKEY').map((p) => [p, 'HOLD ALL'])));
    await untilPublished(sim, 'S1902M');

    const rows = (await db.selectFrom('outbox').select(['kind', 'to_address', 'subject', 'body_text', 'headers', 'attachments']).where('game_id', '=', G).orderBy('id').execute()) as Row[];
    if (process.env.MAILJUDGE_DUMP_GOLDEN) writeFileSync(process.env.MAILJUDGE_DUMP_GOLDEN, rows.map((m) => `==== ${m.kind} to ${m.to_address}\n${goldenText(m)}`).join('\n'));
    const pick = (kind: string, to: string, subject = ''): Row => {
      const m = rows.find((r) => r.kind === kind && r.to_address === to && r.subject.includes(subject));
      if (!m) throw new Error(`no ${kind} to ${to} with "${subject}"; there are: ${rows.filter((r) => r.kind === kind).map((r) => `${r.to_address} "${r.subject}"`).join('; ')}`);
      return m;
    };
    const goldens: Record<string, Row> = {
      'start-player': pick('game-start', email('FRANCE')),
      'start-gm': pick('game-start', GM),
      'ack-preliminary-with-problem': pick('orders-received', email('FRANCE'), 'preliminary'),
      'ack-final': pick('orders-received', email('FRANCE'), 'FINAL'),
      'ack-hold-all': pick('orders-received', email('GERMANY'), 'S1901M'),
      'ack-orders-of-another-power': pick('orders-received', email('FRANCE'), 'message received'),
      'extension-granted-notice': pick('deadline-changed', email('FRANCE'), 'S1901M'),
      'extension-request-to-gm': pick('extension-request', GM),
      'gm-reply-unknown-line': pick('gm-reply', GM),
      'reminder': pick('reminder', email('TURKEY'), 'S1901M'),
      'gm-digest': pick('gm-digest', GM, 'S1901M'),
      'results-S1901M': pick('adjudication-report', email('FRANCE'), 'S1901M'),
      'results-F1901M': pick('adjudication-report', email('FRANCE'), 'F1901M'),
      'ack-builds': pick('orders-received', email('FRANCE'), 'W1901A'),
      'results-W1901A': pick('adjudication-report', email('FRANCE'), 'W1901A'),
      'results-S1902M': pick('adjudication-report', email('FRANCE'), 'S1902M'),
      'nmr-notice': pick('nmr-notice', email('TURKEY'), 'S1902M'),
    };

    // What the rules make each mail say, computed by hand (never copied from the output):
    // D.X(5) default: the start mail gives every player the others' addresses; B.3 the end year.
    expect(goldens['start-player']!.body_text).toContain(`  GERMANY  Germany Player <${email('GERMANY')}>`);
    expect(goldens['start-player']!.body_text).toContain('World Masters 2030, round 1, Board 3; the game ends after Fall 1907');
    expect(goldens['start-player']!.attachments.map((a) => a.contentType)).toContain('image/png');
    // The GM's mail invites an answer: its Reply-To is the game's address, where GM commands go.
    expect(goldens['gm-digest']!.headers['Reply-To']).toBe(`${G}@judge.example.org`);
    expect(goldens['extension-request-to-gm']!.body_text).toContain('EXTEND TURKEY 24');
    expect(goldens['gm-reply-unknown-line']!.body_text).toContain('line 1: "EXTNED TURKEY 24" is not a command the judge knows');
    // Germany's HOLD ALL in S1901M: its three units hold, published as holds without a missing-order mark.
    const spring = goldens['results-S1901M']!.body_text;
    expect(spring).toMatch(/GERMANY:\n  A BER H +holds\n  F KIE H +holds\n  A MUN H +holds\n/);
    expect(spring).not.toContain('no valid order');
    // Fall: Russia's A UKR - GAL is supported by A WAR (strength 2), Austria's A VIE - GAL unsupported (1):
    // Austria's move is beaten, not a standoff. F MAO - SPA names no coast: illegal, holds (D.IV(3)(b)).
    const fall = goldens['results-F1901M']!.body_text;
    expect(fall).toMatch(/A VIE - GAL +fails: the stronger move from UKR entered GAL/);
    expect(fall).toMatch(/F MAO - SPA +not possible, so it holds: no coast named, and the fleet could reach both \(D\.IV\(3\)\(b\)\)\n/);
    expect(fall).not.toMatch(/ambiguousCoast|cannotReach/);
    // Centres after Fall 1901: France BRE MAR PAR + SPA? (A SPA left for POR, so SPA stays neutral) + POR + BEL = 5.
    expect(goldens['results-F1901M']!.body_text).toContain('Your 5 centres: BEL, BRE, MAR, PAR, POR\n2 more than at the start of 1901.');
    // Italy (3 centres, 3 units) owes nothing in W1901A: no reminder tells it it will NMR.
    expect(rows.filter((r) => r.to_address === email('ITALY') && r.subject.includes('W1901A') && /reminder|NMR/i.test(r.subject))).toEqual([]);
    // No nested parentheses in any time, anywhere.
    for (const r of rows) expect(r.body_text, `${r.kind} to ${r.to_address}`).not.toMatch(/\([^()\n]*\([^()\n]*(Europe|America)\//);

    mkdirSync(GOLDEN, { recursive: true });
    const stale: string[] = [];
    for (const [name, row] of Object.entries(goldens)) {
      const file = join(GOLDEN, `${name}.txt`);
      const text = `${goldenText(row)}\n`;
      if (UPDATE) writeFileSync(file, text);
      else if (!existsSync(file)) stale.push(`${name}: no golden (run with MAILJUDGE_UPDATE_GOLDEN=1, then read it)`);
      else expect(text, name).toBe(readFileSync(file, 'utf8'));
    }
    expect(stale).toEqual([]);
  });
});
