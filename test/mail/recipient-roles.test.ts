/**
 * Issue 29: the SMTP listener's RCPT TO question (src/mail/sources/recipient-roles.ts) on the real
 * database, with a clock of the test's own: a found address is remembered for the window and asked
 * again after it (an address retired by hand is refused once the window has passed), a refusal is
 * never remembered (a game created a moment ago is accepted at once), concurrent questions share one
 * lookup, and a failed lookup is not remembered.
 */
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGame } from '../../src/db/games.js';
import type { Db } from '../../src/db/schema.js';
import { recipientRoles } from '../../src/mail/sources/recipient-roles.js';
import { person } from '../helpers/db-fixtures.js';
import { mailPrefix } from '../helpers/mail-servers.js';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db.js';

const PREFIX = mailPrefix(import.meta.url);
const JUDGE = 'judge@judge.example.org';
const CONFIRM = `${PREFIX}-confirm@judge.example.org`;
const addressOf = (id: string) => `${id}@judge.example.org`;

let t: TestDatabase;
/** The test's database handle, counting the statements sent through it. */
let db: Db;
let statements = 0;
let gm: number;

beforeAll(async () => {
  t = await createTestDatabase();
  const counting: KyselyPlugin = {
    transformQuery: (args) => (statements++, args.node),
    transformResult: async (args) => args.result,
  };
  db = t.db.withPlugin(counting);
  gm = (await person(t.db, `${PREFIX}-gm`)).id;
});
afterAll(async () => {
  await t.close();
});

const newGame = (id: string) => insertGame(t.db, { id, boardName: id, address: addressOf(id), gmPersonId: gm, status: 'active' });
/** A clock the test moves by hand (ms). */
const clock = () => {
  const c = { ms: 1_000, now: () => c.ms };
  return c;
};

describe('recipientRoles', () => {
  it('answers confirm, game, a reply address of a game, and undefined for the rest', async () => {
    const id = `${PREFIX}-a`;
    await newGame(id);
    const roles = recipientRoles(db, { confirmAddress: CONFIRM.toUpperCase(), fromAddress: JUDGE });
    expect(await roles(CONFIRM)).toBe('confirm');
    expect(await roles(addressOf(id))).toBe('game');
    expect(await roles(`judge+${id}.abcdefgh@judge.example.org`)).toBe('game');
    expect(await roles(`judge+${PREFIX}-nosuch.abcdefgh@judge.example.org`)).toBeUndefined();
    expect(await roles(`${PREFIX}-nosuch@judge.example.org`)).toBeUndefined();
  });

  it('remembers a found address for the window: no statement within it, asked again after it; an address retired meanwhile is refused once the window has passed', async () => {
    const id = `${PREFIX}-retired`;
    await newGame(id);
    const c = clock();
    const roles = recipientRoles(db, { fromAddress: JUDGE }, { ttlMs: 5_000, now: c.now });
    const before = statements;
    expect(await roles(addressOf(id))).toBe('game');
    expect(statements - before).toBe(1);
    // Retired by hand (the judge itself never changes a game's address).
    await t.db.updateTable('games').set({ address: addressOf(`${id}-moved`) }).where('id', '=', id).execute();
    c.ms += 4_999;
    expect(await roles(addressOf(id))).toBe('game'); // inside the window: the remembered answer, no statement
    expect(statements - before).toBe(1);
    c.ms += 1;
    expect(await roles(addressOf(id))).toBeUndefined(); // the window has passed: asked again, refused
    expect(statements - before).toBe(2);
    expect(await roles(addressOf(`${id}-moved`))).toBe('game');
  });

  it('never remembers a refusal: a game created after its address was refused is accepted at once', async () => {
    const id = `${PREFIX}-new`;
    const c = clock();
    const roles = recipientRoles(db, { fromAddress: JUDGE }, { now: c.now });
    expect(await roles(addressOf(id))).toBeUndefined();
    await newGame(id);
    expect(await roles(addressOf(id))).toBe('game'); // same instant: nothing remembered the refusal
  });

  it('asks once for concurrent questions about one address, and at most maxEntries are remembered (the oldest goes)', async () => {
    const ids = [`${PREFIX}-c1`, `${PREFIX}-c2`, `${PREFIX}-c3`];
    for (const id of ids) await newGame(id);
    const c = clock();
    const roles = recipientRoles(db, {}, { maxEntries: 2, now: c.now });
    let before = statements;
    expect(await Promise.all(Array.from({ length: 10 }, () => roles(addressOf(ids[0]!))))).toEqual(Array(10).fill('game'));
    expect(statements - before).toBe(1);
    await roles(addressOf(ids[1]!));
    await roles(addressOf(ids[2]!)); // a third: the first is forgotten
    before = statements;
    expect(await roles(addressOf(ids[2]!))).toBe('game');
    expect(await roles(addressOf(ids[1]!))).toBe('game');
    expect(statements - before).toBe(0);
    expect(await roles(addressOf(ids[0]!))).toBe('game');
    expect(statements - before).toBe(1);
  });

  it('does not remember a failed lookup: the next question asks again', async () => {
    const id = `${PREFIX}-fails`;
    await newGame(id);
    let fail = true;
    const failing: KyselyPlugin = {
      transformQuery: (args) => {
        if (fail) throw new Error('the database is down');
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const roles = recipientRoles(t.db.withPlugin(failing), {});
    await expect(roles(addressOf(id))).rejects.toThrow('the database is down');
    fail = false;
    expect(await roles(addressOf(id))).toBe('game');
  });

  it('with ttlMs 0 remembers nothing', async () => {
    const id = `${PREFIX}-ttl0`;
    await newGame(id);
    const roles = recipientRoles(db, {}, { ttlMs: 0 });
    const before = statements;
    await roles(addressOf(id));
    await roles(addressOf(id));
    expect(statements - before).toBe(2);
  });
});
