import { describe, expect, it } from 'vitest';
import { parseOrderSheet } from '../../../src/diplomacy/sheet/index.js';
import type { GameState } from '../../../src/diplomacy/index.js';
import { abbreviations, at, sheet, understood } from './sheet-helpers.js';

describe('D.III(1) province names: codes, full names, official abbreviations, prefixes', () => {
  // prettier-ignore
  it.each([
    ['Army Paris -> Burgundy',          'FRANCE',  'A PAR - BUR'],
    ['F. Bre - Mid Atlantic',           'FRANCE',  'F BRE - MAO'],
    ['F Bre - Mid-Atlantic Ocean',      'FRANCE',  'F BRE - MAO'],
    ['F Bre - Mid',                     'FRANCE',  'F BRE - MAO'],
    ['A Mar-Spa',                       'FRANCE',  'A MAR - SPA'],
    ['a par-pic',                       'FRANCE',  'A PAR - PIC'],
    ['A Par - Burg',                    'FRANCE',  'A PAR - BUR'],
    ['A Par moves to Gascony',          'FRANCE',  'A PAR - GAS'],
    ['F Bre - English Channel',         'FRANCE',  'F BRE - ENG'],
    ['F Kie - Helgoland',               'GERMANY', 'F KIE - HEL'],
    ['F Kie - Heligoland Bight',        'GERMANY', 'F KIE - HEL'],
    ['F StP(sc) - GoB',                 'RUSSIA',  'F STP/SC - BOT'],
    ['F Nap - Tyrr',                    'ITALY',   'F NAP - TYS'],
    ['F Nap - Ion',                     'ITALY',   'F NAP - ION'],
    ['F Lon - Nth Sea',                 'ENGLAND', 'F LON - NTH'],
    ['F Edi - Nrg',                     'ENGLAND', 'F EDI - NWG'],
    ['F Edi - Norwegian Sea',           'ENGLAND', 'F EDI - NWG'],
    ['A Con – Bul',                     'TURKEY',  'A CON - BUL'],
    ['A Smyrna => Armenia',             'TURKEY',  'A SMY - ARM'],
    ['A Sevas - Ukr',                   'RUSSIA',  'F SEV - UKR [impossibleMove]'],
    ['A Par - Bu',                      'FRANCE',  'ambiguousProvince'],
    ['A Par - Picardie',                'FRANCE',  'unknownProvince'],
    ['A Mun - München',                 'GERMANY', 'unknownProvince'],
  ])('%s (%s) → %s', (line, power, expected) => {
    expect(understood(line, power as 'FRANCE')).toBe(expected);
  });

  it('an ambiguous abbreviation names the candidates, never a guess', () => {
    expect(sheet('A Par - Bu').issues[0]!.message).toMatchInlineSnapshot(`""Bu" is ambiguous: it could be BUD, BUL, BUR; write the three-letter code or more of the name"`);
  });

  it("the player's registered list is used and is never ambiguous (D.III(1))", () => {
    expect(understood('A Par - Bg')).toBe('unknownProvince');
    expect(understood('A Par - Bg', 'FRANCE', { playerAbbreviations: abbreviations({ bg: 'BUR' }) })).toBe('A PAR - BUR');
    expect(understood('A Par - Bu', 'FRANCE', { playerAbbreviations: abbreviations({ bu: 'BUR' }) })).toBe('A PAR - BUR');
  });

  it('a list sent with the orders applies to them only when registration is open (D.III(1))', () => {
    const text = 'ABBREVIATIONS: Bg = Burgundy, Pc = Picardy\nA Par - Bg\nA Mar - Pc';
    const open = sheet(text, 'FRANCE', { mayRegisterAbbreviations: true });
    expect(open.orders.map((o) => o.text)).toEqual(['A PAR - BUR', 'A MAR - PIC']);
    expect(open.issues.map((i) => i.code)).toEqual(['impossibleMove']);
    expect(open.requests[0]).toMatchObject({ kind: 'abbreviations', abbreviations: { bg: 'BUR', pc: 'PIC' } });
    const closed = sheet(text);
    expect(closed.issues.map((i) => i.code)).toEqual(['abbreviationListRefused', 'unknownProvince', 'unknownProvince']);
  });

  it('a bad entry in an abbreviation list is reported', () => {
    const s = sheet('ABBREVIATIONS: Bg = Burgundy, Xx = Atlantis', 'FRANCE', { mayRegisterAbbreviations: true });
    expect(s.issues.map((i) => [i.code, i.fragment])).toEqual([['badAbbreviation', 'Xx = Atlantis']]);
  });
});

