/**
 * A finished game's address still answers its players (issue #26, item 5), through the real pipeline
 * on the simulated clock: a one-team tournament whose round-1 board ends after 1901, played by mail and
 * adjudicated by the real task. After it ends: STANDINGS with a signature under it (the player is out
 * of the tournament after round 1 and has no game running) is answered; SUMMARY, HISTORY S1901M and
 * MAP are answered; orders are refused with the true reason (the game is over) and what the address
 * still answers; a message to no game's address says so with no empty "[]" or "mailjudge for  ()".
 */
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTournamentGames } from '../../src/db/games.js';
import { findTournamentBySlug, setDiceSeedOnce } from '../../src/db/tournaments.js';
import { POWERS, type Power } from '../../src/diplomacy/index.js';
import { runTournamentCreate } from '../../src/cli/commands/tournament.js';
import { runTournamentAssignDb, runTournamentRegister } from '../../src/cli/commands/tournament-td.js';
import { receiveMessage } from '../../src/service/intake/receive-message.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { scheduleOpenPhases } from '../../src/db/schedule-jobs.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { JUDGE, Sim, holdAll } from './sim.js';

const SLUG = 'wm-over';
const email = (p: Power) => `${p.toLowerCase()}@over.example.org`;
let t: TestDatabase;
let gameId: string;
let sim: Sim;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  await runTournamentCreate(t.db, { slug: SLUG, name: 'Over Masters' }, 'test');
  await setDiceSeedOnce(t.db, (await findTournamentBySlug(t.db, SLUG))!.id, 'over-masters-seed-0001');
  const reg = await runTournamentRegister(t.db, SLUG, {
    teams: [{ name: 'over-team', captain: email('FRANCE'), where: 'test', players: POWERS.map((p) => ({ name: `${p[0]}${p.slice(1).toLowerCase()} Player`, email: email(p), power: p, where: p })) }],
    individuals: [],
  }, 'test');
  expect(reg.ok).toBe(true);
  const start = new Date('2026-03-02T12:00:00Z');
  const made = await runTournamentAssignDb(t.db, SLUG, { round: 1, commit: true, gmEmail: 'gm@over.example.org', domain: 'judge.example.org', deadline: new Date('2026-03-06T12:00:00Z') }, 'test', start, JUDGE);
  expect(made.ok).toBe(true);
  gameId = (await findTournamentGames(t.db, (await findTournamentBySlug(t.db, SLUG))!.id))[0]!.id;
  await t.db.updateTable('games').set({ end_year: 1901 }).where('id', '=', gameId).execute();
  await scheduleOpenPhases(t.db);
  sim = new Sim(t.db, start);
  for (const phase of ['S1901M', 'F1901M']) {
    for (const p of POWERS) expect((await sim.send(gameId, email(p), `${await holdAll(t.db, gameId, p)}\nFINAL`)).kind).toBe('orders');
    await sim.advanceTo(new Date(sim.now.getTime() + (phase === 'S1901M' ? 5 : 4) * 86_400_000));
  }
  expect((await t.db.selectFrom('games').select('status').where('id', '=', gameId).executeTakeFirstOrThrow()).status).toBe('finished');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** The mails of `kind` to `to` queued after outbox id `after`. */
async function mailsTo(to: string, after: number, kind?: string) {
  let q = t.db.selectFrom('outbox').select(['id', 'kind', 'subject', 'body_text', 'attachments']).where('to_address', '=', to).where('id', '>', after);
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('id').execute();
}
async function lastOutboxId(): Promise<number> {
  return (await t.db.selectFrom('outbox').select((eb) => eb.fn.max('id').as('m')).executeTakeFirstOrThrow()).m ?? 0;
}

describe("a finished game's address", () => {
  it('answers STANDINGS with a signature under it, from a player whose tournament ended in round 1', async () => {
    const mark = await lastOutboxId();
    const out = await sim.send(gameId, email('TURKEY'), 'STANDINGS\n\nThanks,\nTurkey Player', 'standings please');
    expect(out.kind, JSON.stringify(out)).toBe('command');
    const [m, ...rest] = await mailsTo(email('TURKEY'), mark);
    expect(rest).toEqual([]);
    expect(m!.kind).toBe('tournament-standings');
    expect(m!.subject).toBe('[wm-over] STANDINGS: Over Masters, round 1 (final)');
    expect(m!.body_text).toContain('The standings you asked for (STANDINGS)');
  });

  it('answers SUMMARY, HISTORY S1901M and MAP, one reply each', async () => {
    const mark = await lastOutboxId();
    const out = await sim.send(gameId, email('FRANCE'), 'SUMMARY\nHISTORY S1901M\nMAP', 'lookups');
    expect(out.kind, JSON.stringify(out)).toBe('command');
    const got = await mailsTo(email('FRANCE'), mark);
    expect(got.map((m) => [m.kind, m.subject])).toEqual([
      ['player-summary', `[${gameId}] SUMMARY`],
      ['player-history', `[${gameId}] HISTORY S1901M`],
      ['player-position', expect.stringContaining(`[${gameId}]`)],
    ]);
    // Everyone held all year: each power kept its home centres (3 each, Russia 4).
    expect(got[0]!.body_text).toMatch(/France Player \(original\)/);
    expect(got[1]!.body_text).toContain('A PAR H');
    expect(JSON.stringify(got[2]!.attachments)).toContain('image/png');
    const decision = await t.db.selectFrom('inbound_decisions').select(['outcome', 'reason']).where('inbound_message_id', '=', out.inboundId).executeTakeFirstOrThrow();
    expect(decision).toEqual({ outcome: 'command', reason: 'answered on a finished game: summary, history S1901M, map' });
  });

  it('refuses orders with the true reason and names what it still answers', async () => {
    const mark = await lastOutboxId();
    const out = await sim.send(gameId, email('ITALY'), 'A VEN - TYR\nA ROM - APU\nF NAP - ION', 'orders');
    expect(out).toMatchObject({ kind: 'refused', reason: 'game finished' });
    const [m] = await mailsTo(email('ITALY'), mark);
    expect(m!.subject).toBe(`[${gameId}] not accepted: the game is over`);
    expect(m!.body_text).toMatch(new RegExp(`Why: ${gameId} is finished \\(its last results, F1901M, were published \\w+day \\d+ March 2026, \\d\\d:\\d\\d:\\d\\d GMT\\): it takes no more orders, press or votes`));
    expect(m!.body_text).toContain('its address still answers STANDINGS, SUMMARY, HISTORY [phase], MAP and POSITION');
    expect(m!.body_text).not.toContain("no game's address is in To or Cc");
    expect(m!.body_text).toContain(`(${gameId}). Orders to ${gameId}@`);
  });

  it('a message to no game at all: no empty "[]" in the subject, no empty footer', async () => {
    const mark = await lastOutboxId();
    const raw = await new MailComposer({ from: email('ITALY'), to: 'nobody@judge.example.org', subject: 'orders', text: 'A VEN H', messageId: '<nogame-1@example.org>' }).compile().build();
    const out = await receiveMessage(t.db, { fromAddress: JUDGE, now: () => sim.now }, { raw, receivedAt: sim.now, source: 'cli' });
    expect(out.kind).toBe('refused');
    const [m] = await mailsTo(email('ITALY'), mark);
    expect(m!.subject).toBe('which game?');
    expect(m!.body_text).toContain("no game's address is in To or Cc (D.II(2))");
    expect(m!.body_text).not.toContain('()');
    expect(m!.body_text).toContain("mailjudge. Orders go to your game's own address; send HELP there for the commands.");
  });
});
