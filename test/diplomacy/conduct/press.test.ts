import { describe, expect, it } from 'vitest';
import type { Power } from '../../../src/diplomacy/index.js';
import { pressKind, pressSections, type PressItem, type PressKind, type PressRule } from '../../../src/diplomacy/conduct/press.js';

let n = 0;
const item = (author: Power, kind: PressKind, text: string): PressItem => ({ author, kind, text, receivedAt: new Date(Date.UTC(2025, 0, 6, 12, n++)), ref: `m${n}` });
const ITEMS = [item('ENGLAND', 'white', 'E: hello all'), item('FRANCE', 'gray', 'Beware the Kaiser'), item('GERMANY', 'dark-gray', 'Signed, the Tsar'), item('ITALY', 'black', 'From Austria: we attack')];

const shape = (rule: PressRule) => {
  const s = pressSections(ITEMS, rule);
  return { white: s.white.map((w) => `${w.author}:${w.text}`), anonymous: s.anonymous.map((a) => a.text), heading: s.anonymousHeading, refused: s.refused.map((r) => r.kind) };
};

describe('pressSections (D.X(1): white with the orders, non-white anonymous, black refused; alternatives A, B, C)', () => {
  // prettier-ignore
  it.each([
    ['D.X(1): standard: white with the author, gray and dark gray anonymous, black refused', 'standard', { white: ['ENGLAND:E: hello all'], anonymous: ['Beware the Kaiser', 'Signed, the Tsar'], heading: 'Anonymous or Unofficial Press', refused: ['black'] }],
    ['D.X(1) Alternative A: white and gray; dark gray and black refused',                  'A',        { white: ['ENGLAND:E: hello all'], anonymous: ['Beware the Kaiser'], heading: 'Anonymous Press', refused: ['dark-gray', 'black'] }],
    ['D.X(1) Alternative B: white only',                                                   'B',        { white: ['ENGLAND:E: hello all'], anonymous: [], heading: undefined, refused: ['gray', 'dark-gray', 'black'] }],
    ['D.X(1) Alternative C: the GM publishes no press',                                    'C',        { white: [], anonymous: [], heading: undefined, refused: ['white', 'gray', 'dark-gray', 'black'] }],
  ] as [string, PressRule, ReturnType<typeof shape>][])('%s', (_rule, rule, expected) => {
    expect(shape(rule)).toEqual(expected);
  });

  it('D.X(2): anonymous items carry no author field at all', () => {
    const s = pressSections(ITEMS, 'standard');
    for (const a of s.anonymous) expect(Object.keys(a)).toEqual(['text']);
    expect(JSON.stringify(s.anonymous)).not.toMatch(/FRANCE|GERMANY/);
  });

  it('D.X(2): anonymous press is in receipt order, never grouped by power', () => {
    const t = (m: number) => new Date(Date.UTC(2025, 0, 6, 12, m));
    const items: PressItem[] = [
      { author: 'AUSTRIA', kind: 'gray', text: 'third', receivedAt: t(30) },
      { author: 'TURKEY', kind: 'gray', text: 'first', receivedAt: t(10) },
      { author: 'AUSTRIA', kind: 'gray', text: 'second', receivedAt: t(20) },
    ];
    expect(pressSections(items, 'A').anonymous.map((a) => a.text)).toEqual(['first', 'second', 'third']);
  });

  it('D.X(1): refusals say why, for the reply to the author', () => {
    const r = pressSections(ITEMS, 'B').refused;
    expect(r.map((x) => [x.author, x.ref])).toEqual([['FRANCE', 'm2'], ['GERMANY', 'm3'], ['ITALY', 'm4']]);
    expect(r[0]?.reason).toMatchInlineSnapshot(`"this game accepts only press that names its author (white press) (D.X(1), Alternative Rule B)"`);
    expect(r[2]?.reason).toMatchInlineSnapshot(`"press officially attributed by the GM to another person (black press) is not accepted (D.X(1))"`);
  });
});

describe('pressKind (D.X(1) definitions)', () => {
  // prettier-ignore
  it.each([
    ['D.X(1): attributed by the GM to its real author: white',          { attributeTo: 'FRANCE' },            'white'],
    ['D.X(1): attributed by the GM to someone else: black',             { attributeTo: 'GERMANY' },           'black'],
    ['D.X(1): no attribution: gray',                                    {},                                   'gray'],
    ['D.X(1): signed inside the text, not attributed by the GM: dark gray', { signedAs: 'the Kaiser' },       'dark-gray'],
  ] as [string, Parameters<typeof pressKind>[1], PressKind][])('%s', (_rule, ask, kind) => {
    expect(pressKind('FRANCE', ask)).toBe(kind);
  });
});