describe('D.II(1) Final and preliminary marks', () => {
  // prettier-ignore
  it.each([
    ['France S1901',                 '',                           false],
    ['France S1901 FINAL',           '',                           true],
    ['final',                        '',                           true],
    ['[Final] orders',               '',                           true],
    ['Re: France S1901 - final',     '',                           true],
    ['France S1901 - NOT final',     '',                           false],
    ['Prelim orders',                '',                           false],
    ['France',                       'FINAL',                      true],
    ['France',                       'Final orders.',              true],
    ['France',                       'These are final.',           true],
    ['France',                       'Not final yet',              false],
    ['France',                       'I will send my final orders tomorrow night', false],
    ['France FINAL',                 'preliminary',                false],
    ['France prelim',                'Final',                      true],
  ])('subject %j, body line %j → final %s', (subject, mark, final) => {
    const s = parseOrderSheet(`A Par - Bur\n${mark}`, { state: at('S1901M', { FRANCE: ['A PAR'] }), power: 'FRANCE', subject });
    expect(s.final).toBe(final);
    expect(s.orders.map((o) => o.text)).toEqual(['A PAR - BUR']);
  });
});

describe('D.II(4) perpetual orders are refused', () => {
  it.each(['Please use these orders every turn until I say otherwise', 'PERPETUAL', 'Make these my standing orders'])('%s', (line) => {
    const s = sheet(`A Par - Bur\n${line}`);
    expect(s.requests.map((r) => r.kind)).toEqual(['perpetual']);
    expect(s.issues.map((i) => i.code)).toEqual(['perpetualRefused']);
    expect(s.issues[0]!.message).toMatchInlineSnapshot(`"orders cannot be made perpetual: send a set of orders for every turn (D.II(4))"`);
    expect(s.orders.map((o) => o.text)).toEqual(['A PAR - BUR']);
  });
});

const RETREAT: GameState = {
  ...at('F1901R', { FRANCE: ['A PAR'], ENGLAND: ['F ENG', 'F MAO'], GERMANY: ['A BUR'] }),
  dislodged: [{ power: 'FRANCE', kind: 'F', location: 'BRE', attackerFrom: 'ENG', retreats: ['GAS', 'PIC'] }],
};
const WINTER: GameState = at(
  'W1901A',
  { FRANCE: ['A SPA', 'F POR'], GERMANY: ['A MUN'] },
  { FRANCE: ['PAR', 'BRE', 'MAR', 'SPA'], GERMANY: ['MUN', 'KIE', 'BER'] },
);

describe('D.II(5) conditional retreat and adjustment orders: the first possible option', () => {
  // prettier-ignore
  it.each([
    ['F Bre - Mao, else Pic, else disband',      'F BRE R PIC', []],
    ['F Bre R Pic else Gas',                     'F BRE R PIC', []],
    ['F Bre - Par, else Gas',                    'F BRE R GAS', []],
    ['F Bre - Mao\nelse Eng\notherwise disband', 'F BRE D',     []],
    ['F Bre - Mao, else Eng',                    '',            ['noOptionPossible', 'cannotRetreat']],
  ])('%j → %s', (text, expected, codes) => {
    const s = parseOrderSheet(text, { state: RETREAT, power: 'FRANCE' });
    expect(s.orders.map((o) => o.text).join()).toBe(expected);
    expect(s.issues.map((i) => i.code)).toEqual(codes);
  });

  it('adjustments: "Build A Par if ..., else A Bre" builds the first one possible', () => {
    const occupied = { ...WINTER, units: [...WINTER.units, { power: 'FRANCE' as const, kind: 'A' as const, location: 'PAR' }] };
    const s = parseOrderSheet('Build A Par if Paris is empty, else F Bre', { state: occupied, power: 'FRANCE' });
    expect(s.orders.map((o) => o.text)).toEqual(['F BRE B']);
  });

  it('in a movement turn a conditional is reported and its first option used', () => {
    const s = sheet('A Par - Bur, else Pic');
    expect(s.orders.map((o) => o.text)).toEqual(['A PAR - BUR']);
    expect(s.issues.map((i) => [i.code, i.severity])).toEqual([['conditionalInMovement', 'warning']]);
  });
});

