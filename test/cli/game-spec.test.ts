/**
 * The pure readers behind `game create`: CSV records and the game description, with every problem.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatCsv, parseCsv } from '../../src/cli/csv.js';
import { parseGameSpec } from '../../src/cli/game-spec.js';

describe('parseCsv', () => {
  // prettier-ignore
  it.each([
    ['plain',                         'a,b,c\n1,2,3',                      [[1, ['a', 'b', 'c']], [2, ['1', '2', '3']]]],
    ['CRLF and blank lines',          'a,b\r\n\r\n c , d \r\n',            [[1, ['a', 'b']], [3, ['c', 'd']]]],
    ['CR line ends',                  'a,b\rc,d\r',                        [[1, ['a', 'b']], [2, ['c', 'd']]]],
    ['quoted comma and quote',        '"Doe, Jane","say ""hi"""',          [[1, ['Doe, Jane', 'say "hi"']]]],
    ['quoted newline',                '"two\nlines",x\ny,z',               [[1, ['two\nlines', 'x']], [3, ['y', 'z']]]],
    ['quoted CRLF newlines',          'a\r\n"one\r\ntwo\r\nthree",b\r\nc', [[1, ['a']], [2, ['one\r\ntwo\r\nthree', 'b']], [5, ['c']]]],
    ['only quoted separators',        '",",""""," , "',                   [[1, [',', '"', ',']]]],
    ['spaces around a quoted field',  'a, "x, y" ,b',                      [[1, ['a', 'x, y', 'b']]]],
    ['a stray quote stays text',      'O"Brien,b',                         [[1, ['O"Brien', 'b']]]],
    ['rows of any length',            'a\nb,c,d\ne,f',                     [[1, ['a']], [2, ['b', 'c', 'd']], [3, ['e', 'f']]]],
    ['a row of empty fields skipped', ' , ,\nx',                           [[2, ['x']]]],
    ['a byte-order mark',             '\uFEFFpower,name',                  [[1, ['power', 'name']]]],
    ['empty text',                    '',                                  []],
  ])('%s', (_what, text, rows) => {
    const r = parseCsv(text);
    expect(r.problems).toEqual([]);
    expect(r.rows.map((row) => [row.line, row.fields])).toEqual(rows);
  });

  it('reports an unclosed quote on the line its record starts, keeping the rows before it', () => {
    expect(parseCsv('a,"open\n').problems).toEqual(['line 1: a quoted field is not closed; add the closing "']);
    const r = parseCsv('a,b\n\n\nc,"open\nd,e\n');
    expect(r.problems).toEqual(['line 4: a quoted field is not closed; add the closing "']);
    expect(r.rows).toEqual([{ line: 1, fields: ['a', 'b'] }]);
  });
});

describe('formatCsv', () => {
  it('quotes only what needs it, doubles quotes, ends lines with CRLF', () => {
    expect(formatCsv([['power', 'name'], ['FRANCE', 'Doe, Jane'], ['ENGLAND', 'say "hi"'], ['ITALY', 'two\nlines'], ['RUSSIA', ' padded ']])).toBe(
      'power,name\r\nFRANCE,"Doe, Jane"\r\nENGLAND,"say ""hi"""\r\nITALY,"two\nlines"\r\nRUSSIA," padded "\r\n',
    );
  });

  it('reads back what it writes (fields trimmed, rows of empty fields dropped)', () => {
    const field = fc.stringMatching(/^[a-z ,"\n\r]{0,8}$/);
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 1, maxLength: 4 }), { maxLength: 6 }), (rows) => {
        const r = parseCsv(formatCsv(rows));
        expect(r.problems).toEqual([]);
        const want = rows.map((row) => row.map((f) => f.trim())).filter((row) => row.some((f) => f !== ''));
        expect(r.rows.map((row) => row.fields)).toEqual(want);
      }),
    );
  });
});

describe('parseGameSpec', () => {
  const players = [{ power: 'france', name: 'Fran', email: 'fran@example.org' }];

  it('fills in the defaults: wm rules, the main rule of every policy, the id as board name, UTC', () => {
    const r = parseGameSpec(JSON.stringify({ id: 'g1', address: 'g1@j.example.org', gm: { email: 'gm@example.org' }, players }), 'json', {});
    expect(r).toEqual({
      ok: true,
      spec: {
        id: 'g1',
        address: 'g1@j.example.org',
        gm: { email: 'gm@example.org', name: undefined },
        rules: 'wm',
        endYear: null,
        policies: { lateOrders: 'refuse', revisedSets: 'replace', pressRule: 'standard', identity: 'dmarc-or-secret', playerAddresses: 'shared' },
        tournament: undefined,
        round: undefined,
        board: 'g1',
        deadline: undefined,
        players: [{ power: 'FRANCE', name: 'Fran', email: 'fran@example.org', timeZone: 'UTC', where: 'the file players[0]' }],
      },
    });
  });

  it('lets options override the file', () => {
    const r = parseGameSpec(JSON.stringify({ id: 'g1', address: 'g1@j.example.org', gm: { email: 'gm@example.org' }, players, rules: 'wm' }), 'json', {
      rules: 'datc2000',
      endYear: '1912',
      deadline: '2030-05-01T13:00+01:00',
      press: 'C',
    });
    expect(r.ok && [r.spec.rules, r.spec.endYear, r.spec.deadline?.toISOString(), r.spec.policies.pressRule]).toEqual(['datc2000', 1912, '2030-05-01T12:00:00.000Z', 'C']);
  });

  it('D.VII(4)(a): reads the players\' consent to a short first turn from the file or --consent-recorded', () => {
    const base = { id: 'g1', address: 'g1@j.example.org', gm: { email: 'gm@example.org' }, players };
    const fromFile = parseGameSpec(JSON.stringify({ ...base, consentRecorded: 'all seven by email, 1 May' }), 'json', {});
    expect(fromFile.ok && fromFile.spec.consent).toBe('all seven by email, 1 May');
    const flag = parseGameSpec(JSON.stringify(base), 'json', { consentRecorded: true });
    expect(flag.ok && flag.spec.consent).toBe('consent of every player, recorded by the GM');
    const none = parseGameSpec(JSON.stringify(base), 'json', {});
    expect(none.ok && none.spec.consent).toBeUndefined();
  });

  // prettier-ignore
  it.each([
    ['a deadline without a zone',    { deadline: '2030-05-01T12:00' },  'deadline: must be an ISO 8601 instant with its zone'],
    ['a deadline with a fraction of a second (D.VII(4)(b): stated as enforced, to the second)', { deadline: '2030-05-01T12:00:00.500Z' }, 'deadline: must be an ISO 8601 instant with its zone'],
    ['a round without a tournament', { round: 2 },                      'round 2 needs a tournament: add "tournament" to the file or pass --tournament <slug>'],
    ['the GM playing',               { gm: { email: 'FRAN@example.org' } }, 'fran@example.org is the GM of this game and cannot also play in it'],
    ['no players',                   { players: [] },                   'no players: add "players"'],
  ])('reports %s', (_what, change, expected) => {
    const r = parseGameSpec(JSON.stringify({ id: 'g1', address: 'g1@j.example.org', gm: { email: 'gm@example.org' }, players, ...change }), 'json', {});
    expect(r.ok ? [] : r.problems.join('\n')).toContain(expected);
  });
});
