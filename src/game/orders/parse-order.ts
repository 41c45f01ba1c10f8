/**
 * Parser for one order line in the canonical notation and its common variants: lower case, full
 * province names, `-`/`->`/`to`, `S`/`supports`, `C`/`convoys`, `H`/`holds`, `VIA`/`by convoy`, coasts as
 * `/nc`, `(nc)`, ` nc`, `north coast`. Returns the order or one issue; never throws. The email-level
 * grammar (sheets, marks, press) lives in `src/rules`.
 */
import { longestNameWords, normaliseName, provinceNames } from '../map/lookup.js';
import type { Coast, GameMap, Location, Power, ProvinceId, UnitKind } from '../map/types.js';
import { STANDARD_MAP } from '../map/standard.js';
import type { Order, UnitRef } from './types.js';

export type ParseOrderIssueCode =
  | 'empty'
  | 'unknownProvince'
  | 'badCoast'
  | 'expectedProvince'
  | 'expectedOrder'
  | 'trailingText';

export interface ParseOrderIssue {
  readonly code: ParseOrderIssueCode;
  /** The smallest offending fragment of the input. */
  readonly fragment: string;
  readonly message: string;
}

export type ParseOrderResult = { ok: true; order: Order } | { ok: false; issue: ParseOrderIssue };

const ACCEPTED_FORMS =
  'A PAR H, A PAR - BUR, A LON - NWY VIA, A MAR S A PAR - BUR, A MAR S F BRE, F NTH C A LON - NWY, ' +
  'F SWE R BAL, A TRI D, A PAR B, WAIVE';

const UNIT_WORDS: Record<string, UnitKind> = { a: 'A', army: 'A', f: 'F', fleet: 'F' };
const HOLD = new Set(['h', 'hold', 'holds', 'stand', 'stands']);
const SUPPORT = new Set(['s', 'sup', 'supp', 'support', 'supports']);
const CONVOY = new Set(['c', 'cvy', 'convoy', 'convoys']);
const MOVE = new Set(['-', 'to', 'move', 'moves', 'attack', 'attacks']);
const RETREAT = new Set(['r', 'retreat', 'retreats']);
const DISBAND = new Set(['d', 'disband', 'disbands', 'remove', 'removes']);
const BUILD = new Set(['b', 'build', 'builds']);
const WAIVE = new Set(['waive', 'waives', 'waived']);
const VIA = new Set(['via', 'vc']);
const POWER_WORDS: Record<string, Power> = {
  austria: 'AUSTRIA', austrian: 'AUSTRIA', england: 'ENGLAND', english: 'ENGLAND', british: 'ENGLAND',
  france: 'FRANCE', french: 'FRANCE', germany: 'GERMANY', german: 'GERMANY', italy: 'ITALY', italian: 'ITALY',
  russia: 'RUSSIA', russian: 'RUSSIA', turkey: 'TURKEY', turkish: 'TURKEY',
};

/** Split a line into tokens, normalising arrows and the many ways of writing a coast. */
function tokenize(text: string): string[] {
  const s = text
    .toLowerCase()
    .replace(/[→⇒]|->|=>|[–—]>?/g, ' - ')
    .replace(/\bmid-atl/g, 'mid atl')
    .replace(/\s*\(\s*(north|south|east)\s+coast\s*\)/g, (_m, d: string) => `/${d[0]}c`)
    .replace(/\s*\(\s*([nse])\.?\s*c\.?\s*\)/g, '/$1c')
    .replace(/\s*\/\s*([nse])\.?\s*c\b\.?/g, '/$1c')
    .replace(/\s*\/\s*(north|south|east)(\s+coast)?\b/g, (_m, d: string) => `/${d[0]}c`)
    .replace(/\s+(north|south|east)\s+coast\b/g, (_m, d: string) => `/${d[0]}c`)
    .replace(/\s+([nse])\.?c\.?(?=\s|$|-|,)/g, '/$1c')
    .replace(/by\s+convoy|via\s+convoy/g, ' via ')
    .replace(/-/g, ' - ')
    .replace(/[,;:]/g, ' ');
  return s
    .split(/\s+/)
    .map((t) => (t === '-' ? t : t.replace(/^\.+|\.+$/g, '')))
    .filter((t) => t.length > 0);
}

