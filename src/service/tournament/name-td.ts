/**
 * Naming the tournament's TD (issue 26 item 11, issue 25): at `tournament create --td`, in the
 * registration file (`"td": { "name", "email" }`), or later with `tournament td <slug> <address>`,
 * which replaces the TD named before. Audited (`tournament.td`); the TD is issued a secret of their
 * own (as every role is, role-secret.ts) and told by mail what the TD does by mail and how to prove
 * who they are (D.VII(5) HOLIDAY, D.VIII(1) APPROVE|REFUSE ROLLBACK).
 */
import { appendAudit } from '../../db/audit-log.js';
import { findOrInsertPerson, findPerson } from '../../db/people.js';
import type { Trx } from '../../db/schema.js';
import { insertTournamentMember, type Tournament } from '../../db/tournaments.js';
import { outboxKey } from '../../db/outbox.js';
import { queueMail } from '../../mail/outbound/queue-mail.js';
import { DEFAULT_POLICIES } from '../../db/games.js';
import { issueSecretIfNone, secretNote } from '../role-secret.js';
import { problems, type CommandResult } from '../command-result.js';

const EMAIL = /^[^@\s<>()]+@[^@\s<>()]+\.[^@\s<>()]+$/;

export interface TdNaming {
  readonly email: string;
  readonly name?: string | undefined;
}

/** Name `td` the TD of `t`, replacing any TD named before; audited, the TD mailed with a secret. */
export async function nameTournamentDirector(trx: Trx, t: Tournament, td: TdNaming, ctx: { actor: string; fromAddress: string; now: Date }): Promise<CommandResult> {
  const email = td.email.trim();
  if (!EMAIL.test(email)) return problems([`--td "${td.email}": give the TD's address, e.g. --td jane@example.org`]);
  const name = td.name?.trim() || email.split('@')[0]!;
  const person = (await findOrInsertPerson(trx, { name, email })).person;
  const before = await trx.selectFrom('tournament_members').select('person_id').where('tournament_id', '=', t.id).where('role', '=', 'td').execute();
  const previous = (await Promise.all(before.filter((r) => r.person_id !== person.id).map((r) => findPerson(trx, r.person_id)))).filter((p) => p !== undefined);
  if (before.some((r) => r.person_id === person.id) && previous.length === 0) {
    return { ok: true, text: `${person.name} <${person.email}> is the TD of ${t.slug} already; nothing changed.`, json: { tournament: t.slug, td: person.email, changed: false } };
  }
  if (previous.length > 0) await trx.deleteFrom('tournament_members').where('tournament_id', '=', t.id).where('role', '=', 'td').where('person_id', '<>', person.id).execute();
  if (!before.some((r) => r.person_id === person.id)) await insertTournamentMember(trx, { tournamentId: t.id, personId: person.id, role: 'td' });
  // Tournaments have no identity setting of their own: the default policy's (dmarc-or-secret).
  const secret = await issueSecretIfNone(trx, person, DEFAULT_POLICIES.identity);
  await queueMail(trx, ctx.fromAddress, {
    dedupeKey: outboxKey('td-named', t.slug, person.email.toLowerCase(), ctx.now.toISOString()),
    gameId: null,
    template: 'td-named',
    context: { tournament: { slug: t.slug, name: t.name }, td: { name: person.name, email: person.email }, previous: previous.map((p) => `${p.name} <${p.email}>`).join(', '), judge: ctx.fromAddress, secretNote: secretNote(secret, DEFAULT_POLICIES.identity, 'every TD command') },
    to: person.email,
  });
  await appendAudit(trx, { actor: ctx.actor, action: 'tournament.td', detail: { slug: t.slug, td: person.email, name: person.name, previous: previous.map((p) => p.email), secretIssued: secret !== undefined } });
  const was = previous.length > 0 ? ` (replacing ${previous.map((p) => `${p.name} <${p.email}>`).join(', ')})` : '';
  return { ok: true, text: `${person.name} <${person.email}> is the TD of ${t.slug}${was}; the TD has been mailed${secret ? ' a secret of their own' : ' (their secret on record stands)'}.`, json: { tournament: t.slug, td: person.email, previous: previous.map((p) => p.email), changed: true } };
}
