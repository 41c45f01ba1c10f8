/** The GM's email commands (njudge style), read from lines: table tests. */
import { describe, expect, it } from 'vitest';
import { readGmCommands } from '../../../src/diplomacy/conduct/gm-commands.js';

const read = (...lines: string[]) => readGmCommands(lines.map((text, i) => ({ line: i + 1, text })));

describe('readGmCommands', () => {
  it.each([
    ['PROCESS S1901M', { kind: 'process', phase: 'S1901M' }],
    ['process f1903r', { kind: 'process', phase: 'F1903R' }],
    ['PROCESS S1901M OVERRIDE TD ruling: restart after the outage', { kind: 'process', phase: 'S1901M', override: 'TD ruling: restart after the outage' }],
    ['process s1901m override', { kind: 'process', phase: 'S1901M', override: '' }],
    ['STATUS', { kind: 'status' }],
    ['help', { kind: 'help' }],
    ['EXTEND 24', { kind: 'extend', hours: 24, refuse: false }],
    ['extend 48 hours', { kind: 'extend', hours: 48, refuse: false }],
    ['EXTEND ITALY', { kind: 'extend', power: 'ITALY', refuse: false }],
    ['Extend Italy 12', { kind: 'extend', power: 'ITALY', hours: 12, refuse: false }],
    ['REFUSE EXTENSION TURKEY', { kind: 'extend', power: 'TURKEY', refuse: true }],
    ['DEADLINE 2030-05-10T18:00Z', { kind: 'deadline', at: '2030-05-10T18:00Z', consent: false }],
    ['deadline 2030-05-10T18:00+02:00 consent', { kind: 'deadline', at: '2030-05-10T18:00+02:00', consent: true }],
  ])('%s', (line, command) => {
    expect(read(line)).toEqual({ commands: [command], unknown: [] });
  });

  it.each(['PROCESS spring', 'EXTEND forever', 'EXTEND PRUSSIA', 'DEADLINE friday', 'REFUSE EXTENSION', 'ROLLBACK S1901', 'APPROVE S1901M'])('"%s" is reported, not guessed', (line) => {
    expect(read(line)).toEqual({ commands: [], unknown: [{ line: 1, text: line }] });
  });

  it('reads the subject only as a whole command: a subject "deadline" is a title, not an unknown command', () => {
    const lines = (subject: string, ...body: string[]) => readGmCommands([{ line: 0, text: subject, subject: true }, ...body.map((text, i) => ({ line: i + 1, text }))]);
    expect(lines('deadline', 'DEADLINE 2030-05-10T18:00Z')).toEqual({ commands: [{ kind: 'deadline', at: '2030-05-10T18:00Z', consent: false }], unknown: [] });
    expect(lines('Extend please', 'STATUS')).toEqual({ commands: [{ kind: 'status' }], unknown: [] });
    expect(lines('PROCESS S1901M')).toEqual({ commands: [{ kind: 'process', phase: 'S1901M' }], unknown: [] });
    expect(lines('deadline', 'deadline friday')).toEqual({ commands: [], unknown: [{ line: 1, text: 'deadline friday' }] });
  });

  it('ignores ordinary prose and blank lines', () => {
    expect(read('Hi all,', '', 'please be on time.', 'STATUS')).toEqual({ commands: [{ kind: 'status' }], unknown: [] });
  });
});
