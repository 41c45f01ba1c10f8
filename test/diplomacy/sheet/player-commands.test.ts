/**
 * Issue #15: the questions a player asks by email (POSITION, HISTORY [PHASE], SUMMARY, ORDERS,
 * DEADLINE, STATUS, HELP). A line is a command only when it is one, whole; a message of commands is no
 * order set, so it never replaces the set that stands (D.III(3)); a message of one unknown word gets
 * the list of commands, never a guess.
 */
import { describe, expect, it } from 'vitest';
import { RULE_PROFILES } from '../../../src/diplomacy/index.js';
import { OFFICIAL_ABBREVIATIONS, createProvinceLookup, parseOrderSheet, readRequest, readUnknownCommand } from '../../../src/diplomacy/sheet/index.js';
import { STANDARD_MAP } from '../../../src/diplomacy/index.js';
import { START } from './sheet-helpers.js';

const lookup = createProvinceLookup(STANDARD_MAP, OFFICIAL_ABBREVIATIONS);
const sheet = (text: string) => parseOrderSheet(text, { state: START, power: 'FRANCE', rules: RULE_PROFILES.wm });

describe('readRequest: player commands', () => {
  // prettier-ignore
  it.each([
    ['POSITION',        { kind: 'position' }],
    ['position.',       { kind: 'position' }],
    ['SUMMARY',         { kind: 'summary' }],
    ['ORDERS',          { kind: 'orders' }],
    ['Deadline',        { kind: 'deadline' }],
    ['HISTORY',         { kind: 'history' }],
    ['HISTORY S1901M',  { kind: 'history', phase: 'S1901M' }],
    ['history f1901r',  { kind: 'history', phase: 'F1901R' }],
    ['STATUS',          { kind: 'status' }],
    ['HELP',            { kind: 'help' }],
    ['HISTORY 1901',    undefined],
    ['Orders:',         undefined],
    ['my orders',       undefined],
    ['position of A PAR', undefined],
  ])('%j', (line, expected) => {
    expect(readRequest(line, lookup)).toEqual(expected);
  });
});

describe('a message of commands is no order set (D.III(3))', () => {
  // prettier-ignore
  it.each([
    ['POSITION',                          false, ['position']],
    ['HISTORY S1901M\nSUMMARY',           false, ['history', 'summary']],
    ['DEADLINE\nORDERS',                  false, ['deadline', 'orders']],
    ['ORDERS\nA PAR - BUR\nF BRE - MAO',  true,  ['orders']],
    ['A PAR - BUR\nPOSITION',             true,  ['position']],
  ])('%j', (text, isSet, kinds) => {
    const s = sheet(text);
    expect(s.isSet).toBe(isSet);
    expect(s.requests.map((r) => r.kind)).toEqual(kinds);
    expect(s.issues).toEqual([]);
  });

  it('keeps the phase asked for', () => {
    expect(sheet('history s1902m').requests).toMatchObject([{ kind: 'history', phase: 'S1902M' }]);
  });
});

describe('MAPS (issue 29): which pictures come with the reader\'s results', () => {
  // prettier-ignore
  it.each([
    ['MAPS WIDE',   'wide'],
    ['maps phone',  'phone'],
    ['Maps: mobile', 'phone'],
    ['MAPS BOTH',   'both'],
    ['MAPS ALL',    'both'],
    ['MAPS NONE',   'none'],
    ['maps off.',   'none'],
  ])('%j chooses %s', (line, choice) => {
    expect(readRequest(line, lookup)).toEqual({ kind: 'maps', maps: choice });
  });

  it('a MAPS line naming none of the four is still a MAPS request, with no choice (answered with the forms)', () => {
    expect(readRequest('MAPS', lookup)).toEqual({ kind: 'maps' });
    expect(readRequest('MAPS BIG', lookup)).toEqual({ kind: 'maps' });
    expect(sheet('MAPS PHONE').requests).toEqual([{ line: 1, kind: 'maps', written: 'MAPS PHONE', maps: 'phone' }]);
    expect(sheet('MAPS PHONE').isSet).toBe(false);
  });

  it('MAP alone is still the position as a picture', () => {
    expect(readRequest('MAP', lookup)).toEqual({ kind: 'map' });
  });
});

describe('readUnknownCommand', () => {
  // prettier-ignore
  it.each([
    ['MAPP',                  'MAPP'],
    ['HISTROY S1901M',        'HISTROY S1901M'],
    ['Positions',             'Positions'],
    ['POSITION',              undefined],  // a command
    ['A PAR - BUR',           undefined],  // an order
    ['Could you tell me where my units are?', undefined], // conversation, not a command
    ['MAPP\nA PAR - BUR',     undefined],  // a set with another line
    ['PRESS TO ALL: hi',      undefined],
  ])('%j', (text, expected) => {
    expect(readUnknownCommand(sheet(text).lines)).toBe(expected);
  });
});
