/**
 * A person's other registered address (issue 27, sql/0029): set or cleared by the person by mail
 * (`OTHER ADDRESS …`, authenticated as every message of theirs is, as strongly as an order set:
 * D.II(3), D.X(6), docs/identity.md), by a TD or GM at the command line (`mailjudge person
 * alternate`), or by a registration file. The judge writes there only to tell the person that mail to
 * their registered address bounced; it never reads orders or commands from it.
 */
import { appendAudit } from '../db/audit-log.js';
import { alternateProblem, findPersonByEmail, setAlternateEmail, type Person } from '../db/people.js';
import type { Db, Trx } from '../db/schema.js';

export type AlternateChange =
  | { readonly ok: true; readonly before: string | null; readonly after: string | null }
  | { readonly ok: false; readonly problem: string };

/**
 * Set `person`'s other address to `alternate` (`null` clears it), audit-logged as `person.alternate`.
 * Refused (nothing changed) when it is not an address, is their registered address, or is another
 * person's registered address (the notice would tell a stranger of their bounces).
 */
export async function changeAlternateAddress(trx: Trx, person: Person, alternate: string | null, by: { readonly actor: string; readonly via: 'mail' | 'cli'; readonly inboundId?: number }): Promise<AlternateChange> {
  if (alternate !== null) {
    const problem = alternateProblem(person, alternate);
    if (problem) return { ok: false, problem };
    const other = await findPersonByEmail(trx, alternate);
    // Not named: by mail this answer must not tell anyone who is registered.
    if (other && other.id !== person.id) return { ok: false, problem: `${alternate} is the registered address of another person; give a mailbox of your own` };
  }
  const before = person.alternateEmail;
  if ((before ?? '').toLowerCase() !== (alternate ?? '').toLowerCase()) {
    await setAlternateEmail(trx, person.id, alternate);
    await appendAudit(trx, { actor: by.actor, action: 'person.alternate', detail: { person: person.email, before, after: alternate, via: by.via, ...(by.inboundId !== undefined ? { inboundId: by.inboundId } : {}) } });
  }
  return { ok: true, before, after: alternate };
}

/** `mailjudge person alternate <address> [<other>] [--clear]`: show, set or clear it. */
export async function runPersonAlternate(db: Db, address: string, other: string | undefined, clear: boolean, actor: string): Promise<{ ok: true; text: string; json: unknown } | { ok: false; problems: string[] }> {
  if (other !== undefined && clear) return { ok: false, problems: ['give the other address or --clear, not both'] };
  return db.transaction().execute(async (trx) => {
    const person = await findPersonByEmail(trx, address);
    if (!person) return { ok: false as const, problems: [`nobody is registered with ${address}: a person is registered by game create, tournament register or replace`] };
    if (other === undefined && !clear) {
      return { ok: true as const, text: `${person.name} <${person.email}>: ${person.alternateEmail ? `other address ${person.alternateEmail}` : 'no other address'}`, json: { email: person.email, name: person.name, alternateEmail: person.alternateEmail } };
    }
    const r = await changeAlternateAddress(trx, person, clear ? null : other!, { actor, via: 'cli' });
    if (!r.ok) return { ok: false as const, problems: [r.problem] };
    const text = r.after
      ? `${person.name} <${person.email}>: other address ${r.after} (was ${r.before ?? 'none'}). The judge writes there only when mail to ${person.email} bounces; orders count only from ${person.email}.`
      : `${person.name} <${person.email}>: no other address (was ${r.before ?? 'none'}).`;
    return { ok: true as const, text, json: { email: person.email, name: person.name, alternateEmail: r.after, before: r.before } };
  });
}
