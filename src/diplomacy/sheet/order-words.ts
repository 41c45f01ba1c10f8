/**
 * The words of an order line as players write them, read the way a careful GM reads them:
 * - the abbreviations and misspellings players use for order verbs (`Bld`, `Bild`, `Suport`), and the
 *   one-letter verbs that mean different things in different phases (`D`, `R`: remove in a winter,
 *   retreat or disband in a retreat phase) — D.III(1): "any abbreviations that are not ambiguous are
 *   acceptable", so a letter is read only where the phase makes it unambiguous;
 * - whether a line is an attempt at an order (then any problem with it is reported, with the nearest
 *   reading) or the player's conversation (then it is listed as set aside, never used);
 * - the nearest reading of a line that could not be read, offered as "did you mean …?".
 * Pure.
 */
import type { PhaseKind, ProvinceId, ProvinceLookup } from '../index.js';
import { normaliseName } from '../index.js';

/** Verb spellings (abbreviations and common misspellings) → the word the order grammar reads. */
const VERBS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    build: 'build b bld bd bild biuld bulid buld buid buidl buil bulild buiild builld builds bulds',
    disband: 'disband disbands disbnad disban dsband disbad dibsand disbnd disbamd dissband disbanded',
    remove: 'remove removes rem rmv remov remvoe romove remoev removed',
    retreat: 'retreat retreats retreet retret retrat retreta rtr',
    supports: 'supports support s sup supp sprt suport suports supoprt suppport supprot suport supporst',
    convoys: 'convoys convoy c cvy cnvy convoi convoyes convy',
    hold: 'hold holds h hld hodl hol holds stand stands',
    moves: 'moves move mve mvoe attack attacks',
    waive: 'waive waives waived waiver wiave',
  }).flatMap(([verb, spellings]) => spellings.split(' ').map((s) => [s, verb] as const)),
);

/**
 * Unit words in the languages the hobby's players also write orders in (issue 28): French `Armée`,
 * `Flotte`; German `Armee`, `Flotte`; Italian `Armata`, `Flotta`; Spanish `Ejército`, `Flota`. Read
 * as `army`/`fleet` in every phase (D.III(1): an unambiguous abbreviation or word is accepted). The
 * one-letter forms stay A and F (`E` or `H` would clash with the hobby's other meanings).
 */
const FOREIGN_UNIT_WORDS: ReadonlyMap<string, 'army' | 'fleet'> = new Map([
  ['armée', 'army'], ['armee', 'army'], ['armata', 'army'], ['ejército', 'army'], ['ejercito', 'army'],
  ['flotte', 'fleet'], ['flotta', 'fleet'], ['flota', 'fleet'],
]);

/** Verb words the order grammar (src/diplomacy/orders/parse-order.ts) reads itself. */
const GRAMMAR_WORDS = new Set('b build builds d disband disbands remove removes r retreat retreats s sup supp support supports c cvy convoy convoys h hold holds stand stands move moves attack attacks waive waives waived'.split(' '));

const UNIT_WORDS = new Set(['a', 'f', 'army', 'fleet']);
const ARROWS = new Set(['-', 'to', '->', '=>']);
const COASTS = new Set(['nc', 'sc', 'ec']);
/** Verbs that may open an order line (`Build A Rom`, `Disband F Tri`, `Retreat A Ven - Apu`). */
const LEADING_VERBS = new Set(['build', 'disband', 'remove', 'retreat', 'waive', 'hold']);

/** A whitespace-separated run this long with no space is encoded data (uuencode, base64), never an order. */
const ENCODED_RUN = 25;

export type TokenKind = 'unit' | 'verb' | 'arrow' | 'coast' | 'province' | 'other';

export interface Token {
  readonly text: string;
  readonly kind: TokenKind;
  /** The province, when `kind` is `province`. */
  readonly province?: ProvinceId;
}

