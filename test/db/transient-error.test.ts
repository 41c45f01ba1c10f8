/**
 * Which failures the intake retries and which quarantine the message (issue 20): a failure of the
 * environment (SQLSTATE classes 08, 53, 57, 58; 40001, 40P01, 55P03; Node's socket errors;
 * node-postgres's coded-less connection errors; wrapped or aggregated) is temporary, anything else
 * (a constraint, invalid input, a bug) recurs with the same bytes. Pure.
 */
import { describe, expect, it } from 'vitest';
import { describeFailure, isConnectionLost, isTransientFailure } from '../../src/db/transient-error.js';

const pg = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isTransientFailure', () => {
  // prettier-ignore
  it.each([
    // what                                         error                                                                     temporary
    ['08006 connection failure',                    pg('08006'),                                                               true],
    ['57P01 admin shutdown',                        pg('57P01', 'terminating connection due to administrator command'),       true],
    ['57P03 cannot connect now',                    pg('57P03', 'the database system is starting up'),                        true],
    ['53300 too many connections',                  pg('53300'),                                                               true],
    ['58030 io error',                              pg('58030'),                                                               true],
    ['40001 serialization failure',                 pg('40001'),                                                               true],
    ['40P01 deadlock',                              pg('40P01'),                                                               true],
    ['55P03 lock not available',                    pg('55P03'),                                                               true],
    ['ECONNREFUSED',                                pg('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),                 true],
    ['ECONNRESET',                                  pg('ECONNRESET'),                                                          true],
    ['EPIPE: a write to a closed unix socket',      Object.assign(pg('EPIPE', 'write EPIPE'), { errno: -32, syscall: 'write' }), true], // five capitals, not a SQLSTATE (stop 46)
    ['EPIPE wrapped',                               new Error('could not store', { cause: pg('EPIPE', 'write EPIPE') }),       true],
    ['ENOENT on connect: the unix socket is gone',  Object.assign(pg('ENOENT', 'connect ENOENT /s/.s.PGSQL.5432'), { syscall: 'connect' }), true],
    ['an AggregateError of refused connections',    new AggregateError([pg('ECONNREFUSED'), pg('ECONNREFUSED')], ''),          true],
    ['"Connection terminated unexpectedly"',        new Error('Connection terminated unexpectedly'),                          true],
    ['pool timeout',                                new Error('timeout exceeded when trying to connect'),                     true],
    ['a wrapped connection error',                  new Error('could not store', { cause: pg('57P01') }),                       true],
    ['23514 check violation',                       pg('23514', 'new row for relation "outbox" violates check constraint'),    false],
    ['23505 unique violation',                      pg('23505'),                                                               false],
    ['22P05 untranslatable character (a NUL)',      pg('22P05', 'unsupported Unicode escape sequence'),                       false],
    ['22021 invalid byte sequence',                 pg('22021'),                                                               false],
    ['42703 undefined column (a bug)',              pg('42703'),                                                               false],
    ['a TypeError (a bug)',                         new TypeError("Cannot read properties of undefined (reading 'x')"),        false],
    ['ENOENT (a missing template)',                 pg('ENOENT'),                                                              false],
    ['not an error at all',                         'a string',                                                                false],
  ])('%s: %s', (_what, error, temporary) => {
    expect(isTransientFailure(error)).toBe(temporary);
  });
});

describe('isConnectionLost', () => {
  // prettier-ignore
  it.each([
    ['EPIPE',                                       pg('EPIPE', 'write EPIPE'),                                               true],
    ['ECONNRESET',                                  pg('ECONNRESET', 'read ECONNRESET'),                                      true],
    ['57P01 admin shutdown (TCP: read before the close)', pg('57P01', 'terminating connection due to administrator command'), true],
    ['08006 connection failure',                    pg('08006'),                                                               true],
    ['"Connection terminated unexpectedly"',        new Error('Connection terminated unexpectedly'),                          true],
    ['not queryable',                               new Error('Client has encountered a connection error and is not queryable'), true],
    ['57014 statement timeout: the connection lives', pg('57014', 'canceling statement due to statement timeout'),           false],
    ['40001 serialization failure',                 pg('40001'),                                                               false],
    ['23505 unique violation',                      pg('23505'),                                                               false],
    ['a TypeError',                                 new TypeError('x'),                                                        false],
  ])('%s: %s', (_what, error, lost) => {
    expect(isConnectionLost(error)).toBe(lost);
  });
});

describe('describeFailure', () => {
  it('names the code and the message on one line', () => {
    expect(describeFailure(pg('23514', 'new row for relation "outbox"\n violates check constraint "x"'))).toBe('[23514] new row for relation "outbox" violates check constraint "x"');
    expect(describeFailure(new AggregateError([pg('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432')], ''))).toBe('[ECONNREFUSED] connect ECONNREFUSED ::1:5432');
    expect(describeFailure('plain')).toBe('plain');
  });
});