class Cursor {
  i = 0;
  constructor(readonly toks: string[], readonly map: GameMap) {}
  peek(): string | undefined { return this.toks[this.i]; }
  done(): boolean { return this.i >= this.toks.length; }
  take(): string { return this.toks[this.i++]!; }
  takeIf(set: Set<string>): boolean {
    const t = this.peek();
    if (t !== undefined && set.has(t)) { this.i++; return true; }
    return false;
  }
}

class ParseError extends Error {
  constructor(readonly issue: ParseOrderIssue) { super(issue.message); }
}

function fail(code: ParseOrderIssueCode, fragment: string, message: string): never {
  throw new ParseError({ code, fragment, message });
}

/** Read a location (longest-match over multi-word names), with an optional coast. */
function readLocation(c: Cursor, what: string): Location {
  const names = provinceNames(c.map);
  const most = longestNameWords(c.map);
  const start = c.i;
  if (c.done()) fail('expectedProvince', '', `expected ${what} after "${c.toks.join(' ')}"`);
  let span = 0;
  while (span < most && start + span < c.toks.length && c.toks[start + span] !== '-') span++;
  for (let n = span; n >= 1; n--) {
    const words = c.toks.slice(start, start + n);
    const last = words[n - 1]!;
    const slash = last.indexOf('/');
    const coastText = slash >= 0 ? last.slice(slash + 1) : undefined;
    if (slash >= 0) words[n - 1] = last.slice(0, slash);
    const id = names.get(normaliseName(words.join(' ')));
    if (id === undefined) continue;
    c.i = start + n;
    let coast = coastText;
    if (coast === undefined && (c.peek() === 'nc' || c.peek() === 'sc' || c.peek() === 'ec')) coast = c.take();
    return withCoast(c.map, id, coast);
  }
  const word = c.toks[start]!;
  fail('unknownProvince', word, `"${word}" is not a province; write a three-letter code (PAR) or a full name (Paris)`);
}

function withCoast(map: GameMap, id: ProvinceId, coastText: string | undefined): Location {
  if (coastText === undefined || coastText === '') return id;
  const coast = coastText.toUpperCase() as Coast;
  if (coast !== 'NC' && coast !== 'SC' && coast !== 'EC') {
    fail('badCoast', coastText, `"${coastText}" is not a coast; write NC, SC or EC (STP/NC)`);
  }
  const province = map.provinces.get(id)!;
  // A coast on a one-coast province, or a coast the province does not have, is kept as written:
  // whether it invalidates the order is the rule profile's decision (D.IV(3), DATC 4.B.5, 4.B.6).
  return province.coasts.length > 0 || coast ? `${id}/${coast}` : id;
}

function readUnitRef(c: Cursor, what: string): UnitRef {
  let power: Power | undefined;
  const p = c.peek();
  if (p !== undefined && POWER_WORDS[p] && !provinceNames(c.map).has(p)) { power = POWER_WORDS[p]; c.take(); }
  let kind: UnitKind | undefined;
  const k = c.peek();
  if (k !== undefined && UNIT_WORDS[k] !== undefined && c.toks.length > c.i + 1) { kind = UNIT_WORDS[k]; c.take(); }
  const location = readLocation(c, what);
  return power ? (kind ? { kind, location, power } : { location, power }) : kind ? { kind, location } : { location };
}

function expectEnd(c: Cursor): void {
  if (!c.done()) {
    const rest = c.toks.slice(c.i).join(' ');
    fail('trailingText', rest, `unexpected "${rest}" at the end of the order; accepted forms: ${ACCEPTED_FORMS}`);
  }
}

