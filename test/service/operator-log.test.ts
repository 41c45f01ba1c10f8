/**
 * The structured log (src/config/log.ts): one JSON line per message received, decision,
 * adjudication and mail sent, carrying the game, the phase and the message's id, so an operator can
 * follow one order from the mailbox to the result.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, useLogger } from '../../src/config/log.js';
import { createTransport } from '../../src/mail/outbound/send.js';
import { adjudicatePhaseTask } from '../../src/service/diplomacy/adjudicate-phase.js';
import { sendMailTask } from '../../src/worker/tasks/send-mail.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { DEMO_CTX, demoGameWithOrders } from '../helpers/demo-game.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

let t: TestDatabase;
const lines: Record<string, unknown>[] = [];
let previous: ReturnType<typeof useLogger>;
const dir = mkdtempSync(join(tmpdir(), 'mj-log-'));

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  const stream = new PassThrough();
  let buffered = '';
  stream.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      lines.push(JSON.parse(buffered.slice(0, nl)) as Record<string, unknown>);
      buffered = buffered.slice(nl + 1);
    }
  });
  previous = useLogger(createLogger({ level: 'info', destination: stream, pretty: false }));
});
afterAll(async () => {
  if (previous) useLogger(previous);
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

describe('the operator follows one order from the mailbox to the result by the log', () => {
  it('received → decided (orders, with the power) → adjudicated → each result mail sent', async () => {
    await demoGameWithOrders(t.db, 'logged');
    await new Promise((r) => setImmediate(r));
    const received = lines.filter((l) => l.event === 'message.received' && l.messageId === '<logged-FRANCE@example.org>');
    expect(received).toHaveLength(1);
    const inboundId = received[0]!.inboundId;
    expect(lines.find((l) => l.event === 'message.decided' && l.inboundId === inboundId)).toMatchObject({ outcome: 'orders', game: 'logged', power: 'FRANCE', final: true, messageId: '<logged-FRANCE@example.org>' });

    expect(await adjudicatePhaseTask(t.db, DEMO_CTX, { gameId: 'logged', phase: 'S1901M' })).toBe('adjudicated');
    const files = createTransport({ from: DEMO_CTX.fromAddress, outboxDir: dir });
    const rows = await t.db.selectFrom('outbox').select(['id', 'to_address']).where('game_id', '=', 'logged').where('kind', '=', 'adjudication-report').execute();
    for (const r of rows) await sendMailTask(t.db, files, { outboxId: r.id });
    await new Promise((r) => setImmediate(r));
    expect(lines.find((l) => l.event === 'phase.adjudication')).toMatchObject({ game: 'logged', phase: 'S1901M', outcome: 'adjudicated' });
    const sent = lines.filter((l) => l.event === 'mail.sent' && l.kind === 'adjudication-report');
    expect(sent.map((l) => l.to).sort()).toEqual(rows.map((r) => r.to_address).sort());
    expect(sent.every((l) => l.game === 'logged' && l.phase === 'S1901M' && typeof l.messageId === 'string')).toBe(true);
    expect(lines.every((l) => typeof l.time === 'string' && typeof l.msg === 'string')).toBe(true);
  });
});
