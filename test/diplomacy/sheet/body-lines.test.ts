import { describe, expect, it } from 'vitest';
import { readBodyLines } from '../../../src/diplomacy/sheet/index.js';
import { MAX_LINE_CHARS, MAX_SHEET_LINES } from '../../../src/rules/limits.js';

const kept = (body: string) => readBodyLines(body).lines.map((l) => `${l.no}:${l.text}`).filter((s) => !s.endsWith(':'));

describe('quoted replies, forwards and signatures are not the sender’s orders', () => {
  // prettier-ignore
  it.each([
    ['"> " quoted lines',               'A PAR - BUR\n> A PAR - PIC\n>> old\nF BRE - MAO',                         ['1:A PAR - BUR', '4:F BRE - MAO']],
    ['Gmail attribution',               'A PAR - BUR\n\nOn Mon, 3 Mar 2025 at 10:00, GM <gm@example.org> wrote:\nA PAR - PIC', ['1:A PAR - BUR']],
    ['wrapped attribution',             'A PAR - BUR\nOn Mon, 3 Mar 2025 at 10:00, Game Master\n<gm@example.org> wrote:\nA PAR - PIC', ['1:A PAR - BUR']],
    ['Outlook Original Message',        'A PAR - BUR\n-----Original Message-----\nFrom: GM\nA PAR - PIC',        ['1:A PAR - BUR']],
    ['Outlook header block',            'A PAR - BUR\nFrom: GM <gm@example.org>\nSent: Monday, March 3, 2025 10:00 AM\nTo: France\nSubject: S1901\nA PAR - PIC', ['1:A PAR - BUR']],
    ['Outlook underscores',             'A PAR - BUR\n________________________________\nFrom: GM',                       ['1:A PAR - BUR']],
    ['Gmail forward',                   'FYI\n---------- Forwarded message ---------\nA PAR - PIC',                  ['1:FYI']],
    ['Apple forward',                   'FYI\nBegin forwarded message:\nA PAR - PIC',                               ['1:FYI']],
    ['French client',                   'A PAR - BUR\nLe lun. 3 mars 2025 à 10:00, GM <gm@example.org> a écrit :\nA PAR - PIC', ['1:A PAR - BUR']],
    ['German client',                   'A PAR - BUR\nAm Mo., 3. März 2025 um 10:00 Uhr schrieb GM <gm@example.org>:\nA PAR - PIC', ['1:A PAR - BUR']],
    ['RFC 3676 signature',              'A PAR - BUR\n-- \nJean\nA PAR - PIC',                                      ['1:A PAR - BUR']],
    ['signature without the space',     'A PAR - BUR\n--\nJean',                                                    ['1:A PAR - BUR']],
    ['phone boilerplate',               'A PAR - BUR\nSent from my iPhone\nF BRE - MAO',                            ['1:A PAR - BUR', '3:F BRE - MAO']],
    ['CRLF and CR line ends',           'A PAR - BUR\r\nF BRE - MAO\rA MAR H',                                      ['1:A PAR - BUR', '2:F BRE - MAO', '3:A MAR H']],
    ['a "-" inside an order is no sig', 'A PAR - BUR\n- F BRE - MAO',                                               ['1:A PAR - BUR', '2:- F BRE - MAO']],
    // Found by the rehearsal (issue 30): orders written BELOW the judge's mail they answer, quoted
    // with ">" marks, were cut with the quote, the Secret line with them: the set was refused or empty.
    ['bottom-posted under a ">" quote', 'On Mon, 3 Mar 2025 at 10:00, judge@example.org wrote:\n> [g] S1901M results\n> A PAR - PIC\n\nA PAR - BUR\nSecret: abc',                   ['5:A PAR - BUR', '6:Secret: abc']],
    ['wrapped, bottom-posted',          'On Mon, 3 Mar 2025 at 10:00, Game Master\n<gm@example.org> wrote:\n\n> A PAR - PIC\nA PAR - BUR', ['5:A PAR - BUR']],
    ['interleaved reply',               'Hi\nOn Mon, 3 Mar 2025, GM <gm@example.org> wrote:\n> Your units: A PAR\nA PAR - BUR\n> Deadline\nFinal', ['1:Hi', '4:A PAR - BUR', '6:Final']],
    ['German client, bottom-posted',    'Am Mo., 3. März 2025 um 10:00 Uhr schrieb GM <gm@example.org>:\n> A PAR - PIC\nA PAR - BUR', ['3:A PAR - BUR']],
  ])('%s', (_name, body, expected) => {
    expect(kept(body)).toEqual(expected);
  });
});

describe('limits (src/rules/limits.ts): at the cap and one over', () => {
  it(`a line of ${MAX_LINE_CHARS} characters is read, one more is reported`, () => {
    const at = 'x'.repeat(MAX_LINE_CHARS);
    expect(readBodyLines(at).lines).toHaveLength(1);
    const over = readBodyLines(`${at}x`);
    expect(over.lines).toHaveLength(0);
    expect(over.tooLong).toHaveLength(1);
  });

  it(`${MAX_SHEET_LINES} lines are read, the next is not`, () => {
    const at = readBodyLines(Array.from({ length: MAX_SHEET_LINES }, () => 'A PAR H').join('\n'));
    expect(at.truncated).toBe(false);
    expect(at.lines).toHaveLength(MAX_SHEET_LINES);
    const over = readBodyLines(Array.from({ length: MAX_SHEET_LINES + 1 }, () => 'A PAR H').join('\n'));
    expect(over.truncated).toBe(true);
    expect(over.lines).toHaveLength(MAX_SHEET_LINES);
  });
});