function parseTokens(c: Cursor): Order {
  const first = c.peek()!;
  if (WAIVE.has(first)) { c.take(); expectEnd(c); return { kind: 'waive' }; }
  if (BUILD.has(first) && c.toks.length > 1) {
    c.take();
    const unit = readUnitRef(c, 'a province to build in');
    expectEnd(c);
    return unit.kind ? { kind: 'build', unitKind: unit.kind, location: unit.location } : { kind: 'build', location: unit.location };
  }
  if ((DISBAND.has(first) || RETREAT.has(first)) && c.toks.length > 1 && first !== 'd' && first !== 'r') {
    c.take();
    const unit = readUnitRef(c, 'a unit');
    if (DISBAND.has(first)) { expectEnd(c); return { kind: 'disband', unit }; }
    c.takeIf(MOVE);
    const to = readLocation(c, 'a province to retreat to');
    expectEnd(c);
    return { kind: 'retreat', unit, to };
  }
  const unit = readUnitRef(c, 'a unit (A PAR)');
  if (c.done() || c.takeIf(HOLD)) { expectEnd(c); return { kind: 'hold', unit }; }
  if (c.takeIf(MOVE)) {
    const stops: Location[] = [readLocation(c, 'a destination')];
    while (c.takeIf(MOVE)) stops.push(readLocation(c, 'a destination'));
    const viaConvoy = c.takeIf(VIA);
    expectEnd(c);
    const to = stops[stops.length - 1]!;
    const route = stops.slice(0, -1).map((l) => l.split('/')[0]!);
    return { kind: 'move', unit, to, viaConvoy: viaConvoy || route.length > 0, route };
  }
  if (c.takeIf(SUPPORT)) {
    const target = readUnitRef(c, 'the supported unit');
    if (c.done() || c.takeIf(HOLD)) { expectEnd(c); return { kind: 'supportHold', unit, target }; }
    if (!c.takeIf(MOVE)) fail('expectedOrder', c.peek()!, `expected "-" and a destination or nothing after the supported unit (A MAR S A PAR - BUR, A MAR S A PAR)`);
    const to = readLocation(c, 'the destination of the supported move');
    expectEnd(c);
    return { kind: 'supportMove', unit, target, to };
  }
  if (c.takeIf(CONVOY)) {
    const target = readUnitRef(c, 'the convoyed army');
    if (!c.takeIf(MOVE)) fail('expectedOrder', c.peek() ?? '', `a convoy names the army and its destination (F NTH C A LON - NWY)`);
    const to = readLocation(c, 'the destination of the convoy');
    expectEnd(c);
    return { kind: 'convoy', unit, target, to };
  }
  if (c.takeIf(RETREAT)) {
    c.takeIf(MOVE);
    const to = readLocation(c, 'a province to retreat to');
    expectEnd(c);
    return { kind: 'retreat', unit, to };
  }
  if (c.takeIf(DISBAND)) { expectEnd(c); return { kind: 'disband', unit }; }
  if (c.takeIf(BUILD)) {
    expectEnd(c);
    return unit.kind ? { kind: 'build', unitKind: unit.kind, location: unit.location } : { kind: 'build', location: unit.location };
  }
  const word = c.peek()!;
  fail('expectedOrder', word, `"${word}" is not an order; accepted forms: ${ACCEPTED_FORMS}`);
}

/**
 * Parse one order line. Returns `{ ok: true, order }` or `{ ok: false, issue }` naming the offending
 * fragment and the accepted form; never throws.
 */
export function parseOrder(text: string, map: GameMap = STANDARD_MAP): ParseOrderResult {
  const toks = tokenize(text);
  if (toks.length === 0) return { ok: false, issue: { code: 'empty', fragment: '', message: 'empty order' } };
  try {
    return { ok: true, order: parseTokens(new Cursor(toks, map)) };
  } catch (e) {
    if (e instanceof ParseError) return { ok: false, issue: e.issue };
    throw e;
  }
}