/** Split an order line into words; arrows, slashes and brackets separate, `-` is its own token. */
function words(text: string): string[] {
  const out: string[] = [];
  for (const run of text.replace(/[→⇒]|->|=>|[–—]>?/g, ' - ').split(/\s+/)) {
    if (run.length === 0) continue;
    if (run.length >= ENCODED_RUN && /[^\p{L}.'’-]/u.test(run)) { out.push(run); continue; }
    for (const part of run.split(/([-/(),;:])/)) {
      const w = part.replace(/^[.'’"]+|[.,:;!?'’"]+$/g, '');
      if (w === '-') out.push('-');
      else if (w.length > 0 && !/^[/(),;:]$/.test(w)) out.push(w);
    }
  }
  return out;
}

/** Whether `name` names a province (exactly, or as a prefix of three letters or more). */
function provinceAt(lookup: ProvinceLookup, name: string): ProvinceId | undefined {
  const n = normaliseName(name);
  if (n.length === 0 || /[^a-z ]/.test(n)) return undefined;
  const exact = lookup.resolve(n, 'exact');
  if (typeof exact === 'string') return exact;
  if (n.replace(/ /g, '').length < 3) return undefined;
  const prefix = lookup.resolve(n, 'prefix');
  return typeof prefix === 'string' ? prefix : Array.isArray(prefix) && prefix.length > 0 ? prefix[0] : undefined;
}

/** The line's words, classified (multi-word province names are one token). */
export function classify(text: string, lookup: ProvinceLookup): Token[] {
  const ws = words(text);
  const out: Token[] = [];
  for (let i = 0; i < ws.length; i++) {
    const w = ws[i]!;
    const lower = w.toLowerCase();
    if (lower === '-' || ARROWS.has(lower)) { out.push({ text: w, kind: 'arrow' }); continue; }
    if (UNIT_WORDS.has(lower)) { out.push({ text: w, kind: 'unit' }); continue; }
    // Longest province name first (`Gulf of Lyon`, `North Sea`), then a verb, then one word.
    let found: { n: number; id: ProvinceId } | undefined;
    for (let n = Math.min(3, ws.length - i); n >= 2 && !found; n--) {
      const span = ws.slice(i, i + n);
      if (span.some((x) => ARROWS.has(x.toLowerCase()) || UNIT_WORDS.has(x.toLowerCase()))) continue;
      const name = span.join(' ');
      const exact = lookup.resolve(normaliseName(name), 'exact');
      if (typeof exact === 'string') found = { n, id: exact };
    }
    if (found) { out.push({ text: ws.slice(i, i + found.n).join(' '), kind: 'province', province: found.id }); i += found.n - 1; continue; }
    if (COASTS.has(lower)) { out.push({ text: w, kind: 'coast' }); continue; }
    const exact = lookup.resolve(normaliseName(w), 'exact');
    if (typeof exact === 'string') { out.push({ text: w, kind: 'province', province: exact }); continue; }
    if (VERBS.has(lower) || lower === 'd' || lower === 'r') { out.push({ text: w, kind: 'verb' }); continue; }
    const id = provinceAt(lookup, w);
    out.push(id ? { text: w, kind: 'province', province: id } : { text: w, kind: 'other' });
  }
  return out;
}

/**
 * Whether a line is an attempt at an order, by its shape: a unit and a province (`A Rom B`, `F Mun-Ber`),
 * a verb and what it acts on (`B A Rome`, `Disband F Tri`, `Waive`), a province followed by an order
 * word (`Rome B`, `Par - Bur`, `Mun S Ber`), or two provinces joined by an arrow anywhere on the line.
 * A question (`… adjacent to Venice?`) is conversation. Prose that merely starts with "A" (`A happy
 * day`, `A reminder`), mentions a unit word (`Army of darkness`, `Fleet Street`) or holds encoded
 * data is not an attempt.
 */
export function isOrderAttempt(tokens: readonly Token[], text: string, where: 'anywhere' | 'start' = 'anywhere'): boolean {
  if (tokens.length === 0 || /\?\s*$/.test(text)) return false;
  const [t0, t1, t2] = tokens;
  const k = (t: Token | undefined) => t?.kind;
  if (k(t0) === 'unit' && k(t1) === 'province') return true;
  // `A München - Ruhr`, `F Xyz S A Par`: a unit, a word that is not a province, then an order word.
  if (k(t0) === 'unit' && k(t1) === 'other' && /^\p{L}+$/u.test(t1!.text) && (k(t2) === 'arrow' || (k(t2) === 'verb' && t2!.text.length > 1) || /^[shcbd]$/i.test(t2?.text ?? ''))) return true;
  if (k(t0) === 'verb') {
    const verb = VERBS.get(t0!.text.toLowerCase()) ?? t0!.text.toLowerCase();
    if (verb === 'waive' && tokens.length <= 2) return true;
    if (verb === 'moves') return k(t1) === 'unit' && k(t2) === 'province';
    if (LEADING_VERBS.has(verb) || verb === 'd' || verb === 'r') return k(t1) === 'province' || (k(t1) === 'unit' && k(t2) === 'province');
  }
  if (k(t0) === 'province' && tokens.length >= 2 && (k(t1) === 'arrow' || k(t1) === 'verb' || k(t1) === 'unit' || k(t1) === 'coast')) return true;
  if (where === 'start') return false;
  for (let i = 0; i + 2 < tokens.length; i++) {
    if (tokens[i]!.kind === 'province' && tokens[i + 1]!.kind === 'arrow' && tokens[i + 2]!.kind === 'province') return true;
  }
  return false;
}

/**
 * The line with verb abbreviations and misspellings spelled out, as the order grammar reads them.
 * Phase decides the one-letter verbs (D.III(1), unambiguous only in their phase): in an adjustment
 * phase `R`/`D` remove (`D A War`, `A War R`); in a retreat phase `R` retreats and `D` disbands.
 */
export function spellOutVerbs(text: string, phase: PhaseKind, lookup: ProvinceLookup): string {
  let first = true;
  // `Build a fleet in Naples`, `Hold F Bre`: the unit word and the verb where the grammar reads them.
  const plain = text
    .replace(/\b(?:an?\s+)?(army|fleet)\s+(?:in|at)\s+/gi, '$1 ')
    .replace(/^\s*(?:hold|holds|stand)\s+((?:a|f|army|fleet)\s+.+)$/i, '$1 H');
  return plain.replace(/[\p{L}]+/gu, (w, offset: number, all: string) => {
    const lower = w.toLowerCase();
    const leading = first;
    first = false;
    // A word glued to others (`Mun-Ber`) or a province name keeps its meaning.
    if (typeof lookup.resolve(lower, 'exact') === 'string') return w;
    const before = all[offset - 1];
    if (before !== undefined && /[\p{L}']/u.test(before)) return w;
    if (lower === 'd' || lower === 'r') {
      if (phase === 'A') return leading || lower === 'r' ? 'disband' : w;
      if (phase === 'R' && leading) return lower === 'd' ? 'disband' : 'retreat';
      return w;
    }
    const unit = FOREIGN_UNIT_WORDS.get(lower);
    if (unit) return unit;
    const verb = VERBS.get(lower);
    // Words the grammar knows already (S, C, H, B, Convoy, Supports, …) are left as they are.
    if (!verb || GRAMMAR_WORDS.has(lower)) return w;
    return verb;
  });
}

/** Damerau–Levenshtein distance (adjacent transpositions count as one edit), capped at `max + 1`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return Math.min(d[a.length]![b.length]!, max + 1);
}

/** The closest of `names` to `word` within `max` edits, when exactly one name is that close. */
export function closest(word: string, names: Iterable<string>, max: number): string | undefined {
  let best: string | undefined;
  let bestD = max + 1;
  let tie = false;
  for (const n of names) {
    const dist = editDistance(word, n, max);
    if (dist < bestD) { best = n; bestD = dist; tie = false; } else if (dist === bestD && n !== best) tie = true;
  }
  return bestD <= max && !tie ? best : undefined;
}
