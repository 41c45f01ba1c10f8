/**
 * `mailjudge reproduce` decides again from the DNS answers the judge had, not from a new lookup
 * (issue 30, stop 47): the whole-event rehearsal's record held a set whose SPF lookup had timed out
 * (`spf=temperror`), and the replay, asking DNS again a day later, got `spf=none`, so the decision's
 * identity evidence differed and the event could not be reproduced. DNS answers are an input of the
 * decision like the message's bytes; the decision keeps every verdict, and the replay uses them.
 */
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGameCreate } from '../../../src/cli/commands/game-create.js';
import { formatReproduce, reproduceInto } from '../../../src/cli/reproduce/reproduce.js';
import { DEFAULT_POLICIES } from '../../../src/db/games.js';
import { POWERS } from '../../../src/diplomacy/index.js';
import { receiveMessage } from '../../../src/service/intake/receive-message.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';
import { JUDGE } from '../../service/sim.js';

const G = 'dns-a';
const FRANCE = 'france@dns.example';
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

const dnsError = (code: string) => Object.assign(new Error(`query ${code}`), { code });

describe('reproduce: the sender authentication the judge had', () => {
  it('replays a set whose SPF lookup timed out at receipt as it was decided, without asking DNS again', { timeout: 60_000 }, async () => {
    const now = new Date('2030-03-05T12:00:00Z');
    const created = await runGameCreate(t.db, {
      id: G, address: `${G}@judge.example.org`, gm: { email: `gm@${G}.example.org`, name: 'GM' }, rules: 'wm', endYear: 1909, policies: DEFAULT_POLICIES,
      tournament: undefined, round: undefined, board: G, deadline: new Date('2030-03-08T12:00:00Z'),
      players: POWERS.map((power) => ({ power, name: `${power} player`, email: power === 'FRANCE' ? FRANCE : `${power.toLowerCase()}@${G}.example.org`, timeZone: 'UTC', where: power })),
    }, 'cli:gm', now, JUDGE);
    expect(created.ok).toBe(true);

    // At receipt: the SPF lookup of dns.example times out; the domain publishes no DMARC.
    const atReceipt = async (name: string) => {
      throw dnsError(name === 'dns.example' ? 'ETIMEOUT' : 'ENOTFOUND');
    };
    const raw = await new MailComposer({ from: FRANCE, to: `${G}@judge.example.org`, subject: 'orders', text: 'A PAR H\nA MAR H\nF BRE H', messageId: '<dns-1@dns.example>' }).compile().build();
    const envelope = { ip: '192.0.2.10', helo: 'mail.dns.example', mailFrom: FRANCE };
    await receiveMessage(t.db, { fromAddress: JUDGE, now: () => now, auth: { resolver: atReceipt } }, { raw, receivedAt: now, source: 'smtp', envelope });
    const [decision] = await t.db.selectFrom('inbound_decisions').select(['identity', 'outcome']).where('game_id', '=', G).execute();
    // Every verdict is kept with the decision: DKIM, SPF (the timeout), DMARC, the signing domains,
    // the DMARC policy (none published) and the From domain.
    expect(decision!.identity).toMatchObject({ dkim: 'none', spf: 'temperror', dmarc: 'none', dkimDomains: [], dmarcPolicy: null, fromDomain: 'dns.example' });

    // The replay's DNS answers at once that dns.example publishes nothing: asked again, SPF would be `none`.
    const asked: string[] = [];
    const later = async (name: string, rrtype: string) => {
      asked.push(`${rrtype} ${name}`);
      throw dnsError('ENOTFOUND');
    };
    const fresh = await createTestDatabase();
    await migrateQueue(fresh.url);
    const r = await reproduceInto(t.db, fresh.db, [G], { fromAddress: JUDGE, auth: { resolver: later } });
    console.log(formatReproduce(r));
    const [replayed] = await fresh.db.selectFrom('inbound_decisions').select(['identity', 'outcome']).where('game_id', '=', G).execute();
    await fresh.close();
    expect(r).toMatchObject({ kind: 'matched', failures: [] });
    expect(replayed).toEqual(decision);
    expect(asked).toEqual([]); // decided from the record's verdicts
  });
});