describe('D.III(2) no inferred orders', () => {
  it('a support for an unordered unit does not order that unit', () => {
    const s = sheet('A Mar S A Par - Bur');
    expect(s.orders.map((o) => o.text)).toEqual(['A MAR S A PAR - BUR']);
    expect(s.unordered).toEqual(['F BRE', 'A PAR']);
  });
});

describe('D.III(4) illegal orders hold; a move possible by any convoy is legal', () => {
  it('an impossible move is kept as written, reported, and held by the engine', () => {
    const s = sheet('A Par - Mos');
    expect(s.orders.map((o) => o.text)).toEqual(['A PAR - MOS']);
    expect(s.issues.map((i) => [i.code, i.severity])).toEqual([['impossibleMove', 'warning']]);
  });

  it.each([
    ['ENGLAND', ['A LON', 'F NTH']],
    ['GERMANY', ['F NTH']],
  ])('A Lon - Nwy is not illegal with a fleet of %s in the North Sea', (fleetPower, units) => {
    const state = at('S1901M', fleetPower === 'ENGLAND' ? { ENGLAND: units } : { ENGLAND: ['A LON'], GERMANY: units });
    const s = parseOrderSheet('A Lon - Nwy', { state, power: 'ENGLAND' });
    expect(s.issues).toEqual([]);
    expect(s.orders.map((o) => o.text)).toEqual(['A LON - NWY']);
  });
});

describe('D.III(5) the last order for a unit within one set wins', () => {
  it('the earlier order is reported as replaced', () => {
    const s = sheet('A Par - Bur\nA Par - Pic\nF Bre - Mao');
    expect(s.orders.map((o) => [o.line, o.text])).toEqual([[2, 'A PAR - PIC'], [3, 'F BRE - MAO']]);
    expect(s.issues.map((i) => [i.line, i.code, i.severity])).toEqual([[1, 'replacedOrder', 'warning']]);
    expect(s.lines.find((l) => l.line === 1)).toMatchObject({ kind: 'replaced', understood: 'A PAR - BUR' });
  });
});

describe('D.IV(1),(2) unit type and nationality never invalidate an order', () => {
  // prettier-ignore
  it.each([
    ['Army Kiel - Holland',            'GERMANY', 'F KIE - HOL'],
    ['Mun - Ruh',                      'GERMANY', 'A MUN - RUH'],
    ['Fleet Munich - Ruhr',            'GERMANY', 'A MUN - RUH'],
    ['A Kie S German A Mun - Ber',     'GERMANY', 'F KIE S A MUN - BER'],
    ['A Ber S F Mun',                  'GERMANY', 'A BER S A MUN'],
    ['A Ber S French A Mun - Kie',     'GERMANY', 'A BER S A MUN - KIE'],
  ])('%s → %s', (line, power, expected) => {
    expect(understood(line, power as 'GERMANY')).toBe(expected);
  });
});

