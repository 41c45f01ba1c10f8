/**
 * The Mercenary Judge by email (chapter 6): named in the round file, he orders every mercenary army
 * through the thread like a player (his posts re-sent to everyone), his orders for a team's army are
 * refused, STATUS and HELP list the mercenary armies, the lock carries out his orders (a player's
 * order for a mercenary is not); without a Mercenary Judge the start mail says the mercenaries hold.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCoalitionGame } from '../../../src/db/coalition.js';
import { checkCoalitionSpec, runCoalitionCreate } from '../../../src/service/coalition/create-game.js';
import { adjudicateTurn } from '../../../src/service/game-kinds.js';
import { receiveMessage } from '../../../src/service/intake/receive-message.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { ROOT } from '../../helpers/cli.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';

let t: TestDatabase;
const JUDGE = 'judge@judge.example.org';
const LOCK = new Date('2026-11-20T05:00:00Z');
const at = (iso: string) => new Date(iso);
const map = JSON.parse(readFileSync(join(ROOT, 'data/coalition/example-map.json'), 'utf8')) as object;

const spec = (id: string, merc: boolean) => ({
  id, address: `${id}@judge.example.org`, pmAddress: `${id}-mj@judge.example.org`, battleAddress: `${id}-battle@judge.example.org`,
  movementJudge: { name: 'Mo', email: 'mo@example.org' }, battleJudge: { name: 'Bea', email: 'bea@example.org' },
  ...(merc ? { mercenaryJudge: { name: 'Merc', email: 'merc@example.org' } } : {}),
  world: {
    map,
    armies: [
      { name: 'Sai Rei', team: 'coalition', rank: 'lieutenant', at: '3D' },
      { name: 'Gix', team: 'phyrexia', rank: 'praetor', at: '20H' },
      { name: 'Ann', team: 'coalition', rank: 'general', at: '16C' },
      { name: 'Raider1', team: 'mercenary', rank: '1/1-4/4', at: '24G', mercenary: 'raider' },
      { name: 'Keeper', team: 'mercenary', rank: '2/2-5/5', at: '19C', mercenary: 'town-defender' },
    ],
  },
  players: [
    { name: 'Ann', email: 'ann@example.org', team: 'coalition' as const, rank: 'general', authority: true },
    { name: 'Bob', email: 'bob@example.org', team: 'coalition' as const, rank: 'admiral', authority: true },
    { name: 'Sai Rei', email: 'sai@example.org', team: 'coalition' as const, rank: 'lieutenant' },
    { name: 'Gix', email: 'gix@example.org', team: 'phyrexia' as const, rank: 'chief-praetor', authority: true },
    { name: 'Kara', email: 'kara@example.org', team: 'phyrexia' as const, rank: 'praetor', authority: true },
  ],
  lock: LOCK,
});

async function send(from: string, to: string, text: string, receivedAt: Date, id: string) {
  const raw = await new MailComposer({ from, to, subject: 'turn 1', text, messageId: `<${id}@example.org>` }).compile().build();
  return receiveMessage(t.db, { fromAddress: JUDGE, now: () => receivedAt }, { raw, receivedAt, source: 'cli' });
}

async function mails(game: string, to: string, kind?: string) {
  let q = t.db.selectFrom('outbox').select(['kind', 'subject', 'body_text', 'to_address']).where('game_id', '=', game).where('to_address', '=', to);
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('id').execute();
}

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

describe('the Mercenary Judge (chapter 6)', () => {
  it('cannot be a player of either team', () => {
    const s = spec('x1', true);
    const bad = { ...s, mercenaryJudge: { name: 'Kara', email: 'kara@example.org' } };
    expect(checkCoalitionSpec(bad, at('2026-11-18T12:00:00Z')).join('\n')).toContain('the Mercenary Judge cannot be a player on either team (chapter 6)');
    expect(checkCoalitionSpec(s, at('2026-11-18T12:00:00Z'))).toEqual([]);
  });

  it('orders the mercenary armies by email; his orders for a team army are refused', async () => {
    expect(await runCoalitionCreate(t.db, spec('merc1', true), 'test', at('2026-11-18T12:00:00Z'), JUDGE)).toMatchObject({ ok: true });
    const start = (await mails('merc1', 'sai@example.org', 'coalition-start'))[0]!.body_text;
    expect(start).toContain('Mercenary Judge: Merc. He controls every mercenary army (chapter 6)');
    expect(await mails('merc1', 'merc@example.org', 'coalition-start')).toHaveLength(1);

    const r = await send('merc@example.org', 'merc1@judge.example.org', 'Raider1: 24G > 26G\nGix: 20H > 21H', at('2026-11-19T20:00:00Z'), 'm1');
    expect(r).toMatchObject({ kind: 'movement', armies: ['Raider1'], via: 'post' });
    const ack = (await mails('merc1', 'merc@example.org', 'coalition-received'))[0]!.body_text;
    expect(ack).toMatch(/line 1: Raider1: 24G > 26G\s+accepted/);
    expect(ack).toMatch(/line 2: Gix: 20H > 21H\s+refused: Gix is a phyrexia army; the Mercenary Judge orders only the mercenary armies \(chapter 6/);
    // 3.1: his thread post is re-sent to everyone else, like any post.
    for (const who of ['sai@example.org', 'gix@example.org', 'mo@example.org', 'bea@example.org']) {
      const thread = (await mails('merc1', who, 'coalition-thread'))[0]!.body_text;
      expect(thread).toContain('Raider1: 24G > 26G');
      expect(thread).not.toContain('Gix: 20H > 21H');
    }
    expect(await mails('merc1', 'merc@example.org', 'coalition-thread')).toHaveLength(0);

    // No control list for him; STATUS and HELP list the mercenary armies.
    await send('merc@example.org', 'merc1@judge.example.org', 'CONTROL Sai Rei TO Ann\nSTATUS\nHELP', at('2026-11-19T20:10:00Z'), 'm2');
    const status = (await mails('merc1', 'merc@example.org', 'coalition-received')).at(-1)!.body_text;
    expect(status).toContain('line 1: refused: the Mercenary Judge orders the mercenary armies and has no part in the teams\' control lists');
    expect(status).toContain('The mercenary armies, yours to order as Mercenary Judge (chapter 6):');
    expect(status).toMatch(/Raider1 \(raider, 1\/1-4\/4\) at 24G: Raider1: 24G > 26G \(received Thursday 19 November 2026, 20:00:00 GMT\)/);
    expect(status).toContain('Keeper (town-defender, 2/2-5/5) at 19C: no order yet');
    expect(status).toContain('HELP for the Mercenary Judge');
    expect(status).not.toContain('Authority over the list');

    // A player's order for a mercenary army: accepted as mail, but not his army at the lock (5.4.1, 5.4.2).
    await send('sai@example.org', 'merc1@judge.example.org', 'Keeper: 19C > 20C', at('2026-11-19T21:00:00Z'), 's1');
    expect((await mails('merc1', 'sai@example.org', 'coalition-received'))[0]!.body_text).toContain('Keeper is controlled by Merc now');

    expect(await adjudicateTurn(t.db, { now: () => at('2026-11-20T05:01:00Z'), fromAddress: JUDGE }, { gameId: 'merc1', phase: 'T1' })).toBe('adjudicated');
    const where = Object.fromEntries((await findCoalitionGame(t.db, 'merc1'))!.world.armies.map((a) => [a.name, a.at]));
    expect(where).toMatchObject({ Raider1: '26G', Keeper: '19C', Gix: '20H' });
    expect((await mails('merc1', 'merc@example.org', 'coalition-update'))).toHaveLength(1);
    const update = (await mails('merc1', 'ann@example.org', 'coalition-update'))[0]!.body_text;
    expect(update).toContain('Raider1');
    expect((await mails('merc1', 'bea@example.org', 'coalition-not-controller'))[0]!.body_text).toContain('Sai Rei sent an order for Keeper');
  });

  it('without a Mercenary Judge the start mail says the mercenaries hold', async () => {
    expect(await runCoalitionCreate(t.db, spec('merc2', false), 'test', at('2026-11-18T12:00:00Z'), JUDGE)).toMatchObject({ ok: true });
    const start = (await mails('merc2', 'ann@example.org', 'coalition-start'))[0]!.body_text;
    expect(start).toContain('This round has no Mercenary Judge: the mercenary armies hold every turn (chapter 6).');
    expect(await mails('merc2', 'merc@example.org')).toHaveLength(0);
    await send('sai@example.org', 'merc2@judge.example.org', 'Raider1: 24G > 25G', at('2026-11-19T21:00:00Z'), 'n1');
    expect(await adjudicateTurn(t.db, { now: () => at('2026-11-20T05:01:00Z'), fromAddress: JUDGE }, { gameId: 'merc2', phase: 'T1' })).toBe('adjudicated');
    expect((await findCoalitionGame(t.db, 'merc2'))!.world.armies.find((a) => a.name === 'Raider1')!.at).toBe('24G');
  });
});
