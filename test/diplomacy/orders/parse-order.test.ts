/**
 * The order-line parser: every accepted spelling of an order reads as its canonical notation, and
 * every rejected line gives one issue with a stable code, fragment and wording.
 */
import { describe, expect, it } from 'vitest';
import { formatOrder, parseOrder, type ParseOrderIssue, type ParseOrderResult } from '../../../src/diplomacy/index.js';

/** The canonical text of a line that must parse. */
function canonical(line: string): string {
  const r = parseOrder(line);
  if (!r.ok) throw new Error(`"${line}" did not parse: ${r.issue.code} ${r.issue.message}`);
  return formatOrder(r.order);
}

/** The issue of a line that must not parse. */
function issueOf(line: string): ParseOrderIssue {
  const r: ParseOrderResult = parseOrder(line);
  if (r.ok) throw new Error(`"${line}" parsed as ${formatOrder(r.order)}`);
  return r.issue;
}

describe('parseOrder accepts', () => {
  // prettier-ignore
  it.each([
    // canonical notation of every order kind reads back unchanged
    ['A PAR - BUR',                                      'A PAR - BUR'],
    ['A LON - NWY VIA',                                  'A LON - NWY VIA'],
    ['A LON - NTH - NWY',                                'A LON - NTH - NWY'],
    ['A LON - ENG - MAO - POR',                          'A LON - ENG - MAO - POR'],
    ['A MAR S A PAR - BUR',                              'A MAR S A PAR - BUR'],
    ['A MAR S F BRE',                                    'A MAR S F BRE'],
    ['F NTH C A LON - NWY',                              'F NTH C A LON - NWY'],
    ['A PAR H',                                          'A PAR H'],
    ['F SWE R BAL',                                      'F SWE R BAL'],
    ['A TRI D',                                          'A TRI D'],
    ['A PAR B',                                          'A PAR B'],
    ['F STP/NC B',                                       'F STP/NC B'],
    ['F STP/SC - BOT',                                   'F STP/SC - BOT'],
    ['WAIVE',                                            'WAIVE'],
    // lower case and stray whitespace
    ['a par - bur',                                      'A PAR - BUR'],
    ['f nth c a lon - nwy',                              'F NTH C A LON - NWY'],
    ['  A   PAR   -   BUR  ',                            'A PAR - BUR'],
    ['waive',                                            'WAIVE'],
    ['Waived',                                           'WAIVE'],
    // a unit alone holds
    ['A PAR',                                            'A PAR H'],
    ['A PAR HOLDS',                                      'A PAR H'],
    ['A PAR hold',                                       'A PAR H'],
    ['A PAR STANDS',                                     'A PAR H'],
    // full names, arrows and punctuation
    ['Army Paris -> Burgundy',                           'A PAR - BUR'],
    ['A Paris => Burgundy',                              'A PAR - BUR'],
    ['A PAR → BUR',                                      'A PAR - BUR'],
    ['A PAR – BUR',                                      'A PAR - BUR'],
    ['F. Mun - Ber',                                     'F MUN - BER'],
    ['A Mun-Bur',                                        'A MUN - BUR'],
    ['A PAR - BUR.',                                     'A PAR - BUR'],
    ['F Bre - Mid Atlantic',                             'F BRE - MAO'],
    ['F North Atlantic Ocean - Norwegian Sea',           'F NAO - NWG'],
    ['F Gulf of Lyon - Tyrrhenian Sea',                  'F LYO - TYS'],
    ['A St. Petersburg - Moscow',                        'A STP - MOS'],
    ['F English Channel - North Sea',                    'F ENG - NTH'],
    // move words
    ['A Par to Bur',                                     'A PAR - BUR'],
    ['A Par attacks Bur',                                'A PAR - BUR'],
    ['A Par move Bur',                                   'A PAR - BUR'],
    // coasts in all their spellings
    ['F Mid-Atlantic Ocean - Spain (nc)',                'F MAO - SPA/NC'],
    ['F StP(nc) - Bar',                                  'F STP/NC - BAR'],
    ['fleet st petersburg north coast to barents sea',   'F STP/NC - BAR'],
    ['F spa/sc - wes',                                   'F SPA/SC - WES'],
    ['F spa sc - wes',                                   'F SPA/SC - WES'],
    ['F spa(sc) - wes',                                  'F SPA/SC - WES'],
    ['F spa (s.c.) - wes',                               'F SPA/SC - WES'],
    ['F spa/south coast - wes',                          'F SPA/SC - WES'],
    ['F Spain (south coast) - Western Mediterranean',    'F SPA/SC - WES'],
    ['F Con - Bul ec',                                   'F CON - BUL/EC'],
    ['F Con - Bul e.c.',                                 'F CON - BUL/EC'],
    ['F Con - Bulgaria east coast',                      'F CON - BUL/EC'],
    ['F MAR/SC - LYO',                                   'F MAR/SC - LYO'],
    // support, convoy, via convoy
    ['A mar supports a par - bur',                       'A MAR S A PAR - BUR'],
    ['A mar sup a par to bur',                           'A MAR S A PAR - BUR'],
    ['A MAR S A PAR H',                                  'A MAR S A PAR'],
    ['A MAR S PAR',                                      'A MAR S PAR'],
    ['A MAR S German A MUN - BUR',                       'A MAR S A MUN - BUR'],
    ['F nth convoys a lon - nwy',                        'F NTH C A LON - NWY'],
    ['F NTH C A LON TO NWY',                             'F NTH C A LON - NWY'],
    ['A lon - nwy via convoy',                           'A LON - NWY VIA'],
    ['A lon - nwy by convoy',                            'A LON - NWY VIA'],
    ['A lon - nwy via',                                  'A LON - NWY VIA'],
    ['A LON - NTH - NWY VIA',                            'A LON - NTH - NWY'],
    // adjustments and retreats
    ['build a par',                                      'A PAR B'],
    ['Build F StP/nc',                                   'F STP/NC B'],
    ['build fleet st petersburg north coast',            'F STP/NC B'],
    ['build par',                                        'PAR B'],
    ['remove a war',                                     'A WAR D'],
    ['disband a war',                                    'A WAR D'],
    ['A WAR disbands',                                   'A WAR D'],
    ['F SWE retreat BAL',                                'F SWE R BAL'],
    ['F SWE retreats to BAL',                            'F SWE R BAL'],
    ['retreat F SWE to BAL',                             'F SWE R BAL'],
    // unit type omitted
    ['PAR - BUR',                                        'PAR - BUR'],
    ['Paris H',                                          'PAR H'],
  ])('%j → %s', (input, expected) => {
    expect(canonical(input)).toBe(expected);
  });

  it('keeps the structure: route, via, written nationality and missing unit types', () => {
    expect(parseOrder('A LON - NTH - NWY')).toEqual({
      ok: true,
      order: { kind: 'move', unit: { kind: 'A', location: 'LON' }, to: 'NWY', viaConvoy: true, route: ['NTH'] },
    });
    expect(parseOrder('A LON - NWY VIA')).toEqual({
      ok: true,
      order: { kind: 'move', unit: { kind: 'A', location: 'LON' }, to: 'NWY', viaConvoy: true, route: [] },
    });
    expect(parseOrder('A PAR - BUR')).toEqual({
      ok: true,
      order: { kind: 'move', unit: { kind: 'A', location: 'PAR' }, to: 'BUR', viaConvoy: false, route: [] },
    });
    expect(parseOrder('A MAR S German A MUN - BUR')).toEqual({
      ok: true,
      order: {
        kind: 'supportMove',
        unit: { kind: 'A', location: 'MAR' },
        target: { kind: 'A', location: 'MUN', power: 'GERMANY' },
        to: 'BUR',
      },
    });
    expect(parseOrder('build par')).toEqual({ ok: true, order: { kind: 'build', location: 'PAR' } });
    expect(parseOrder('PAR - BUR')).toMatchObject({ ok: true, order: { unit: { location: 'PAR' } } });
    expect(parseOrder('PAR - BUR')).not.toMatchObject({ order: { unit: { kind: expect.anything() } } });
  });

  it('keeps the coast of a destination only where the player wrote one', () => {
    expect(parseOrder('F MAO - SPA')).toMatchObject({ ok: true, order: { to: 'SPA' } });
    expect(parseOrder('F MAO - SPA/NC')).toMatchObject({ ok: true, order: { to: 'SPA/NC' } });
  });
});