describe('D.IV(3) coasts', () => {
  const board = at('S1902M', { FRANCE: ['F MAO', 'F POR', 'F GAS', 'F WES', 'A MAR'], TURKEY: ['F CON'], RUSSIA: ['F STP/SC'] });
  // prettier-ignore
  it.each([
    ['(a) hold, wrong coast',          'RUSSIA', 'F StP/nc H',         'F STP/SC H'],
    ['(b) move, missing coast',        'RUSSIA', 'F Stp - Bot',        'F STP/SC - BOT'],
    ['(b) move, one coast reachable',  'FRANCE', 'F Gas - Spa',        'F GAS - SPA/NC'],
    ['(b) move, wrong coast',          'FRANCE', 'F Gas - Spa/sc',     'F GAS - SPA/NC'],
    ['(b) MAO - SPA is ambiguous',     'FRANCE', 'F Mao - Spa',        'F MAO - SPA [ambiguousCoast]'],
    ['(b) POR - SPA is ambiguous',     'FRANCE', 'F Por - Spain',      'F POR - SPA [ambiguousCoast]'],
    ['(b) CON - BUL is ambiguous',     'TURKEY', 'F Con - Bul',        'F CON - BUL [ambiguousCoast]'],
    ['(b) with a coast it is not',     'FRANCE', 'F Mao - Spa(sc)',    'F MAO - SPA/SC'],
    ['(c) support, no coast',          'FRANCE', 'F Wes S F Mao - Spa','F WES S F MAO - SPA'],
    ['(c) support, conflicting coast', 'FRANCE', 'A Mar S F Gas - Spa/sc', 'A MAR S F GAS - SPA/SC'],
  ])('%s: %s', (_name, power, line, expected) => {
    const s = parseOrderSheet(line, { state: board, power: power as 'FRANCE' });
    const text = s.orders.map((o) => o.text).join(' | ');
    expect(s.issues.length > 0 ? `${text} [${s.issues.map((i) => i.code).join(',')}]` : text).toBe(expected);
  });
});

describe('D.V builds and removals', () => {
  const winter = (text: string) => parseOrderSheet(text, { state: WINTER, power: 'FRANCE' });
  // prettier-ignore
  it.each([
    ['D.V(1) inland centre, no type: an army',        'Build Paris',            ['A PAR B'],           []],
    ['D.V(1) coastal centre, no type: nothing',       'Build Brest',            [],                    ['noBuildType']],
    ['D.V(1) a coast given: a fleet',                 'Build Stp nc',           [],                    ['cannotBuild']],
    ['D.V(5) a fleet in an inland centre: nothing',   'Build F Paris',          [],                    ['fleetCannotBuild']],
    ['not a home centre',                             'Build A Spa',            [],                    ['cannotBuild']],
    ['D.V(3) two builds in one centre: the lower',    'Build A Par\nBuild A Par', ['A PAR B'],         ['duplicateBuild']],
    ['D.V(2) excess builds: from the bottom',         'Build A Par\nBuild F Bre\nBuild A Mar', ['F BRE B', 'A MAR B'], ['excessBuild']],
    ['waive',                                         'WAIVE\nBuild A Par',     ['WAIVE', 'A PAR B'],  []],
    ['a removal while building',                      'Remove A Spa',           [],                    ['wrongPhase']],
    ['a move in winter',                              'A Spa - Gas',            [],                    ['wrongPhase']],
  ])('%s', (_name, text, orders, codes) => {
    const s = winter(text);
    expect(s.orders.map((o) => o.text)).toEqual(orders);
    expect(s.issues.map((i) => i.code)).toEqual(codes);
    expect(s.unordered).toEqual([]);
  });

  it('D.V(2) excess removals: from the bottom', () => {
    const state = at('W1901A', { FRANCE: ['A SPA', 'F POR', 'A PAR'] }, { FRANCE: ['PAR', 'SPA'] });
    const s = parseOrderSheet('Remove A Spa\nDisband F Por', { state, power: 'FRANCE' });
    expect(s.orders.map((o) => o.text)).toEqual(['F POR D']);
    expect(s.issues.map((i) => i.code)).toEqual(['excessDisband']);
  });

  it('Russia: a fleet in St Petersburg needs its coast', () => {
    const state = at('W1901A', { RUSSIA: ['A RUM'] }, { RUSSIA: ['STP', 'MOS', 'RUM'] });
    expect(parseOrderSheet('Build F StP nc', { state, power: 'RUSSIA' }).orders.map((o) => o.text)).toEqual(['F STP/NC B']);
    expect(parseOrderSheet('Build F Stp', { state, power: 'RUSSIA' }).issues.map((i) => i.message)).toMatchInlineSnapshot(`
      [
        "F STP B: a fleet built in a centre with two coasts needs its coast: F STP/NC B or F STP/SC B (D.V(1))",
      ]
    `);
  });
});

