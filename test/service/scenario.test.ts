/**
 * A whole tournament game on a simulated clock, from creation to the Fall 1902 deadline, through the
 * real tasks (adjudicate-phase jobs from the real job table, the calendar tick every simulated hour)
 * and the real inbound pipeline. On the way: a declared weekly window that moves deadlines (D.VII(2)),
 * a granted and a refused extension (D.VII(5)), white and gray press (D.X), reminders and GM digests,
 * an S1901M NMR that withholds the results until the team captain's orders arrive (D.VII(6)(b),
 * B.8(c)), an early adjudication (D.VII(2)), a temporary replacement by the GM (B.7), an S1902M NMR
 * with its notices and the captain standing in after the contact deadline (D.VII(6)(a), B.8(c)), the
 * GM's own extension, a failing draw vote in 1901 and a passing one that ends the game at F1902M
 * (D.IX; the NMR'd player's uncast vote counts as yes). Every notice is checked in the outbox: who
 * got it and what it says.
 *
 * The game uses the default D.VII(3) rule (late orders refused): the captain's S1901M orders, sent
 * after the deadline, are taken because the phase is withheld for that power (D.VII(6)(b)).
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAbsence } from '../../src/service/gm/absence.js';
import { runExtend } from '../../src/service/gm/extend.js';
import { runReplace } from '../../src/service/gm/replace.js';
import { runCalendarSettings } from '../../src/service/gm/settings.js';
import { runGameCreate } from '../../src/cli/commands/game-create.js';
import { verifyAuditChain } from '../../src/db/audit-log.js';
import { DEFAULT_POLICIES, findGame } from '../../src/db/games.js';
import { findPersonByEmail, insertPerson } from '../../src/db/people.js';
import { findPhase, findPhases } from '../../src/db/phases.js';
import { findCurrentPositions } from '../../src/db/positions.js';
import { insertTeam, insertTournament, insertTournamentMember } from '../../src/db/tournaments.js';
import { POWERS, type Power } from '../../src/diplomacy/index.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { JUDGE, Sim, holdAll, outbox } from './sim.js';
import { formatReproduce, reproduceInto, resolveGames } from '../../src/cli/reproduce/reproduce.js';

let t: TestDatabase;
const G = 'wm-r1-b1';
const at = (iso: string) => new Date(iso);
const email = (p: Power) => `${p.toLowerCase()}@players.example.org`;
const ZONES: Record<Power, string> = {
  AUSTRIA: 'Europe/Vienna', ENGLAND: 'Europe/London', FRANCE: 'Europe/Paris', GERMANY: 'Europe/Berlin',
  ITALY: 'Europe/Rome', RUSSIA: 'Europe/Moscow', TURKEY: 'Europe/Istanbul',
};
const GM = 'gm@example.org';
const TD = 'td@example.org';
const CAPRI = 'capri@example.org'; // captain of ITALY's player's team
const ANKA = 'anka@example.org'; // captain of TURKEY's player's team
const GUS = 'gus@example.org'; // a temporary replacement for GERMANY
const CTX = (sim: Sim) => ({ actor: 'cli:gm', now: sim.now, fromAddress: JUDGE });

const S1901M: Record<Power, string> = {
  AUSTRIA: 'A VIE - GAL\nA BUD H\nF TRI - ADR',
  ENGLAND: 'F LON - NTH\nF EDI - NWG\nA LVP - YOR',
  FRANCE: 'A PAR - BUR\nA MAR H\nF BRE - MAO',
  GERMANY: 'A BER H\nA MUN - RUH\nF KIE H',
  ITALY: 'A VEN - TYR\nA ROM - APU\nF NAP - ION',
  RUSSIA: 'A WAR - UKR\nA MOS H\nF SEV H\nF STP/SC - BOT',
  TURKEY: 'A CON H\nA SMY - ARM\nF ANK H',
};

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

describe('a 1901–1902 game on a simulated clock', () => {
  it('runs from creation to the Fall 1902 deadline with every notice to the right people', { timeout: 120_000 }, async () => {
    const db = t.db;
    const sim = new Sim(db, at('2030-01-07T12:00:00Z')); // a Monday

    // ---- Creation: a round-1 tournament board, captains and a TD.
    const tournament = await insertTournament(db, { slug: 'wm2030', name: 'World Masters 2030' });
    const created = await runGameCreate(db, {
      id: G, address: `${G}@judge.example.org`, gm: { email: GM, name: 'Gail GM' }, rules: 'wm', endYear: 1909,
      policies: DEFAULT_POLICIES, tournament: 'wm2030', round: 1, board: 'Board 1',
      deadline: at('2030-01-11T12:00:00Z'), // Friday
      players: POWERS.map((power) => ({ power, name: `${power[0]}${power.slice(1).toLowerCase()} Player`, email: email(power), timeZone: ZONES[power], where: power })),
    }, 'test', sim.now, CTX(sim).fromAddress);
    expect(created.ok).toBe(true);
    const capri = await insertPerson(db, { name: 'Capri Captain', email: CAPRI, timeZone: 'Europe/Rome' });
    const anka = await insertPerson(db, { name: 'Anka Captain', email: ANKA, timeZone: 'Europe/Istanbul' });
    const td = await insertPerson(db, { name: 'Tess TD', email: TD });
    const rome = await insertTeam(db, { tournamentId: tournament.id, name: 'Rome', captainPersonId: capri.id });
    const ankara = await insertTeam(db, { tournamentId: tournament.id, name: 'Ankara', captainPersonId: anka.id });
    await insertTournamentMember(db, { tournamentId: tournament.id, personId: (await findPersonByEmail(db, email('ITALY')))!.id, role: 'player', teamId: rome.id });
    await insertTournamentMember(db, { tournamentId: tournament.id, personId: (await findPersonByEmail(db, email('TURKEY')))!.id, role: 'player', teamId: ankara.id });
    await insertTournamentMember(db, { tournamentId: tournament.id, personId: capri.id, role: 'captain', teamId: rome.id });
    await insertTournamentMember(db, { tournamentId: tournament.id, personId: anka.id, role: 'captain', teamId: ankara.id });
    await insertTournamentMember(db, { tournamentId: tournament.id, personId: td.id, role: 'td' });
    expect((await runCalendarSettings(db, { gameId: G, turnHours: {}, reminders: [24], digests: [24] }, CTX(sim))).ok).toBe(true);

    // D.VII(2): England is away every weekend (London clock).
    const away = await runAbsence(db, { gameId: G, power: 'ENGLAND', from: { day: 'Sat', time: '00:00' }, to: { day: 'Mon', time: '00:00' }, clear: false }, CTX(sim));
    expect(away).toMatchObject({ ok: true });
    expect((await outbox(db, G, 'absence-recorded')).map((m) => m.to_address).sort()).toEqual([email('ENGLAND'), GM]);

    // ---- S1901M: orders, press, a draw proposal, extensions. Italy sends nothing.
    await sim.advanceTo(at('2030-01-07T13:00:00Z'));
    for (const p of ['AUSTRIA', 'RUSSIA', 'TURKEY'] as const) expect((await sim.send(G, email(p), S1901M[p], 'orders FINAL')).kind).toBe('orders');
    await sim.send(G, email('ENGLAND'), `${S1901M.ENGLAND}\nPRESS TO ALL\nGreetings from London: the fleet stays home.\nEND PRESS`, 'orders FINAL');
    await sim.send(G, email('FRANCE'), `${S1901M.FRANCE}\nPROPOSE DRAW AUSTRIA ENGLAND FRANCE\nVOTE YES`, 'orders FINAL');
    expect(sim.lastNotes(email('FRANCE')).join('\n')).toMatch(/proposal of a draw between Austria, England and France has been put to every player/);
    expect(sim.lastNotes(email('FRANCE')).join('\n')).toMatch(/Your vote \(YES\) .* is recorded/);
    await sim.send(G, email('GERMANY'), `${S1901M.GERMANY}\nGRAY PRESS TO ALL\nBeware the Kaiser's friends.\nEND PRESS\nVOTE DRAW AEF NO`); // preliminary
    expect(sim.lastNotes(email('GERMANY')).join('\n')).toMatch(/gray press to all .* "Anonymous or Unofficial Press" section; its author is never revealed/);
    const proposals = await outbox(db, G, 'proposal-notice');
    expect(proposals).toHaveLength(8); // seven players and the GM
    expect(proposals[0]!.body_text).not.toMatch(/FRANCE|France proposes/);

    // A granted extension: Austria's guaranteed one, asked days ahead. Friday 12:00 + 24 h is inside
    // England's weekend window, so the deadline moves to the window's end, Monday 00:00 GMT.
    await sim.advanceTo(at('2030-01-08T09:00:00Z'));
    await sim.send(G, email('AUSTRIA'), 'EXTENSION 24 hours please');
    expect(sim.lastNotes(email('AUSTRIA')).join('\n')).toContain('Extension granted: the S1901M deadline is now Monday 14 January 2030, 00:00 GMT');
    expect((await findPhase(db, G, 'S1901M'))!.deadline).toEqual(at('2030-01-14T00:00:00Z'));
    const moved = await outbox(db, G, 'deadline-changed');
    expect(moved).toHaveLength(8);
    expect(moved.find((m) => m.to_address === email('RUSSIA'))!.body_text).toContain('New deadline: Monday 14 January 2030, 00:00 GMT');
    expect(moved.find((m) => m.to_address === email('RUSSIA'))!.body_text).toContain('Monday 14 January 2030, 03:00 GMT+3 in Europe/Moscow');

    // Reminders and the GM's digest 24 hours before the (new) deadline: Sunday 00:00.
    await sim.advanceTo(at('2030-01-13T00:00:00Z'));
    const reminders = await outbox(db, G, 'reminder');
    expect(reminders.map((m) => m.to_address).sort()).toEqual([email('GERMANY'), email('ITALY')]);
    expect(reminders.find((m) => m.to_address === email('ITALY'))!.subject).toBe(`[${G}] Reminder: S1901M orders for ITALY not received`);
    expect(reminders.find((m) => m.to_address === email('GERMANY'))!.body_text).toContain('are preliminary');
    const digests = await outbox(db, G, 'gm-digest');
    expect(digests.map((m) => m.to_address)).toEqual([GM]);
    expect(digests[0]!.subject).toBe(`[${G}] GM digest S1901M: 5 Final, 1 preliminary, 1 missing`);
    expect(digests[0]!.body_text).toMatch(/ITALY\s+no orders/);
    expect(digests[0]!.body_text).toContain('Proposals awaiting votes: 1');
    expect(digests[0]!.body_text).toMatch(/unavailable Saturday 19 January 2030|unavailable/);
    expect(digests[0]!.body_text).not.toMatch(/Kaiser|YES|NO\b/);

    // A refused extension: Russia asks ten hours before the deadline (D.VII(5): 12 hours' notice).
    await sim.advanceTo(at('2030-01-13T14:00:00Z'));
    await sim.send(G, email('RUSSIA'), 'Extension 24h');
    expect(sim.lastNotes(email('RUSSIA')).join('\n')).toMatch(/^Extension refused: an extension must be asked for at least 12 hours before the deadline/);
    expect(await outbox(db, G, 'deadline-changed')).toHaveLength(8);

    // ---- The S1901M deadline: Italy has no orders — results withheld, the captain is the replacement.
    await sim.advanceTo(at('2030-01-14T00:00:00Z'));
    expect(sim.runs.at(-1)).toMatchObject({ payload: { phase: 'S1901M' }, outcome: 'withheld' });
    expect(await outbox(db, G, 'adjudication-report')).toHaveLength(0);
    const withheld = await outbox(db, G, 'nmr-withheld');
    expect(withheld.map((m) => m.to_address).sort()).toEqual([GM, TD]);
    expect(withheld[0]!.body_text).toMatch(/ITALY\s+Italy Player/);
    const askCaptain = await outbox(db, G, 'replacement-request');
    expect(askCaptain.map((m) => m.to_address).sort()).toEqual([CAPRI, GM, TD]);
    expect(askCaptain.find((m) => m.to_address === CAPRI)!.body_text).toContain('you may now send orders for ITALY');
    expect((await findCurrentPositions(db, G)).find((p) => p.power === 'ITALY' && p.kind === 'temporary')?.personId).toBe(capri.id);
    await sim.advanceTo(at('2030-01-14T06:00:00Z'));
    expect((await findPhase(db, G, 'S1901M'))!.adjudicatedAt).toBeNull(); // still waiting

    // The captain sends Italy's orders: the captain becomes the official player (B.8(c)) and the
    // phase is adjudicated at once.
    await sim.advanceTo(at('2030-01-14T10:00:00Z'));
    expect((await sim.send(G, CAPRI, S1901M.ITALY, 'orders FINAL')).kind).toBe('orders');
    await sim.runDueJobs();
    const s1901 = (await findPhase(db, G, 'S1901M'))!;
    expect(s1901.publishedAt).toEqual(at('2030-01-14T10:00:00Z'));
    const italy = (await findCurrentPositions(db, G)).filter((p) => p.power === 'ITALY');
    expect(italy.map((p) => [p.personId, p.kind])).toEqual([[capri.id, 'permanent']]);
    expect((await outbox(db, G, 'position-change')).some((m) => m.body_text.includes('Capri Captain is now the player of ITALY'))).toBe(true);
    const reports = await outbox(db, G, 'adjudication-report');
    expect(reports.map((m) => m.to_address).sort()).toEqual([...POWERS.filter((p) => p !== 'ITALY').map(email), CAPRI, GM].sort());
    const english = reports.find((m) => m.to_address === email('ENGLAND'))!.body_text;
    expect(english).toMatch(/ENGLAND:\n(.*\n)*  Press from ENGLAND:\nGreetings from London: the fleet stays home\./);
    expect(english).toMatch(/Anonymous or Unofficial Press:\nBeware the Kaiser's friends\./);
    expect(english).toContain('A draw between Austria, England, France was proposed and has not been agreed.');
    expect(english).not.toMatch(/GERMANY.*Beware|\d+ (votes?|for|against)/);
    expect(english).toContain('Next: Fall 1901 Movement (F1901M)');
    expect((await findPhase(db, G, 'F1901M'))!.deadline).toEqual(at('2030-01-18T10:00:00Z')); // 96 hours later, a Friday

    // ---- F1901M: everyone Final on Monday evening — adjudicated early, 24 hours after publication.
    await sim.advanceTo(at('2030-01-14T20:00:00Z'));
    for (const p of POWERS) expect((await sim.send(G, p === 'ITALY' ? CAPRI : email(p), await holdAll(db, G, p), 'orders FINAL')).kind).toBe('orders');
    await sim.advanceTo(at('2030-01-15T09:00:00Z'));
    expect((await findPhase(db, G, 'F1901M'))!.adjudicatedAt).toBeNull(); // not before 24 hours (D.VII(2))
    await sim.advanceTo(at('2030-01-15T10:00:00Z'));
    expect((await findPhase(db, G, 'F1901M'))!.publishedAt).toEqual(at('2030-01-15T10:00:00Z'));
    expect(sim.runs.at(-1)).toMatchObject({ payload: { phase: 'F1901M', early: true }, outcome: 'adjudicated' });
    // No supply centre changed hands, so no adjustments: Spring 1902 next. Friday 10:00 + 96 h is
    // Saturday, inside England's window: the deadline moves to the nearest free hour before it.
    const s1902 = (await findPhase(db, G, 'S1902M'))!;
    expect(s1902.deadline).toEqual(at('2030-01-18T23:00:00Z'));

    // ---- S1902M: the GM puts in a temporary replacement for Germany (B.7); Turkey sends nothing.
    await sim.advanceTo(at('2030-01-16T10:00:00Z'));
    const temp = await runReplace(db, { gameId: G, power: 'GERMANY', email: GUS, name: 'Gus Stand-in', untilPhase: 'S1903M', endTemporary: false, reason: 'Germany is travelling' }, CTX(sim));
    expect(temp).toMatchObject({ ok: true });
    expect((await outbox(db, G, 'position-change')).filter((m) => m.body_text.includes('Gus Stand-in stands in for Germany Player as GERMANY until S1903M'))).toHaveLength(9); // 7 holders, GM, Gus's stand-in counted once
    for (const p of POWERS.filter((x) => x !== 'TURKEY')) {
      const from = p === 'ITALY' ? CAPRI : p === 'GERMANY' ? GUS : email(p);
      expect((await sim.send(G, from, await holdAll(db, G, p), 'orders FINAL')).kind).toBe('orders');
    }
    await sim.advanceTo(at('2030-01-18T23:00:00Z'));
    expect((await findPhase(db, G, 'S1902M'))!.publishedAt).toEqual(at('2030-01-18T23:00:00Z'));
    // D.VII(6)(c): Turkey held; notices to the player, the team captain and the TD.
    const nmr = await outbox(db, G, 'nmr-notice');
    expect(nmr.map((m) => m.to_address).sort()).toEqual([ANKA, TD, email('TURKEY')].sort());
    // Friday 23:00 GMT is Saturday 02:00 in Istanbul: the 48 hours include a weekend, so 96 (D.VII(6)(a)).
    expect(nmr.find((m) => m.to_address === email('TURKEY'))!.body_text).toContain('Please get in touch by Tuesday 22 January 2030, 23:00 GMT');
    expect(nmr.find((m) => m.to_address === ANKA)!.body_text).toContain('the choice of a replacement is yours');
    const f1902 = (await findPhase(db, G, 'F1902M'))!;
    expect(f1902.deadline).toEqual(at('2030-01-22T23:00:00Z'));

    // ---- F1902M: the GM extends by 48 hours (uncharged); the contact deadline passes; the captain stands in.
    await sim.advanceTo(at('2030-01-19T12:00:00Z'));
    const ext = await runExtend(db, { gameId: G, hours: 48, uncharged: false, refuse: false, reason: 'Turkey has gone quiet' }, CTX(sim));
    expect(ext).toMatchObject({ ok: true });
    expect((await findPhase(db, G, 'F1902M'))!.deadline).toEqual(at('2030-01-24T23:00:00Z'));
    expect((await outbox(db, G, 'deadline-changed')).filter((m) => m.subject.includes('F1902M'))).toHaveLength(9); // 7 holders (Gus and Germany's player both), GM
    await sim.advanceTo(at('2030-01-20T10:00:00Z'));
    await runReplace(db, { gameId: G, power: 'GERMANY', endTemporary: true, reason: 'back from the trip' }, CTX(sim));
    await sim.send(G, email('FRANCE'), `${await holdAll(db, G, 'FRANCE')}\nPROPOSE DRAW AUSTRIA ENGLAND FRANCE GERMANY ITALY RUSSIA TURKEY\nVOTE YES`, 'orders FINAL');
    for (const p of ['AUSTRIA', 'ENGLAND', 'GERMANY', 'RUSSIA'] as const) await sim.send(G, email(p), `${await holdAll(db, G, p)}\nVOTE YES`, 'orders FINAL');
    await sim.send(G, CAPRI, `${await holdAll(db, G, 'ITALY')}\nVOTE YES`, 'orders FINAL');
    expect(sim.lastNotes(CAPRI).join('\n')).toMatch(/Your vote \(YES\) on a draw between Austria, England, France, Germany, Italy, Russia and Turkey is recorded/);
    await sim.advanceTo(at('2030-01-22T23:00:00Z'));
    // B.8(c): the contact deadline passed without a word from Turkey: the captain stands in.
    expect((await findCurrentPositions(db, G)).find((p) => p.power === 'TURKEY' && p.kind === 'temporary')?.personId).toBe(anka.id);
    expect((await outbox(db, G, 'replacement-request')).filter((m) => m.dedupe_key.toLowerCase().includes(':turkey:')).map((m) => m.to_address).sort()).toEqual([ANKA, GM, TD]);
    // The reminder 24 hours before the F1902M deadline goes to whoever acts for Turkey: the captain.
    await sim.advanceTo(at('2030-01-23T23:00:00Z'));
    expect((await outbox(db, G, 'reminder')).filter((m) => m.subject.includes('F1902M')).map((m) => m.to_address)).toEqual([ANKA]);

    // ---- The F1902M deadline: Turkey NMRs, so its uncast vote on the draw counts as yes (D.IX(1)):
    // the draw passes and is published instead of the adjudication.
    await sim.advanceTo(at('2030-01-24T23:00:00Z'));
    expect(sim.runs.at(-1)).toMatchObject({ payload: { phase: 'F1902M' }, outcome: 'ended' });
    const game = (await findGame(db, G))!;
    expect(game.status).toBe('finished');
    const result = await outbox(db, G, 'vote-result');
    expect(result.map((m) => m.to_address).sort()).toEqual([...POWERS.filter((p) => p !== 'ITALY').map(email), CAPRI, ANKA, GM, TD].sort());
    expect(result[0]!.subject).toBe(`[${G}] The game is over: A draw between Austria, England, France, Germany, Italy, Russia, Turkey has been agreed.`);
    expect(result[0]!.body_text).not.toMatch(/\bvotes? (for|against)|unanimous(ly)? but|TURKEY did not/);
    expect((await outbox(db, G, 'adjudication-report')).filter((m) => m.subject.includes('F1902M'))).toHaveLength(0);
    expect((await findPhases(db, G)).map((p) => [p.name, p.publishedAt?.toISOString() ?? null])).toEqual([
      ['S1901M', '2030-01-14T10:00:00.000Z'],
      ['F1901M', '2030-01-15T10:00:00.000Z'],
      ['S1902M', '2030-01-18T23:00:00.000Z'],
      ['F1902M', '2030-01-24T23:00:00.000Z'],
    ]);
    // Nothing left to run, and the audit chain holds.
    await sim.advanceTo(at('2030-01-26T00:00:00Z'));
    expect(sim.runs.filter((r) => r.outcome === 'adjudicated' || r.outcome === 'ended').map((r) => r.payload.phase)).toEqual(['S1901M', 'F1901M', 'S1902M', 'F1902M']);
    expect(await verifyAuditChain(db)).toBeNull();

    // Issue 16: `mailjudge reproduce`: the archived mail, the GM's commands and the worker's runs,
    // replayed into a fresh database, give the same decisions, results and mails, byte for byte.
    const fresh = await createTestDatabase();
    await migrateQueue(fresh.url);
    expect(await resolveGames(db, { tournament: 'wm2030' })).toEqual({ ok: true, games: [G] }); // --tournament
    const reproduced = await reproduceInto(db, fresh.db, [G], { fromAddress: JUDGE });
    console.log(formatReproduce(reproduced));
    expect(reproduced).toMatchObject({ kind: 'matched', failures: [] });
    if (reproduced.kind !== 'problem') {
      expect(reproduced.replayed).toEqual({ mails: 28, commands: 6, tasks: 9 });
      expect(reproduced.matched).toMatchObject({ phases: 4, outbox: (await outbox(db, G)).length });
    }
    await fresh.close();
    if (process.env.MAILJUDGE_DUMP_SCENARIO) {
      const all = await outbox(db, G);
      writeFileSync(process.env.MAILJUDGE_DUMP_SCENARIO, all.map((m) => `==== ${m.kind} to ${m.to_address}\nSubject: ${m.subject}\n${m.body_text}`).join('\n'));
    }
  });
});
