/**
 * Issue 25 (7): the GM's digest names every mail the judge could not deliver that no digest has named
 * yet (outbox.gm_reported_at, migration 0019), once; digests due at one tick are one mail.
 *
 * The mails are the calendar's own reminders, sent by the real send-mail task through nodemailer to
 * a real SMTP server in the test (smtp-server as the smarthost, our peer, as in smtp-faults.test.ts)
 * that answers 550 for some addresses. The failures happen long before the game's last results (the
 * game's clock is in 2030, the failures are stamped now), which is what the old "since the last
 * results" window missed.
 */
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCalendarSettings } from '../../src/db/calendar-settings.js';
import { createTransport, type MailTransport } from '../../src/mail/outbound/send.js';
import { calendarTickTask } from '../../src/service/diplomacy/calendar-tick.js';
import { sendMailTask } from '../../src/worker/tasks/send-mail.js';
import { migrateQueue } from '../../src/worker/queue.js';
import { freePort } from '../helpers/free-port.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';
import { calendarGame, mails } from './fixtures.js';
import { JUDGE } from './sim.js';

const GAME = 'dfail';
const HOUR = 3_600_000;
const D = new Date('2030-06-07T12:00:00Z'); // the S1901M deadline
const at = (hoursBefore: number) => new Date(D.getTime() - hoursBefore * HOUR);
let t: TestDatabase;
let server: SMTPServer;
let transport: MailTransport;
/** The local parts the smarthost refuses with 550 (changed between the rounds). */
let refuse = new Set<string>();

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
  const port = await freePort();
  server = new SMTPServer({
    disableReverseLookup: true, authOptional: true, disabledCommands: ['STARTTLS', 'AUTH'], logger: false,
    onRcptTo(address, _session, cb) {
      const local = address.address.toLowerCase().split('@')[0]!;
      if (refuse.has(local)) return cb(Object.assign(new Error('5.1.1 No such user here'), { responseCode: 550 }));
      cb();
    },
    onData(stream, _session, cb) {
      stream.on('end', () => cb());
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  transport = createTransport({ from: JUDGE, outboxDir: '/nonexistent', smtpUrl: `smtp://127.0.0.1:${port}`, timeouts: { connection: 2_000, greeting: 2_000, socket: 2_000 } });
});
afterAll(async () => {
  transport?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t?.close();
});

const tick = (now: Date) => calendarTickTask(t.db, { now: () => now, fromAddress: JUDGE });

/** Send every pending mail of the game once, as the send-mail job does (a 550 fails it for good). */
async function sendPending(): Promise<void> {
  const rows = await t.db.selectFrom('outbox').select('id').where('game_id', '=', GAME).where('status', '=', 'pending').orderBy('id').execute();
  for (const r of rows) await sendMailTask(t.db, transport, { outboxId: r.id }).catch(() => {});
}

/** The lines of the digest's "could not deliver" section. */
function undeliveredLines(body: string): string[] {
  const start = body.indexOf('Mail the judge could not deliver');
  if (start < 0) return [];
  const lines: string[] = [];
  for (const line of body.slice(start).split('\n').slice(1)) {
    if (!line.startsWith('  ')) break;
    lines.push(line);
  }
  return lines;
}

describe("the GM's digest and undelivered mail", () => {
  it('names all three 550-refused mails in the next digest and not in the one after; two digests due at one tick are one mail', async () => {
    await calendarGame(t.db, GAME, { deadline: D });
    // Reminders 24 h and 6 h before the deadline; digests 12 h and 2 h before it, and daily at 00:00
    // in the GM's zone (UTC): the 12-hour digest (2030-06-07 00:00 GMT) falls on the daily one.
    await saveCalendarSettings(t.db, GAME, { turnHours: {}, reminderLeadHours: [24, 6], digestLeadHours: [12, 2], digestTimes: ['00:00'] }, at(100));

    // Round 1: the 24-hour reminders go to the seven players; the smarthost refuses three of them.
    refuse = new Set([`${GAME}-italy`, `${GAME}-england`, `${GAME}-turkey`]);
    await tick(at(24));
    await sendPending();
    const failed1 = await t.db.selectFrom('outbox').select(['to_address']).where('game_id', '=', GAME).where('status', '=', 'failed').execute();
    expect(failed1.map((r) => r.to_address).sort()).toEqual([`${GAME}-england@example.org`, `${GAME}-italy@example.org`, `${GAME}-turkey@example.org`]);

    // 12 h before: the before-deadline digest and the daily digest are due at this one tick.
    const report = await tick(at(12));
    expect(report.digests).toBe(1);
    let digests = await mails(t.db, GAME, 'gm-digest');
    expect(digests.map((m) => m.to)).toEqual([`${GAME}-gm@example.org`]);
    const first = undeliveredLines(digests[0]!.body);
    // Three failed reminders, each named once, with the smarthost's answer.
    expect(first).toHaveLength(3);
    for (const who of ['italy', 'england', 'turkey']) {
      expect(first.filter((l) => l.includes(`to ${GAME}-${who}@example.org:`) && l.includes('550'))).toHaveLength(1);
    }
    // Both keys are recorded: neither digest comes again a minute later.
    await tick(new Date(at(12).getTime() + 60_000));
    expect(await mails(t.db, GAME, 'gm-digest')).toHaveLength(1);

    // Round 2: the 6-hour reminders; now only Germany's is refused.
    refuse = new Set([`${GAME}-germany`]);
    await tick(at(6));
    await sendPending();
    await tick(at(2));
    digests = await mails(t.db, GAME, 'gm-digest');
    expect(digests).toHaveLength(2);
    const second = undeliveredLines(digests[1]!.body);
    // Only the new failure: the three named in the first digest are not named again.
    expect(second).toHaveLength(1);
    expect(second[0]).toContain(`to ${GAME}-germany@example.org:`);
    const unreported = await t.db.selectFrom('outbox').select('id').where('game_id', '=', GAME).where('status', '=', 'failed').where('gm_reported_at', 'is', null).execute();
    expect(unreported).toEqual([]);
    console.log(`digest-failures: first digest named ${first.length} undelivered mails (2 digests due at that tick, 1 sent), the next named ${second.length}`);
  });
});
