/**
 * D.IX(5): "The GM and all players remaining in the game must agree to any rule change unanimously."
 * The GM's answer to a house-rule proposal by email (AGREE / DISAGREE) and by the CLI's service
 * function, through the real intake and the real adjudication on a real PostgreSQL: recorded,
 * announced to every player (the text read), counted at the deadline (the last answer by it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEntries } from '../../src/db/audit-log.js';
import { findDecidedProposals } from '../../src/db/proposals.js';
import { readGmCommands } from '../../src/diplomacy/conduct/gm-commands.js';
import { POWERS } from '../../src/diplomacy/index.js';
import { runAgreeProposal } from '../../src/service/gm/agree-proposal.js';
import { adjudicatePhaseTask } from '../../src/service/diplomacy/adjudicate-phase.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame, mails } from './fixtures.js';
import { JUDGE, Sim, holdAll } from './sim.js';

let t: TestDatabase;
const HOUR = 3_600_000;
const START = new Date('2030-06-03T12:00:00Z');
const DEADLINE = new Date(START.getTime() + 96 * HOUR);

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

describe('reading AGREE and DISAGREE', () => {
  // prettier-ignore
  it.each([
    ['AGREE',                     { kind: 'agree', agrees: true }],
    ['agree d.vii(3)',            { kind: 'agree', agrees: true, rule: 'D.VII(3)' }],
    ['AGREE TO HOUSE RULE D.X(1)', { kind: 'agree', agrees: true, rule: 'D.X(1)' }],
    ['DISAGREE #4',               { kind: 'agree', agrees: false, proposalId: 4 }],
    ['disagree proposal 12',      { kind: 'agree', agrees: false, proposalId: 12 }],
  ])('%j', (text, command) => {
    expect(readGmCommands([{ line: 1, text }])).toEqual({ commands: [command], unknown: [] });
  });
  it('"AGREE with Italy" is no command, and said so', () => {
    expect(readGmCommands([{ line: 2, text: 'AGREE with Italy' }])).toEqual({ commands: [], unknown: [{ line: 2, text: 'AGREE with Italy' }] });
  });
});

/** Every power sends its hold orders, Final, with `extra` lines. */
async function allOrder(sim: Sim, g: Awaited<ReturnType<typeof calendarGame>>, id: string, extra: string): Promise<void> {
  for (const p of POWERS) await sim.send(id, g.players.get(p)!.email, `${await holdAll(t.db, id, p)}\n${extra}`, 'orders');
}