describe('parseOrder rejects', () => {
  // prettier-ignore
  it.each([
    ['',                    'empty',            ''],
    ['   ',                 'empty',            ''],
    [' , ; ',               'empty',            ''],
    ['A XYZ - BUR',         'unknownProvince',  'XYZ'],
    ['A PAR - XYZ',         'unknownProvince',  'XYZ'],
    ['A',                   'unknownProvince',  'A'],
    ['build',               'unknownProvince',  'build'],
    ['A PAR - ',            'expectedProvince', ''],
    ['A PAR S',             'expectedProvince', ''],
    ['F NTH C',             'expectedProvince', ''],
    ['A PAR X BUR',         'expectedOrder',    'X'],
    ['A MAR S A PAR X',     'expectedOrder',    'X'],
    ['F NTH C A LON',       'expectedOrder',    ''],
    ['F NTH C A LON H',     'expectedOrder',    'H'],
    ['A PAR - BUR BUR',     'trailingText',     'BUR'],
    ['A PAR H BUR',         'trailingText',     'BUR'],
    ['A PAR - BUR VIA VIA', 'trailingText',     'VIA'],
    ['WAIVE NOW',           'trailingText',     'NOW'],
    ['A TRI D D',           'trailingText',     'D'],
    ['F STP/WC - BAR',      'badCoast',         'wc'],
    ['F MAO - SPA/XC',      'badCoast',         'xc'],
  ])('%j → %s %j', (input, code, fragment) => {
    expect(issueOf(input)).toMatchObject({ code, fragment });
  });

  it('returns issues and never throws on junk', () => {
    for (const line of ['-', '- - -', '((nc))', '/nc', 'A /', 'S S S', 'C A - -', '→→']) {
      const r = parseOrder(line);
      expect(r.ok, line).toBe(false);
    }
  });
});

