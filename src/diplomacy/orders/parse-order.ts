/**
 * Parser for one order line in the canonical notation and its common variants: lower case, full
 * province names, `-`/`->`/`to`, `S`/`supports`, `C`/`convoys`, `H`/`holds`, `VIA`/`by convoy`, coasts as
 * `/nc`, `(nc)`, ` nc`, `north coast`. Returns the order or one issue; never throws. The email-level
 * grammar (sheets, marks, press) lives in `src/rules`.
 */
import { longestNameWords, normaliseName, provinceNames } from '../map/lookup.js';
import type { Coast, GameMap, Location, Power, ProvinceId, UnitKind } from '../map/types.js';
import { provinceOf } from '../map/types.js';
import { STANDARD_MAP } from '../map/standard.js';
import type { Order, UnitRef } from './types.js';

export type ParseOrderIssueCode =
  | 'empty'
  | 'unknownProvince'
  | 'ambiguousProvince'
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

/**
 * A province-name resolver the caller supplies to widen what the parser recognises (abbreviation
 * lists, unambiguous prefixes). `name` is normalised ({@link normaliseName}); `exact` asks for whole
 * names, `prefix` for abbreviated ones. Returns the province, the candidates when the name is
 * ambiguous, or `undefined` when it names nothing. The parser tries the longest exact name first,
 * then the longest prefix, so a code or full name always beats an abbreviation.
 */
export interface ProvinceLookup {
  resolve(name: string, mode: 'exact' | 'prefix'): ProvinceId | readonly ProvinceId[] | undefined;
}

const ACCEPTED_FORMS =
  'A PAR H, A PAR - BUR, A LON - NWY VIA, A MAR S A PAR - BUR, A MAR S F BRE, F NTH C A LON - NWY, ' +
  'F SWE R BAL, A TRI D, A PAR B, WAIVE';

const UNIT_WORDS = new Map<string, UnitKind>([['a', 'A'], ['army', 'A'], ['f', 'F'], ['fleet', 'F']]);
const HOLD = new Set(['h', 'hold', 'holds', 'stand', 'stands']);
const SUPPORT = new Set(['s', 'sup', 'supp', 'support', 'supports']);
const CONVOY = new Set(['c', 'cvy', 'convoy', 'convoys']);
const MOVE = new Set(['-', 'to', 'move', 'moves', 'attack', 'attacks']);
const TO = new Set(['to']);
const RETREAT = new Set(['r', 'retreat', 'retreats']);
const DISBAND = new Set(['d', 'disband', 'disbands', 'remove', 'removes']);
const BUILD = new Set(['b', 'build', 'builds']);
const WAIVE = new Set(['waive', 'waives', 'waived']);
const VIA = new Set(['via', 'vc']);
const POWER_WORDS = new Map<string, Power>(Object.entries({
  austria: 'AUSTRIA', austrian: 'AUSTRIA', england: 'ENGLAND', english: 'ENGLAND', british: 'ENGLAND',
  france: 'FRANCE', french: 'FRANCE', germany: 'GERMANY', german: 'GERMANY', italy: 'ITALY', italian: 'ITALY',
  russia: 'RUSSIA', russian: 'RUSSIA', turkey: 'TURKEY', turkish: 'TURKEY',
} as Record<string, Power>));

/** Split a line into tokens, normalising arrows and the many ways of writing a coast. */
function tokenize(text: string): string[] {
  const s = text
    .replace(/[→⇒]|->|=>|[–—]>?/gi, ' - ')
    .replace(/\bmid-atl/gi, 'mid atl')
    .replace(/\s*\(\s*(north|south|east)\s+coast\s*\)/gi, (_m, d: string) => `/${d[0]}c`)
    .replace(/\s*\(\s*([nse])\.?\s*c\.?\s*\)/gi, '/$1c')
    .replace(/\s*\/\s*([nse])\.?\s*c\b\.?/gi, '/$1c')
    .replace(/\s*\/\s*(north|south|east)(\s+coast)?\b/gi, (_m, d: string) => `/${d[0]}c`)
    .replace(/\s+(north|south|east)\s+coast\b/gi, (_m, d: string) => `/${d[0]}c`)
    .replace(/\s+([nse])\.?c\.?(?=\s|$|-|,)/gi, '/$1c')
    .replace(/by\s+convoy|via\s+convoy/gi, ' via ')
    .replace(/-/gi, ' - ')
    .replace(/[,;:]/gi, ' ');
  return s
    .split(/\s+/)
    .map((t) => (t === '-' ? t : t.replace(/^\.+|\.+$/gi, '')))
    .filter((t) => t.length > 0);
}