describe("the GM's agreement to a house-rule change", () => {
  it('by email: STATUS shows it waiting, AGREE is announced, and with every YES the change passes', { timeout: 60_000 }, async () => {
    const g = await calendarGame(t.db, 'hra', { deadline: DEADLINE, round: 1 });
    const sim = new Sim(t.db, START);
    const gm = g.gm.email;
    await sim.send('hra', g.players.get('ITALY')!.email, 'PROPOSE D.VII(3): accept orders until the start of adjudication', 'proposal');
    const id = (await t.db.selectFrom('proposals').select('id').where('game_id', '=', 'hra').executeTakeFirstOrThrow()).id;
    // The notice names the rule once, then the change.
    const notice = (await mails(t.db, 'hra', 'proposal-notice')).find((m) => m.to === g.players.get('FRANCE')!.email)!;
    expect(notice.body).toContain('A proposal has been made: changing house rule D.VII(3): accept orders until the start of adjudication.');

    await sim.send('hra', gm, 'STATUS\nAGREE D.II(2)', 'commands');
    let reply = (await mails(t.db, 'hra', 'gm-reply')).at(-1)!;
    expect(reply.body).toContain(`House-rule proposals open (D.IX(5): your agreement is needed too; AGREE or DISAGREE):\n  #${id} D.VII(3): accept orders until the start of adjudication: no answer from you yet (counts as no)`);
    expect(reply.body).toContain(`AGREE D.II(2): refused, no open house-rule proposal D.II(2); open: #${id} D.VII(3): accept orders until the start of adjudication`);

    sim.now = new Date(START.getTime() + HOUR);
    await sim.send('hra', gm, 'AGREE D.VII(3)', 'commands');
    reply = (await mails(t.db, 'hra', 'gm-reply')).at(-1)!;
    expect(reply.body).toContain(`AGREE D.VII(3): You agree to #${id} D.VII(3): accept orders until the start of adjudication (D.IX(5)); it passes only if every remaining player also votes YES, decided at the S1901M deadline, Fri 7 Jun 2030 12:00 GMT. 8 notices queued to the players and you.`);
    const told = await mails(t.db, 'hra', 'proposal-gm-answer');
    expect(told.map((m) => m.to).sort()).toEqual([gm, ...[...g.players.values()].map((p) => p.email)].sort());
    const france = told.find((m) => m.to === g.players.get('FRANCE')!.email)!;
    expect(france.subject).toBe('[hra] The GM agrees to the change to house rule D.VII(3)');
    expect(france.body).toContain([
      'The GM agrees to the proposed change to house rule D.VII(3): accept orders until the start of adjudication',
      '',
      'A house-rule change needs the GM and every player remaining in the game to agree (rule D.IX(5)).',
      'It passes only if every remaining player also votes YES; a single NO, an abstention or an uncast vote',
      'defeats it.',
      'Votes are due with the S1901M orders, by Friday 7 June 2030, 12:00 GMT.',
    ].join('\n'));

    await allOrder(sim, g, 'hra', 'VOTE YES');
    sim.now = DEADLINE;
    expect(await adjudicatePhaseTask(t.db, sim.ctx, { gameId: 'hra', phase: 'S1901M' })).toBe('adjudicated');
    expect((await findDecidedProposals(t.db, 'hra')).map((p) => p.result)).toEqual(['passed']);
    const report = (await mails(t.db, 'hra', 'adjudication-report')).find((m) => m.to === g.players.get('FRANCE')!.email)!;
    expect(report.body).toContain('The change to house rule D.VII(3) has been agreed.');
    expect((await findAuditEntries(t.db, 'hra')).filter((e) => e.action === 'proposal.gm-answer').map((e) => e.actor)).toEqual([`person:${g.gm.id}`]);
  });

  it('by the CLI: the GM agrees, then disagrees before the deadline: the last answer counts and the change fails', { timeout: 60_000 }, async () => {
    const g = await calendarGame(t.db, 'hrb', { deadline: DEADLINE, round: 1 });
    const sim = new Sim(t.db, START);
    await sim.send('hrb', g.players.get('ITALY')!.email, 'PROPOSE D.VII(3): accept orders until the start of adjudication', 'proposal');
    const ctx = (h: number) => ({ actor: 'cli:gm', now: new Date(START.getTime() + h * HOUR), fromAddress: JUDGE });
    expect(await runAgreeProposal(t.db, { gameId: 'hrb', agrees: true }, ctx(1))).toMatchObject({ ok: true });
    const r = await runAgreeProposal(t.db, { gameId: 'hrb', agrees: false, rule: 'D.VII(3)' }, ctx(2));
    expect(r.ok && r.text).toMatch(/^You do not agree to #\d+ D\.VII\(3\): accept orders until the start of adjudication \(D\.IX\(5\)\); it will not pass unless you agree by the time it is decided, at the S1901M deadline/);
    const last = (await mails(t.db, 'hrb', 'proposal-gm-answer')).filter((m) => m.to === g.players.get('FRANCE')!.email).at(-1)!;
    expect(last.subject).toBe('[hrb] The GM does not agree to the change to house rule D.VII(3)');
    expect(last.body).toContain('It will not pass unless the GM changes this answer before the vote is decided, whatever the votes.');
    // The GM's digest lists what waits on the GM's answer.
    sim.now = new Date(DEADLINE.getTime() - 23 * HOUR);
    await sim.tick();
    const digest = (await mails(t.db, 'hrb', 'gm-digest')).at(-1)!;
    expect(digest.to).toBe(g.gm.email);
    expect(digest.body).toMatch(/\nWaiting for you or the TD:\n  - house-rule proposal #\d+ D\.VII\(3\): accept orders until the start of adjudication: you do not agree \(AGREE or DISAGREE, D\.IX\(5\)\)\n/);
    await allOrder(sim, g, 'hrb', 'VOTE YES');
    sim.now = DEADLINE;
    expect(await adjudicatePhaseTask(t.db, sim.ctx, { gameId: 'hrb', phase: 'S1901M' })).toBe('adjudicated');
    expect((await findDecidedProposals(t.db, 'hrb')).map((p) => p.result)).toEqual(['failed']);
    const report = (await mails(t.db, 'hrb', 'adjudication-report')).find((m) => m.to === g.players.get('FRANCE')!.email)!;
    expect(report.body).toContain('The change to house rule D.VII(3) was proposed and has not been agreed.');
    expect(await runAgreeProposal(t.db, { gameId: 'hrb', agrees: true }, ctx(200))).toEqual({ ok: false, problems: ['hrb has no house-rule proposal waiting for its vote (D.IX(5)); players propose one with PROPOSE D.VII(3): <the change>'] });
  });
});
