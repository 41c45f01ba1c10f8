/**
 * People: players, captains, GMs and the TD, one row per registered address (case-insensitive).
 */
import { sql } from 'kysely';
import { DbError } from './errors.js';
import type { Db, PersonRow } from './schema.js';
import { precompiled } from './precompiled.js';

/** A registered person. */
export interface Person {
  readonly id: number;
  readonly name: string;
  /** The registered address, as first written. */
  readonly email: string;
  /** IANA zone name used, after GMT, to show them times. */
  readonly timeZone: string;
  /** Hash of their per-player secret (D.X(6)), if one was issued. */
  readonly secretHash: string | null;
  readonly createdAt: Date;
  /**
   * Issue 27 (0029): the other registered address, where the judge tells them that mail to `email`
   * bounced. It only receives that notice: orders and commands count only from `email` (D.II(3), D.X(6)).
   */
  readonly alternateEmail: string | null;
}

/** A person to register. */
export interface NewPerson {
  readonly name: string;
  readonly email: string;
  /** Default `UTC`. */
  readonly timeZone?: string;
  /** The other registered address (issue 27), if any. */
  readonly alternateEmail?: string;
}

/** Map a row to a {@link Person}. */
export function personFromRow(row: PersonRow): Person {
  return { id: row.id, name: row.name, email: row.email, timeZone: row.time_zone, secretHash: row.secret_hash, createdAt: row.created_at, alternateEmail: row.alternate_email ?? null };
}

/** Insert a person; throws the database error (23505) when the address is registered already. */
export async function insertPerson(db: Db, p: NewPerson): Promise<Person> {
  const row = await db
    .insertInto('people')
    .values({ name: p.name, email: p.email, time_zone: p.timeZone, secret_hash: null, ...(p.alternateEmail ? { alternate_email: p.alternateEmail } : {}) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return personFromRow(row);
}

/** The person registered with `email` (case-insensitive), or `undefined`. */
/** Issue 29: compiled once (precompiled.ts). */
export const PERSON_BY_EMAIL = precompiled((db, p: { email: string }) => db.selectFrom('people').selectAll().where((eb) => eb(eb.fn('lower', ['email']), '=', p.email)));

export async function findPersonByEmail(db: Db, email: string): Promise<Person | undefined> {
  const row = await PERSON_BY_EMAIL.first(db, { email: email.toLowerCase() });
  return row && personFromRow(row);
}

/** The person with this id, or `undefined`. */
export async function findPerson(db: Db, id: number): Promise<Person | undefined> {
  const row = await db.selectFrom('people').selectAll().where('id', '=', id).executeTakeFirst();
  return row && personFromRow(row);
}

/** The people with these ids, by id, in one query. */
export async function findPeople(db: Db, ids: readonly number[]): Promise<Map<number, Person>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('people').selectAll().where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, personFromRow(r)]));
}

/**
 * The person registered with `p.email`, inserted if there is none (`created` says which). An
 * existing person keeps their name and zone: registration data is never overwritten silently.
 * Safe against a concurrent insert of the same address.
 */
export async function findOrInsertPerson(db: Db, p: NewPerson): Promise<{ person: Person; created: boolean }> {
  const insert = db
    .insertInto('people')
    .values({ name: p.name, email: p.email, time_zone: p.timeZone, secret_hash: null, ...(p.alternateEmail ? { alternate_email: p.alternateEmail } : {}) })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returningAll();
  // Issue 29 (a round's games created at once): the insert, and the registered row when it conflicted,
  // in one statement. The SELECT sees the rows committed when the statement began (and this
  // transaction's own), so a person another transaction registered meanwhile is read again below.
  const r = await sql<PersonRow & { created: boolean }>`
    WITH ins AS (${insert})
    SELECT ins.*, true AS created FROM ins
    UNION ALL
    SELECT pe.*, false AS created FROM people pe WHERE lower(pe.email) = lower(${p.email}) AND NOT EXISTS (SELECT 1 FROM ins)`.execute(db);
  const row = r.rows[0];
  if (row) {
    const { created, ...person } = row;
    return { person: personFromRow(person), created };
  }
  const existing = await findPersonByEmail(db, p.email);
  if (!existing) throw new DbError('not-found', `findOrInsertPerson: ${p.email} conflicted but is not there`);
  return { person: existing, created: false };
}

/** Record the hash of a person's new secret (the secret itself is never stored). */
export async function setPersonSecretHash(db: Db, id: number, secretHash: string | null): Promise<void> {
  await db.updateTable('people').set({ secret_hash: secretHash }).where('id', '=', id).execute();
}

/**
 * Set (or, with `null`, clear) a person's other registered address (issue 27). The caller checks
 * the address's form and that it is not the registered one (the table's CHECK refuses it too).
 */
export async function setAlternateEmail(db: Db, id: number, alternate: string | null): Promise<void> {
  await db.updateTable('people').set({ alternate_email: alternate }).where('id', '=', id).execute();
}

/** Why `alternate` cannot be `person`'s other address, or `undefined` when it can. Pure. */
export function alternateProblem(person: Pick<Person, 'email'>, alternate: string): string | undefined {
  if (!/^[^@\s]+@[^@\s]+$/.test(alternate)) return `"${alternate}" is not an address (ann@example.org)`;
  if (alternate.toLowerCase() === person.email.toLowerCase()) return `${alternate} is the registered address itself; the other address must be a different mailbox (it is where the judge writes when the registered one bounces)`;
  return undefined;
}

/**
 * A registration file's other address for `person` (issue 27): set when they have none; an
 * existing, different one is kept (registration data is never overwritten silently) and the note
 * says so. Returns the note, or `undefined`.
 */
export async function adoptAlternateEmail(db: Db, person: Person, alternate: string | undefined): Promise<string | undefined> {
  if (!alternate || person.alternateEmail?.toLowerCase() === alternate.toLowerCase()) return undefined;
  if (person.alternateEmail) return `${person.email} keeps the other address ${person.alternateEmail} (the file gives ${alternate}; change it with mailjudge person alternate)`;
  await setAlternateEmail(db, person.id, alternate);
  return undefined;
}