describe('D.VI(2),(3) convoy intent and routes written in the order', () => {
  const board = at('S1902M', { ENGLAND: ['A LON', 'F NTH', 'F ENG', 'A YOR'] });
  // prettier-ignore
  it.each([
    ['A Lon - Bel via convoy',     'A LON - BEL VIA'],
    ['A Lon - Bel by convoy',      'A LON - BEL VIA'],
    ['A Lon - Nth - Bel',          'A LON - NTH - BEL'],
    ['A Lon - ENG - Bel',          'A LON - ENG - BEL'],
    ['F Nth C A Lon - Bel',        'F NTH C A LON - BEL'],
    ['F Nth convoys Army London to Belgium', 'F NTH C A LON - BEL'],
  ])('%s → %s', (line, expected) => {
    expect(parseOrderSheet(line, { state: board, power: 'ENGLAND' }).orders.map((o) => o.text)).toEqual([expected]);
  });
});

describe('ownership and the phase (D.II(3))', () => {
  // prettier-ignore
  it.each([
    ['A Mun - Bur',    'notYourUnit'],
    ['A Pic - Bur',    'noUnit'],
    ['Build A Par',    'wrongPhase'],
    ['F Bre R Pic',    'wrongPhase'],
  ])('%s → %s', (line, code) => {
    expect(sheet(line).issues.map((i) => i.code)).toEqual([code]);
  });

  it('retreats: only dislodged units, only to their options', () => {
    const s = parseOrderSheet('A Par - Gas\nF Bre - Mao', { state: RETREAT, power: 'FRANCE' });
    expect(s.issues.map((i) => i.code)).toEqual(['notDislodged', 'cannotRetreat']);
    expect(s.unordered).toEqual(['F BRE']);
  });
});

describe('what is not an order', () => {
  it('chatter is ignored; order-like lines are reported', () => {
    const s = sheet(
      [
        'Hi GM,', '', 'Here are my orders for Spring 1901:', 'Spring 1901 orders - France', 'A few notes for you today.',
        '1. A Par - Bur', '* F Bre - Mao', 'France: A Mar H  # hold for now', 'Amry Bre - Pic', 'Thanks!',
      ].join('\n'),
    );
    expect(s.orders.map((o) => o.text)).toEqual(['A PAR - BUR', 'F BRE - MAO', 'A MAR H']);
    expect(s.issues.map((i) => [i.line, i.code, i.fragment])).toEqual([[9, 'unknownProvince', 'Amry']]);
  });
});

describe('press (D.X(1))', () => {
  // prettier-ignore
  it.each([
    ['PRESS TO ALL',                      'white',    'all'],
    ['Press to England, Germany',         'white',    'ENGLAND,GERMANY'],
    ['GRAY PRESS TO ALL',                 'gray',     'all'],
    ['grey press to Italy',               'gray',     'ITALY'],
    ['PRESS TO ALL AS "The Kaiser"',      'darkGray', 'all'],
    ['PRESS FROM FRANCE TO ALL',          'white',    'all'],
  ])('%s → %s to %s', (header, kind, to) => {
    const s = sheet(`${header}\nA Par - Bur is what I will do\nEND PRESS\nA Par - Pic`);
    expect(s.press).toHaveLength(1);
    expect(s.press[0]).toMatchObject({ kind, text: 'A Par - Bur is what I will do' });
    expect(s.press[0]!.to === 'all' ? 'all' : s.press[0]!.to.join()).toBe(to);
    expect(s.orders.map((o) => o.text)).toEqual(['A PAR - PIC']);
  });

  it('black press is refused and its text dropped', () => {
    const s = sheet('PRESS FROM ENGLAND TO ALL\nI, England, will attack Germany.\nEND PRESS\nA Par - Bur');
    expect(s.press).toEqual([]);
    expect(s.issues.map((i) => i.code)).toEqual(['blackPress']);
    expect(s.orders.map((o) => o.text)).toEqual(['A PAR - BUR']);
  });

  it('one-line press and unterminated press', () => {
    expect(sheet('PRESS TO ALL: Peace in our time.').press[0]).toMatchObject({ kind: 'white', text: 'Peace in our time.' });
    const s = sheet('A Par - Bur\nPRESS TO ALL\nHello\nA Mar - Spa');
    expect(s.press[0]!.text).toBe('Hello\nA Mar - Spa');
    expect(s.issues.map((i) => i.code)).toEqual(['unterminatedPress']);
    expect(s.orders.map((o) => o.text)).toEqual(['A PAR - BUR']);
  });
});

