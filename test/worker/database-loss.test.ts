/**
 * Issue 25, item 8 (and 29: the embedded server through its unix socket): which errors mean the
 * judge has lost its database, by table.
 */
import { describe, expect, it } from 'vitest';
import { databaseLoss } from '../../src/worker/database-loss.js';

const err = (code: string, message: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(message), { code }, extra);

describe('databaseLoss', () => {
  // prettier-ignore
  it.each([
    // what                                                 error                                                                                                      the database's port  lost
    ['57P01 admin shutdown',                                err('57P01', 'terminating connection due to administrator command'),                                      5432,      true],
    ['ECONNREFUSED on the database\'s TCP port',            err('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432', { port: 5432, syscall: 'connect' }),           5432,      true],
    ['ECONNREFUSED on another port (a smarthost)',          err('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:25', { port: 25, syscall: 'connect' }),               5432,      false],
    ['the unix socket gone (ENOENT on connect)',            err('ENOENT', 'connect ENOENT /d/pgdata/.s.PGSQL.5432', { address: '/d/pgdata/.s.PGSQL.5432', syscall: 'connect' }), 5432, true],
    ['a socket refusing (ECONNREFUSED, a stale file)',      err('ECONNREFUSED', 'connect ECONNREFUSED /d/pgdata/.s.PGSQL.5432', { address: '/d/pgdata/.s.PGSQL.5432', syscall: 'connect' }), 5432, true],
    ['another server\'s socket',                            err('ENOENT', 'connect ENOENT /d/pgdata/.s.PGSQL.6000', { address: '/d/pgdata/.s.PGSQL.6000', syscall: 'connect' }), 5432, false],
    ['ENOENT reading a file',                               err('ENOENT', 'no such file or directory, open \'/x/template.hbs\'', { syscall: 'open' }),                5432,      false],
    ['23505 unique violation',                              err('23505', 'duplicate key value'),                                                                      5432,      false],
  ])('%s', (_what, error, port, lost) => {
    expect(databaseLoss(error, port) !== undefined).toBe(lost);
  });
});