describe('issue wording', () => {
  it('names an unknown province and the accepted forms of a province', () => {
    expect(issueOf('A XYZ - BUR')).toMatchInlineSnapshot(`
      {
        "code": "unknownProvince",
        "fragment": "XYZ",
        "message": ""XYZ" is not a province; write a three-letter code (PAR) or a full name (Paris)",
      }
    `);
  });

  it('names a word that is not an order and lists the accepted forms', () => {
    expect(issueOf('A PAR X BUR').message).toMatchInlineSnapshot(`""X" is not an order; accepted forms: A PAR H, A PAR - BUR, A LON - NWY VIA, A MAR S A PAR - BUR, A MAR S F BRE, F NTH C A LON - NWY, F SWE R BAL, A TRI D, A PAR B, WAIVE"`);
  });

  it('quotes the order so far when a province is missing', () => {
    expect(issueOf('A PAR - ')).toMatchInlineSnapshot(`
      {
        "code": "expectedProvince",
        "fragment": "",
        "message": "expected a destination after "A PAR -"",
      }
    `);
  });

  it('shows how to write a coast', () => {
    expect(issueOf('F STP/WC - BAR')).toMatchInlineSnapshot(`
      {
        "code": "badCoast",
        "fragment": "wc",
        "message": ""wc" is not a coast; write NC, SC or EC (STP/NC)",
      }
    `);
  });

  it('shows the form of a convoy when its destination is missing', () => {
    expect(issueOf('F NTH C A LON').message).toMatchInlineSnapshot(`"a convoy names the army and its destination (F NTH C A LON - NWY)"`);
  });

  it('quotes trailing text', () => {
    expect(issueOf('A PAR - BUR BUR').message).toMatchInlineSnapshot(`"unexpected "BUR" at the end of the order; accepted forms: A PAR H, A PAR - BUR, A LON - NWY VIA, A MAR S A PAR - BUR, A MAR S F BRE, F NTH C A LON - NWY, F SWE R BAL, A TRI D, A PAR B, WAIVE"`);
  });
});