describe('votes (D.IX)', () => {
  // prettier-ignore
  it.each([
    ['VOTE DRAW YES',                        { kind: 'vote', proposal: { kind: 'pending' }, vote: 'yes' }],
    ['vote no',                              { kind: 'vote', proposal: { kind: 'pending' }, vote: 'no' }],
    ['VOTE DRAW AEF NO',                     { kind: 'vote', proposal: { kind: 'draw', powers: ['AUSTRIA', 'ENGLAND', 'FRANCE'] }, vote: 'no' }],
    ['VOTE CONCEDE FRANCE YES',              { kind: 'vote', proposal: { kind: 'concession', power: 'FRANCE' }, vote: 'yes' }],
    ['PROPOSE DRAW AUSTRIA ENGLAND FRANCE',  { kind: 'propose', proposal: { kind: 'draw', powers: ['AUSTRIA', 'ENGLAND', 'FRANCE'] } }],
    ['Propose concession to France',         { kind: 'propose', proposal: { kind: 'concession', power: 'FRANCE' } }],
  ])('%s', (line, expected) => {
    expect(sheet(line).votes[0]).toMatchObject(expected);
  });

  it('an unclear vote is reported (and counts as no, D.IX)', () => {
    const s = sheet('VOTE MAYBE');
    expect(s.votes).toEqual([]);
    expect(s.issues.map((i) => i.message)).toMatchInlineSnapshot(`
      [
        "a vote ends in YES or NO: VOTE DRAW YES, VOTE YES, VOTE CONCEDE FRANCE NO, PROPOSE DRAW AUSTRIA ENGLAND FRANCE, PROPOSE CONCESSION TO FRANCE",
      ]
    `);
  });
});

describe('requests', () => {
  // prettier-ignore
  it.each([
    ['EXTENSION',                          { kind: 'extension' }],
    ['EXTENSION 24',                       { kind: 'extension', hours: 24 }],
    ['Request extension of 2 days',        { kind: 'extension', hours: 48 }],
    ['please request an extension 36h',    { kind: 'extension', hours: 36 }],
    ['STATUS',                             { kind: 'status' }],
    ['help',                               { kind: 'help' }],
  ])('%s', (line, expected) => {
    expect(sheet(line).requests[0]).toMatchObject(expected);
  });
});

describe('issue wording (part of the contract)', () => {
  it('every issue names its line, the fragment and the accepted form', () => {
    const s = sheet(['A Par - Burgandie', 'F Bre - Mao please', 'A Mar -', 'A Mar jumps Spa', 'F Bre/xc H'].join('\n'));
    expect(s.issues.map((i) => `${i.line} ${i.code} [${i.fragment}] ${i.message}`)).toMatchInlineSnapshot(`
      [
        "1 unknownProvince [Burgandie] "Burgandie" is not a province; write a three-letter code (PAR) or a full name (Paris)",
        "2 trailingText [please] unexpected "please" at the end of the order; accepted forms: A PAR H, A PAR - BUR, A LON - NWY VIA, A MAR S A PAR - BUR, A MAR S F BRE, F NTH C A LON - NWY, F SWE R BAL, A TRI D, A PAR B, WAIVE. Did you mean "F BRE - MAO"? (not used: send it again as you mean it)",
        "3 expectedProvince [] expected a destination after "A Mar -"",
        "4 expectedOrder [jumps] "jumps" is not an order; accepted forms: A PAR H, A PAR - BUR, A LON - NWY VIA, A MAR S A PAR - BUR, A MAR S F BRE, F NTH C A LON - NWY, F SWE R BAL, A TRI D, A PAR B, WAIVE",
        "5 badCoast [xc] "xc" is not a coast; write NC, SC or EC (STP/NC)",
      ]
    `);
  });
});
