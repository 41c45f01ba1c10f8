/**
 * Issue 26 item 11: the tournament's TD is named at `tournament create --td`, in the registration
 * file, and changed later with `tournament td` — audited, and the TD mailed a secret of their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRegistration } from '../../../src/cli/registration-file.js';
import { runTournamentRegister } from '../../../src/cli/commands/tournament-td.js';
import { runTournamentCreate, runTournamentTd } from '../../../src/cli/commands/tournament.js';
import { findPersonByEmail } from '../../../src/db/people.js';
import { findTournamentBySlug } from '../../../src/db/tournaments.js';
import { verifySecret } from '../../../src/mail/inbound/identity.js';
import { findTds } from '../../../src/service/game-people.js';
import { migrateQueue } from '../../../src/worker/queue.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-db.js';

let t: TestDatabase;
const JUDGE = 'judge@judge.example.org';
const now = new Date('2030-01-01T00:00:00Z');

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateQueue(t.url);
});
afterAll(async () => t.close());

const tdsOf = async (slug: string) => (await findTds(t.db, { tournamentId: (await findTournamentBySlug(t.db, slug))!.id })).map((p) => p.email);
const tdMail = (to: string) => t.db.selectFrom('outbox').select(['subject', 'body_text']).where('kind', '=', 'td-named').where('to_address', '=', to).execute();
const audits = () => t.db.selectFrom('audit_log').select('detail').where('action', '=', 'tournament.td').orderBy('id').execute();

describe('naming the TD', () => {
  it('at create, then changed with tournament td: audited, each TD mailed a secret', async () => {
    expect(await runTournamentCreate(t.db, { slug: 'ntd', name: 'Named TD Cup', td: { email: 'jane@example.org', name: 'Jane Roe' } }, 'cli', { fromAddress: JUDGE, now })).toMatchObject({ ok: true });
    expect(await tdsOf('ntd')).toEqual(['jane@example.org']);
    const [jane] = await tdMail('jane@example.org');
    expect(jane!.subject).toBe('[ntd] You are the Tournament Director of Named TD Cup');
    const secret = /Your secret: (\S+)/.exec(jane!.body_text)![1]!;
    expect(verifySecret(secret, (await findPersonByEmail(t.db, 'jane@example.org'))!.secretHash!)).toBe(true);

    const r = await runTournamentTd(t.db, 'ntd', { email: 'joe@example.org', name: 'Joe Bloggs' }, 'cli', { fromAddress: JUDGE, now });
    expect(r).toMatchObject({ ok: true, text: 'Joe Bloggs <joe@example.org> is the TD of ntd (replacing Jane Roe <jane@example.org>); the TD has been mailed a secret of their own.' });
    expect(await tdsOf('ntd')).toEqual(['joe@example.org']);
    expect((await tdMail('joe@example.org'))[0]!.body_text).toContain('replacing Jane Roe <jane@example.org>');
    expect((await audits()).map((a) => a.detail)).toEqual([
      expect.objectContaining({ slug: 'ntd', td: 'jane@example.org', previous: [], secretIssued: true }),
      expect.objectContaining({ slug: 'ntd', td: 'joe@example.org', previous: ['jane@example.org'], secretIssued: true }),
    ]);
    // Naming the same TD again changes nothing.
    expect(await runTournamentTd(t.db, 'ntd', { email: 'joe@example.org' }, 'cli', { fromAddress: JUDGE, now })).toMatchObject({ ok: true, json: { changed: false } });
    expect(await runTournamentTd(t.db, 'ntd', { email: 'not an address' }, 'cli', { fromAddress: JUDGE, now })).toMatchObject({ ok: false });
  });

  it('from the registration file\'s td', async () => {
    await runTournamentCreate(t.db, { slug: 'rtd', name: 'Registered TD Cup' }, 'cli');
    const reg = parseRegistration(JSON.stringify({ individuals: [{ name: 'Ann', email: 'ann@example.org' }], td: { name: 'Ria', email: 'ria@example.org' } }), 'json');
    expect(reg.ok).toBe(true);
    if (!reg.ok) return;
    expect(await runTournamentRegister(t.db, 'rtd', reg.value, 'cli', { fromAddress: JUDGE, now })).toMatchObject({ ok: true });
    expect(await tdsOf('rtd')).toEqual(['ria@example.org']);
    expect(await tdMail('ria@example.org')).toHaveLength(1);
  });
});
