/**
 * A created game with all seven S1901M sets received as email (the demo's orders), through the same
 * code paths the CLI and mail ingestion use.
 */
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { expect } from 'vitest';
import { DEFAULT_POLICIES } from '../../src/db/games.js';
import type { Db } from '../../src/db/schema.js';
import { POWERS, type Power } from '../../src/diplomacy/index.js';
import { runGameCreate } from '../../src/cli/commands/game-create.js';
import { DEMO_ORDERS } from '../../src/cli/commands/demo.js';
import { receiveMessage } from '../../src/service/intake/receive-message.js';

export const DEMO_CTX = { now: () => new Date('2026-03-05T12:00:00Z'), fromAddress: 'judge@judge.example.org' };

/** An order email from `power`'s player (`<power>@example.org`) to the game. */
export function orderMail(gameId: string, power: Power, text: string, id: string): Promise<Buffer> {
  return new MailComposer({ from: `${power.toLowerCase()}@example.org`, to: `${gameId}@judge.example.org`, subject: 'orders FINAL', text, messageId: `<${id}@example.org>` }).compile().build();
}

/** Game `id` (players `<power>@example.org`, S1901M due 2026-03-06 12:00 GMT) with every power's S1901M set in. */
export async function demoGameWithOrders(db: Db, id: string): Promise<void> {
  const r = await runGameCreate(db, {
    id, address: `${id}@judge.example.org`, gm: { email: 'gm@example.org', name: 'GM' }, rules: 'wm', endYear: 1909,
    policies: DEFAULT_POLICIES, tournament: undefined, round: undefined, board: id, deadline: new Date('2026-03-06T12:00:00Z'),
    players: POWERS.map((power) => ({ power, name: power, email: `${power.toLowerCase()}@example.org`, timeZone: 'America/New_York', where: power })),
  }, 'test', new Date('2026-03-01T12:00:00Z'), DEMO_CTX.fromAddress);
  expect(r.ok).toBe(true);
  for (const power of POWERS) {
    const raw = await orderMail(id, power, DEMO_ORDERS.S1901M[power], `${id}-${power}`);
    const got = await receiveMessage(db, DEMO_CTX, { raw, receivedAt: new Date('2026-03-04T12:00:00Z'), source: 'cli' });
    expect(got.kind).toBe('orders');
  }
}