class Cursor {
  i = 0;
  /** Lower-cased tokens for matching; `raw` keeps the player's spelling for messages. */
  readonly toks: string[];
  constructor(readonly raw: string[], readonly map: GameMap, readonly lookup?: ProvinceLookup) {
    this.toks = raw.map((t) => t.toLowerCase());
  }
  /** The player's spelling of the tokens from `from` to `to`. */
  said(from: number, to = from + 1): string { return this.raw.slice(from, to).join(' '); }
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

/** Order words that are never part of an abbreviated province name. */
const KEYWORDS = new Set(['a', 'f', 's', 'c', 'h', 'd', 'r', 'b', '-', 'to', 'via', 'vc']);

/** Read a location (longest-match over multi-word names), with an optional coast. */
function readLocation(c: Cursor, what: string): Location {
  const start = c.i;
  if (c.done()) fail('expectedProvince', '', `expected ${what} after "${c.said(0, c.toks.length)}"`);
  let span = 0;
  while (span < longestNameWords(c.map) && start + span < c.toks.length && c.toks[start + span] !== '-') span++;
  const modes = c.lookup ? (['exact', 'prefix'] as const) : (['exact'] as const);
  for (const mode of modes) {
    for (let n = span; n >= 1; n--) {
      const words = c.toks.slice(start, start + n);
      const last = words[n - 1]!;
      const slash = last.indexOf('/');
      const coastText = slash >= 0 ? last.slice(slash + 1) : undefined;
      if (slash >= 0) words[n - 1] = last.slice(0, slash);
      if (mode === 'prefix' && words.some((w) => KEYWORDS.has(w) || w.length === 0)) continue;
      const found = resolveName(c, normaliseName(words.join(' ')), mode);
      if (found === undefined) continue;
      if (typeof found !== 'string') {
        const said = c.said(start, start + n);
        fail('ambiguousProvince', said, `"${said}" is ambiguous: it could be ${found.join(', ')}; write the three-letter code or more of the name`);
      }
      c.i = start + n;
      let coast = coastText;
      if (coast === undefined && (c.peek() === 'nc' || c.peek() === 'sc' || c.peek() === 'ec')) coast = c.take();
      return withCoast(found, coast);
    }
  }
  const word = c.said(start);
  fail('unknownProvince', word, `"${word}" is not a province; write a three-letter code (PAR) or a full name (Paris)`);
}

function resolveName(c: Cursor, name: string, mode: 'exact' | 'prefix'): ProvinceId | readonly ProvinceId[] | undefined {
  if (c.lookup) return c.lookup.resolve(name, mode);
  return provinceNames(c.map).get(name);
}

function withCoast(id: ProvinceId, coastText: string | undefined): Location {
  if (coastText === undefined) return id;
  if (coastText === '') fail('badCoast', '/', 'a "/" must be followed by a coast: NC, SC or EC (STP/NC)');
  const coast = coastText.toUpperCase() as Coast;
  if (coast !== 'NC' && coast !== 'SC' && coast !== 'EC') {
    fail('badCoast', coastText, `"${coastText}" is not a coast; write NC, SC or EC (STP/NC)`);
  }
  // A coast on a one-coast province, or a coast the province does not have, is kept as written:
  // whether it invalidates the order is the rule profile's decision (D.IV(3), DATC 4.B.5, 4.B.6).
  return `${id}/${coast}`;
}

function readUnitRef(c: Cursor, what: string): UnitRef {
  let power: Power | undefined;
  const p = c.peek();
  if (p !== undefined && POWER_WORDS.has(p) && resolveName(c, p, 'exact') === undefined) { power = POWER_WORDS.get(p); c.take(); }
  let kind: UnitKind | undefined;
  const k = c.peek();
  if (k !== undefined && UNIT_WORDS.has(k) && c.toks.length > c.i + 1) { kind = UNIT_WORDS.get(k); c.take(); }
  const location = readLocation(c, what);
  return power ? (kind ? { kind, location, power } : { location, power }) : kind ? { kind, location } : { location };
}

function expectEnd(c: Cursor): void {
  if (!c.done()) {
    const rest = c.said(c.i, c.toks.length);
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
    c.takeIf(TO); // "moves to", "attacks to"
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
    if (!c.takeIf(MOVE)) fail('expectedOrder', c.said(c.i), `expected "-" and a destination or nothing after the supported unit (A MAR S A PAR - BUR, A MAR S A PAR)`);
    c.takeIf(TO);
    const to = readLocation(c, 'the destination of the supported move');
    expectEnd(c);
    return { kind: 'supportMove', unit, target, to };
  }
  if (c.takeIf(CONVOY)) {
    const target = readUnitRef(c, 'the convoyed army');
    if (!c.takeIf(MOVE)) fail('expectedOrder', c.said(c.i), `a convoy names the army and its destination (F NTH C A LON - NWY)`);
    c.takeIf(TO);
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
  const word = c.said(c.i);
  fail('expectedOrder', word, `"${word}" is not an order; accepted forms: ${ACCEPTED_FORMS}`);
}

const canonicalCache = new WeakMap<GameMap, Set<string>>();

/** Every location written canonically (`BUR`, `STP/NC`). */
function canonicalLocations(map: GameMap): Set<string> {
  let set = canonicalCache.get(map);
  if (!set) {
    set = new Set();
    for (const p of map.provinces.values()) {
      set.add(p.id);
      for (const c of p.coasts) set.add(`${p.id}/${c}`);
    }
    canonicalCache.set(map, set);
  }
  return set;
}

function isKind(x: string | undefined): x is UnitKind {
  return x === 'A' || x === 'F';
}

/**
 * Fast path for text already in the canonical notation (what the CLI, the replays and the judge's
 * own echo use): single spaces, upper-case codes. Anything else returns `undefined` and goes to the
 * general parser, which accepts the same orders and every variant.
 */
function parseCanonical(text: string, map: GameMap): Order | undefined {
  const t = text.split(' ');
  const n = t.length;
  if (n === 1) return t[0] === 'WAIVE' ? { kind: 'waive' } : undefined;
  const locs = canonicalLocations(map);
  if (n === 2 && t[1] === 'B' && locs.has(t[0]!)) return { kind: 'build', location: t[0]! };
  const k = t[0];
  const loc = t[1]!;
  if (!isKind(k) || !locs.has(loc)) return undefined;
  const unit: UnitRef = { kind: k, location: loc };
  if (n === 2) return { kind: 'hold', unit };
  const verb = t[2];
  if (n === 3) {
    if (verb === 'H') return { kind: 'hold', unit };
    if (verb === 'D') return { kind: 'disband', unit };
    if (verb === 'B') return { kind: 'build', unitKind: k, location: loc };
    return undefined;
  }
  if (verb === '-') {
    const via = t[n - 1] === 'VIA';
    const end = via ? n - 1 : n;
    if ((end - 2) % 2 !== 0) return undefined;
    const stops: string[] = [];
    for (let i = 2; i < end; i += 2) {
      if (t[i] !== '-' || !locs.has(t[i + 1]!)) return undefined;
      stops.push(t[i + 1]!);
    }
    const route: ProvinceId[] = [];
    for (let i = 0; i < stops.length - 1; i++) route.push(provinceOf(stops[i]!));
    return { kind: 'move', unit, to: stops[stops.length - 1]!, viaConvoy: via || route.length > 0, route };
  }
  if (verb === 'R' && n === 4 && locs.has(t[3]!)) return { kind: 'retreat', unit, to: t[3]! };
  if ((verb === 'S' || verb === 'C') && n >= 5 && isKind(t[3]) && locs.has(t[4]!)) {
    const target: UnitRef = { kind: t[3], location: t[4]! };
    if (verb === 'S' && (n === 5 || (n === 6 && t[5] === 'H'))) return { kind: 'supportHold', unit, target };
    if (n === 7 && t[5] === '-' && locs.has(t[6]!)) {
      return verb === 'S' ? { kind: 'supportMove', unit, target, to: t[6]! } : { kind: 'convoy', unit, target, to: t[6]! };
    }
  }
  return undefined;
}

/**
 * Parse one order line. Returns `{ ok: true, order }` or `{ ok: false, issue }` naming the offending
 * fragment and the accepted form; never throws.
 */
export function parseOrder(text: string, map: GameMap = STANDARD_MAP, lookup?: ProvinceLookup): ParseOrderResult {
  if (lookup) return parseUncached(text, map, lookup);
  if (map === STANDARD_MAP) {
    const hit = memo.get(text);
    if (hit) return hit;
  }
  const result = parseUncached(text, map);
  if (map === STANDARD_MAP) {
    // Bounded, so memory does not grow with the number of orders parsed; results are immutable.
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(text, result);
  }
  return result;
}

const MEMO_LIMIT = 20_000;
const memo = new Map<string, ParseOrderResult>();

/** Empty the parser's memo of recent lines (benchmarks use it to measure cold parsing). */
export function clearOrderParseCache(): void {
  memo.clear();
}

function parseUncached(text: string, map: GameMap, lookup?: ProvinceLookup): ParseOrderResult {
  const fast = parseCanonical(text, map);
  if (fast) return { ok: true, order: fast };
  const toks = tokenize(text);
  if (toks.length === 0) return { ok: false, issue: { code: 'empty', fragment: '', message: 'empty order' } };
  try {
    return { ok: true, order: parseTokens(new Cursor(toks, map, lookup)) };
  } catch (e) {
    if (e instanceof ParseError) return { ok: false, issue: e.issue };
    throw e;
  }
}
