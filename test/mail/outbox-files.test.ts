/**
 * The file outbox after a crash (issue 20): a process killed while writing an `.eml` used to leave
 * `….eml.tmp-<pid>` beside the mail for good. Mail is now written in `outbox/.partial/` and renamed
 * into place, and starting a transport removes what dead writers left (in `.partial/` and the old
 * `.tmp-<pid>` files), but not a live process's write in progress, unless it is stale. A real
 * process is SIGKILLed to get a dead writer's pid.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_PARTIAL_WRITE_MS } from '../../src/rules/limits.js';
import { createTransport, PARTIAL_DIR } from '../../src/mail/outbound/send.js';
import type { OutboxMail } from '../../src/db/outbox.js';

let dir: string;
let deadPid: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mj-outbox-files-'));
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
  deadPid = child.pid!;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const mail: OutboxMail = {
  id: 7, dedupeKey: 'ack:7', gameId: 'g1', kind: 'orders-received', fromAddress: null, to: 'ann@example.org', subject: 'hi', bodyText: 'body\n',
  headers: {}, attachments: [], messageId: 'abc@judge.example.org', status: 'pending', attempts: 0, lastError: null, createdAt: new Date('2030-01-02T03:04:05Z'), sentAt: null,
};

describe('the file outbox', () => {
  it('removes the leftovers of dead or stale writers at start and keeps a live write in progress', async () => {
    const partial = join(dir, PARTIAL_DIR);
    mkdirSync(partial, { recursive: true });
    const files = {
      mail: join(dir, '2030-01-01-orders-received-1-bob@example.org.eml'),
      oldLeftover: join(dir, `2030-01-01-orders-received-2-bob@example.org.eml.tmp-${deadPid}`),
      deadWriter: join(partial, `2030-01-01-orders-received-3-bob@example.org.eml.${deadPid}`),
      liveWriter: join(partial, `2030-01-01-orders-received-4-bob@example.org.eml.${process.pid}`),
      staleLiveWriter: join(partial, `2030-01-01-orders-received-5-bob@example.org.eml.${process.pid}`),
      notOurs: join(dir, 'notes.txt'),
    };
    for (const f of Object.values(files)) writeFileSync(f, 'From: x\r\n\r\nhalf a mai');
    const old = (Date.now() - STALE_PARTIAL_WRITE_MS - 60_000) / 1000;
    utimesSync(files.staleLiveWriter, old, old);

    const transport = createTransport({ from: 'judge@judge.example.org', outboxDir: dir });
    expect(existsSync(files.oldLeftover)).toBe(false);
    expect(existsSync(files.deadWriter)).toBe(false);
    expect(existsSync(files.staleLiveWriter)).toBe(false);
    expect(existsSync(files.liveWriter)).toBe(true);
    expect(existsSync(files.mail)).toBe(true);
    expect(existsSync(files.notOurs)).toBe(true);

    // A mail is written through .partial/ and only its finished file is beside the others.
    await transport.send(mail);
    expect(readdirSync(dir).sort()).toEqual(['.partial', '2030-01-01-orders-received-1-bob@example.org.eml', '2030-01-02-orders-received-7-ann@example.org.eml', 'notes.txt']);
    expect(readdirSync(partial)).toEqual([`2030-01-01-orders-received-4-bob@example.org.eml.${process.pid}`]);
  });
});
