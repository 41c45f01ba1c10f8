/**
 * Parser for Coalition/Phyrexia movement posts (rules chapter 3): each non-blank line of a post is
 * one army's order, `Army: action`, in the forms of 3.2.2.5 (moves, long and routed moves, engage /
 * replace), 3.2.3.1 (Intercept), 3.2.4.2 (Transfer), 3.2.5.1 (Joint Engage) and the optional hold /
 * in-battle posts of 3.2.1. Pure: no map, no clock; it checks what the text alone can show (squares
 * on the grid, legs of at most 3 squares, routes that walk square by square) and leaves occupancy,
 * control and rank to the judge. Bad input is returned as issues, every one in one pass; never throws.
 *
 * Lines are read as a token stream (words, arrows, dashes, parentheses, `;`, `,`, `:`, `@`, dots)
 * that keeps each token's offsets, so every issue quotes the player's own text. Army names are free
 * text and are taken as raw slices of the line, never re-assembled from tokens.
 */
import { MAX_LINE_CHARS, MAX_SHEET_LINES } from '../../rules/limits.js';
import type { Severity, SheetIssue } from '../../rules/sheet-issue.js';
import { formatCoalitionAction } from './format-post.js';
import type { CoalitionAction, CoalitionPost, DestinationArmy, MoveLeg, Square } from './post.js';
import { MAP_COLUMNS, MAP_ROWS, MOVE_RANGE, formatSquare, sameSquare, squareDistance } from './post.js';

/** Every problem `parseCoalitionPosts` reports; the severity of each is fixed. */
export type CoalitionIssueCode =
  /** error: a line over `MAX_LINE_CHARS` that would be read as an order. */
  | 'lineTooLong'
  /** error: lines past `MAX_SHEET_LINES` are not read. */
  | 'tooManyLines'
  /** error: no army before the colon (or no colon and no poster), or no army after engage/replace/Intercept/Transfer to. */
  | 'missingArmyName'
  /** error: the name has a character that would make the line ambiguous (`: ; < > ( )`) or does not start with a letter or digit. */
  | 'badArmyName'
  /** error: text before an order but no colon after it (`Sai Rei 3D > 5E`). */
  | 'missingColon'
  /** error: nothing after the colon is an order. */
  | 'expectedAction'
  /** error: a square off the grid (columns 1–38, rows A–N) or written row first. */
  | 'badSquare'
  /** error: a square is needed here (after `>`, in a route, after Transfer ... at). */
  | 'expectedSquare'
  /** error: a square not followed by `>` and a destination. */
  | 'expectedArrow'
  /** error: a route that does not start at the leg's start, end at its destination, or step to adjacent squares. */
  | 'routeMismatch'
  /** error: `(` without `)`. */
  | 'unclosedRoute'
  /** error: a leg or route longer than 3 squares. */
  | 'stepTooLong'
  /** error: a Joint Engage posted as a long distance move. */
  | 'longJointEngage'
  /** error: an army that engages, replaces, intercepts, transfers to or fights itself. */
  | 'selfTarget'
  /** error: text after a complete order. */
  | 'trailingText'
  /** warning: an army named after Joint Engage, which names none; ignored. */
  | 'jointEngageArmy'
  /** warning: troops named in a transfer post, which go to the movement judge privately; ignored. */
  | 'transferDetails'
  /** warning: an army ordered again later in the same post; this earlier order is ignored. */
  | 'duplicateArmy';

/** What the parser may know besides the text. */
export interface ParseCoalitionPostsOptions {
  /**
   * The poster's screen name: an order line with no army name is for the army of that name
   * (3.2.2.5). Without it such lines are reported as `missingArmyName`.
   */
  readonly poster?: string;
}

/** The orders read from a post, in the order written, and every problem found. */
export interface ParseCoalitionPostsResult {
  /** One per army: the last order written for it (3.3.6), at the place it was written (3.3.1). */
  readonly posts: CoalitionPost[];
  /** Sorted by line. */
  readonly issues: SheetIssue<CoalitionIssueCode>[];
}

// ---------------------------------------------------------------------------------------------------
// Tokens

type TokenKind = 'word' | 'arrow' | 'dash' | 'open' | 'close' | 'semi' | 'comma' | 'colon' | 'at' | 'dot' | 'other';

interface Token {
  readonly kind: TokenKind;
  /** Lower case, curly apostrophes straightened: for matching only. */
  readonly lower: string;
  readonly start: number;
  readonly end: number;
}

const TOKEN_KINDS: readonly TokenKind[] = ['word', 'arrow', 'dash', 'open', 'close', 'semi', 'comma', 'colon', 'at', 'dot', 'other'];
const SPACE = /\s+/uy;
// Group order is TOKEN_KINDS order. `->`, `=>`, `–>` are arrows before `-` is a dash.
const TOKEN = /([\p{L}\p{M}\p{N}_'’]+)|(-+>|=+>|[–—]+>|>+|[→⇒➔➜⟶])|([-–—]+)|(\()|(\))|(;)|(,)|(:)|(@)|(\.+)|([^])/uy;

/** The tokens of `text` from offset `from` on; whitespace separates tokens and is dropped. */
function tokenize(text: string, from: number): Token[] {
  const toks: Token[] = [];
  let pos = from;
  while (pos < text.length) {
    SPACE.lastIndex = pos;
    if (SPACE.test(text)) {
      pos = SPACE.lastIndex;
      continue;
    }
    TOKEN.lastIndex = pos;
    const m = TOKEN.exec(text);
    if (!m) break; // unreachable: the last alternative matches any code point
    const group = m.findIndex((g, k) => k > 0 && g !== undefined);
    toks.push({
      kind: TOKEN_KINDS[group - 1] ?? 'other',
      lower: m[0].toLowerCase().replace(/’/g, "'"),
      start: pos,
      end: pos + m[0].length,
    });
    pos += m[0].length;
  }
  return toks;
}

function isWord(t: Token | undefined, ...words: readonly string[]): boolean {
  return t !== undefined && t.kind === 'word' && words.includes(t.lower);
}

/** The index after the first of `phrases` (word sequences, longest first) that starts at `i`, or -1. */
function phraseAt(toks: readonly Token[], i: number, phrases: readonly (readonly string[])[]): number {
  for (const p of phrases) {
    if (p.every((w, k) => isWord(toks[i + k], w))) return i + p.length;
  }
  return -1;
}

// 3.2.1: "You may post ordering your army to not move".
const HOLD_PHRASES: readonly (readonly string[])[] = [
  ['does', 'not', 'move'], ["doesn't", 'move'], ['stays', 'put'], ['stay', 'put'], ['not', 'moving'], ['no', 'move'],
  ['hold'], ['holds'], ['holding'], ['stay'], ['stays'], ['stand'], ['stands'],
];
// 3.2.1: "You may post mentioning that your army cannot move because it is fighting."
const BATTLE_PHRASES: readonly (readonly string[])[] = [
  ['engaged', 'in', 'battle'], ['in', 'battle'], ['in', 'combat'], ['fighting'], ['battling'], ['engaged'],
];
const MOVE_WORDS = ['move', 'moves', 'moving'];
const INTERCEPT_WORDS = ['intercept', 'intercepts'];
const TRANSFER_WORDS = ['transfer', 'transfers'];
const ENGAGE_WORDS = ['engage', 'engages', 'attack', 'attacks'];
const REPLACE_WORDS = ['replace', 'replaces'];
const AT_WORDS = ['at', 'in', 'on'];
const OPPONENT_WORDS = ['with', 'against', 'vs', 'versus'];

/** The index after "Joint Engage" (also `joint-engage`, `JointEngage`, "joint engagement") at `i`, or -1. */
function jointEngageAt(toks: readonly Token[], i: number): number {
  if (isWord(toks[i], 'jointengage', 'jointengagement')) return i + 1;
  if (!isWord(toks[i], 'joint')) return -1;
  const j = toks[i + 1]?.kind === 'dash' ? i + 2 : i + 1;
  return isWord(toks[j], 'engage', 'engagement') ? j + 1 : -1;
}

// ---------------------------------------------------------------------------------------------------
// Squares

/** A square as read at a token: a valid square, or something written where a square belongs. */
type SquareRead =
  | { readonly ok: true; readonly square: Square; readonly start: number; readonly end: number; readonly next: number }
  | { readonly ok: false; readonly swapped?: string; readonly start: number; readonly end: number; readonly next: number };

/**
 * Reads `5E`, `5e` or `5 E` at token `i`; a word starting with a digit (`39E`, `5EE`, `55`) or a
 * letter-then-number (`E5`) is a bad square; any other token is no square at all (undefined).
 */
function readSquareAt(toks: readonly Token[], i: number): SquareRead | undefined {
  const t = toks[i];
  if (!t || t.kind !== 'word') return undefined;
  // 1.2: "each location has a letter from A to N and a number from 1 to 38", written number first (5E).
  const grid = (digits: string, letter: string, end: number, next: number): SquareRead => {
    const col = Number(digits);
    const row = letter.toUpperCase();
    return col >= 1 && col <= MAP_COLUMNS && MAP_ROWS.includes(row)
      ? { ok: true, square: { col, row }, start: t.start, end, next }
      : { ok: false, start: t.start, end, next };
  };
  const m = /^(\d+)([a-z])$/.exec(t.lower);
  if (m) return grid(m[1] ?? '', m[2] ?? '', t.end, i + 1);
  if (/^\d+$/.test(t.lower)) {
    const u = toks[i + 1];
    if (u && u.kind === 'word' && /^[a-z]$/.test(u.lower)) return grid(t.lower, u.lower, u.end, i + 2);
    return { ok: false, start: t.start, end: t.end, next: i + 1 };
  }
  const r = /^([a-z])(\d+)$/.exec(t.lower);
  if (r) {
    const fixed = grid(r[2] ?? '', r[1] ?? '', t.end, i + 1);
    return { ok: false, start: t.start, end: t.end, next: i + 1, ...(fixed.ok ? { swapped: formatSquare(fixed.square) } : {}) };
  }
  if (/^\d/.test(t.lower)) return { ok: false, start: t.start, end: t.end, next: i + 1 };
  return undefined;
}

/** The squares walked from `a` to `b`, rows first then columns, as in 3.2.2.5's routed example. */
function walk(a: Square, b: Square): Square[] {
  const out: Square[] = [a];
  let r = MAP_ROWS.indexOf(a.row);
  const rowTo = MAP_ROWS.indexOf(b.row);
  while (r !== rowTo) {
    r += Math.sign(rowTo - r);
    out.push({ col: a.col, row: MAP_ROWS.charAt(r) });
  }
  let c = a.col;
  while (c !== b.col) {
    c += Math.sign(b.col - c);
    out.push({ col: c, row: b.row });
  }
  return out;
}

/** A leg too long for one turn, split into legs of at most `MOVE_RANGE` squares (3.2.2.3). */
function splitLeg(a: Square, b: Square): Square[] {
  const path = walk(a, b);
  const stops: Square[] = [];
  for (let k = MOVE_RANGE; k < path.length - 1; k += MOVE_RANGE) {
    const s = path[k];
    if (s) stops.push(s);
  }
  stops.push(b);
  return stops;
}

// ---------------------------------------------------------------------------------------------------
// Names

/** A list marker the player may start a line with: `- `, `* `, `• `, `1. `, `2) `. */
const BULLET = /^\s*(?:[-*•·]|\d{1,3}[.)])\s+/u;

/** Whitespace collapsed, trailing dots dropped (a sentence's full stop is not part of a name). */
function normaliseName(text: string): string {
  return text.replace(/\s+/gu, ' ').trim().replace(/[.\s]+$/u, '');
}

/**
 * A name the parser can read back unambiguously: starts with a letter or digit and has none of the
 * characters that structure a line (`:` ends the name, `;` starts engage/replace, `>` is a move,
 * parentheses a route) nor control characters.
 */
function isArmyName(name: string): boolean {
  return /^[\p{L}\p{N}][^:;<>()\p{Cc}]*$/u.test(name) && !BULLET.test(name);
}

/** Two names are the same army when they match ignoring case. */
function armyKey(name: string): string {
  return name.toLowerCase();
}

// ---------------------------------------------------------------------------------------------------
// One line

interface LineState {
  readonly lineNo: number;
  readonly raw: string;
  readonly toks: readonly Token[];
  i: number;
  /** The ordered army, once known: used in messages and to catch self-targets. */
  army: string | undefined;
  errors: number;
  readonly issues: SheetIssue<CoalitionIssueCode>[];
}

function report(st: LineState, code: CoalitionIssueCode, fragment: string, message: string, severity: Severity = 'error'): void {
  st.issues.push({ line: st.lineNo, fragment, code, message, severity });
  if (severity === 'error') st.errors++;
}

/** The player's text from token `a` through token `b`. */
function said(st: LineState, a: { readonly start: number }, b: { readonly end: number }): string {
  return st.raw.slice(a.start, b.end);
}

/** The player's text from token `i` to the end of the line. */
function rest(st: LineState, i: number): string {
  const t = st.toks[i];
  return t ? st.raw.slice(t.start).trim() : '';
}

function armyOf(st: LineState): string {
  return st.army ?? PLACEHOLDER;
}

/** An army name for examples that is not the ordered army. */
function otherArmy(st: LineState): string {
  return st.army && armyKey(st.army) === 'darkhand5' ? 'Sai Rei' : 'Darkhand5';
}

/** `write "Army: action"`: the accepted form every message ends with. */
function write(st: LineState, action: string): string {
  return `write "${armyOf(st)}: ${action}"`;
}

function acceptedForms(st: LineState): string {
  const a = armyOf(st);
  const b = otherArmy(st);
  return `write one of "${a}: 3D > 5E", "${a}: 5E > 8E > 11E", "${a}: 5E > 4G (5E - 5F - 5G - 4G)", ` +
    `"${a}: 3D > 5E; replace ${b}", "${a}: 5E > 6E; Joint Engage", "${a}: Intercept ${b}", ` +
    `"${a}: Transfer to ${b} at 6F", "${a}: hold"`;
}

/** The army name in examples when the line names none. */
const PLACEHOLDER = 'Army';

const SQUARE_RULE = 'a square is its column number 1–38, then its row letter A–N (1.2)';

/** The square of a read, reporting `badSquare` when it is not one. */
function squareOf(st: LineState, read: SquareRead): Square | undefined {
  if (read.ok) return read.square;
  const text = said(st, read, read);
  const message = read.swapped
    ? `"${text}" is not a square; the column number comes first (1.2): write "${read.swapped}"`
    : `"${text}" is not a square; ${SQUARE_RULE}: write a square like "5E"`;
  report(st, 'badSquare', text, message);
  return undefined;
}

const isIgnorable = (t: Token): boolean =>
  t.kind === 'dot' || t.kind === 'semi' || t.kind === 'comma' || (t.kind === 'other' && t.lower === '!');

/** Reports `trailingText` if anything but closing punctuation follows token `i`. */
function expectEnd(st: LineState, i: number, canonical: string | undefined): void {
  const extra = st.toks.slice(i).find((t) => !isIgnorable(t));
  if (!extra) return;
  const fragment = st.raw.slice(extra.start).trim();
  report(st, 'trailingText', fragment,
    `"${fragment}" after a complete order is not read: ` + (canonical ? write(st, canonical) : acceptedForms(st)));
}

/** Index of the first `;` at or after `i` (where a name stops), or the end of the line. */
function stopAt(st: LineState, i: number): number {
  const k = st.toks.findIndex((t, j) => j >= i && t.kind === 'semi');
  return k < 0 ? st.toks.length : k;
}

/** A target army's name written in tokens [from, stop); reports and returns undefined when missing or bad. */
function targetName(st: LineState, from: number, stop: number, after: string, verb: string, example: string): string | undefined {
  const first = st.toks[from];
  const last = st.toks[stop - 1];
  const text = first && last && from < stop ? said(st, first, last).trim() : '';
  const name = normaliseName(text);
  if (!name) {
    report(st, 'missingArmyName', '', `no army named after "${after}": ${write(st, example)}`);
    return undefined;
  }
  if (!isArmyName(name)) {
    report(st, 'badArmyName', text, `"${text}" is not an army name; a name starts with a letter or digit and has no : ; < > ( ): ${write(st, example)}`);
    return undefined;
  }
  if (st.army && armyKey(name) === armyKey(st.army)) {
    report(st, 'selfTarget', text, `${st.army} cannot ${verb} itself: ${write(st, example)}`);
    return undefined;
  }
  return name;
}

// ----- moves (3.2.2), joint engage (3.2.5)

interface Span { readonly start: number; readonly end: number }

interface RouteDraft extends Span {
  readonly squares: readonly (Square | undefined)[];
  readonly spans: readonly Span[];
}

interface LegDraft extends Span {
  readonly to: Square | undefined;
  route: RouteDraft | undefined;
}

/** A route in parentheses after a leg (3.2.2.4): `(5E - 5F - 5G - 4G)`; also `,`, `>` or spaces between squares. */
function parseRoute(st: LineState): RouteDraft | undefined {
  const open = st.toks[st.i];
  if (!open) return undefined;
  st.i++;
  const squares: (Square | undefined)[] = [];
  const spans: Span[] = [];
  for (;;) {
    const t = st.toks[st.i];
    if (!t || t.kind === 'semi' || t.kind === 'open') {
      const last = st.toks[st.i - 1] ?? open;
      const fragment = said(st, open, last);
      report(st, 'unclosedRoute', fragment, `the route "${fragment}" has no ")": ${write(st, '5E > 4G (5E - 5F - 5G - 4G)')}`);
      return undefined;
    }
    if (t.kind === 'close') {
      st.i++;
      if (squares.length === 0) {
        const fragment = said(st, open, t);
        report(st, 'expectedSquare', fragment, `the route "${fragment}" names no squares (3.2.2.4): ${write(st, '5E > 4G (5E - 5F - 5G - 4G)')}`);
        return undefined;
      }
      return { squares, spans, start: open.start, end: t.end };
    }
    if (squares.length > 0 && (t.kind === 'dash' || t.kind === 'arrow' || t.kind === 'comma' || isWord(t, 'to'))) {
      st.i++;
      continue;
    }
    const read = readSquareAt(st.toks, st.i);
    if (!read) {
      const fragment = said(st, t, t);
      report(st, 'expectedSquare', fragment,
        `"${fragment}" is not a square; a route lists the squares walked, one at a time (3.2.2.4): ${write(st, '5E > 4G (5E - 5F - 5G - 4G)')}`);
      return undefined;
    }
    squares.push(squareOf(st, read));
    spans.push(read);
    st.i = read.next;
  }
}

function defined<T>(xs: readonly (T | undefined)[]): xs is readonly T[] {
  return xs.every((x) => x !== undefined);
}

/**
 * A route written once after a long move that walks the whole of it from its origin (read as the
 * exact steps of every leg, 3.2.2.4 with 3.2.2.3): split at each leg's destination, as index ranges
 * [start, end) into the route. Undefined if it does not pass through every destination in order and
 * end at the last.
 */
function splitWholeRoute(points: readonly Square[], route: readonly Square[]): (readonly [number, number])[] | undefined {
  const pieces: (readonly [number, number])[] = [];
  let idx = 0;
  for (let k = 1; k < points.length; k++) {
    const target = points[k];
    const prev = points[k - 1];
    if (!target || !prev) return undefined;
    const from = sameSquare(prev, target) ? idx : idx + 1;
    let j = -1;
    if (k === points.length - 1) {
      const end = route.length - 1;
      const last = route[end];
      if (last && end >= from && sameSquare(last, target)) j = end;
    } else {
      j = route.findIndex((s, q) => q >= from && sameSquare(s, target));
    }
    if (j < 0) return undefined;
    pieces.push([idx, j + 1]);
    idx = j;
  }
  return pieces;
}

/** Checks a leg's route against 3.2.2.4 (start, end, one square at a time) and 3.2.2.1 (at most 3 squares). */
function checkRoute(st: LineState, a: Square, b: Square, route: RouteDraft, suggestion: string | undefined): void {
  if (!defined(route.squares)) return; // its bad squares are already reported
  const squares = route.squares;
  const fragment = said(st, route, route);
  const example = suggestion ?? `${formatSquare(a)} > ${formatSquare(b)} (${walk(a, b).map(formatSquare).join(' - ')})`;
  const first = squares[0];
  const last = squares[squares.length - 1];
  if (!first || !last || !sameSquare(first, a) || !sameSquare(last, b)) {
    report(st, 'routeMismatch', fragment,
      `the route ${fragment} must start at ${formatSquare(a)} and end at ${formatSquare(b)} (3.2.2.4): ${write(st, example)}`);
    return;
  }
  for (let k = 1; k < squares.length; k++) {
    const p = squares[k - 1];
    const q = squares[k];
    const ps = route.spans[k - 1];
    const qs = route.spans[k];
    if (p && q && ps && qs && squareDistance(p, q) !== 1) {
      report(st, 'routeMismatch', said(st, ps, qs),
        `${formatSquare(p)} to ${formatSquare(q)} is not a step to the next square; a route goes one square at a time, ` +
        `N/S or E/W, never diagonally (3.2.2.1, 3.2.2.4): ${write(st, example)}`);
      return;
    }
  }
  if (squares.length - 1 > MOVE_RANGE) {
    report(st, 'stepTooLong', fragment,
      `the route ${fragment} walks ${squares.length - 1} squares; an army moves at most ${MOVE_RANGE} a turn (3.2.2.1): ${write(st, example)}`);
  }
}

/** A leg as data, with its route when it has one. */
function legOf(to: Square, route: readonly Square[] | undefined): MoveLeg {
  return route ? { to, route } : { to };
}

/** `3D > 5E`, `5E > 8E > 11E`, `5E > 4G (...)`, each optionally `; engage|replace X` or `; Joint Engage`. */
function parseMove(st: LineState, origin: SquareRead): CoalitionAction | undefined {
  const from = squareOf(st, origin);
  st.i = origin.next;
  const legs: LegDraft[] = [];
  for (;;) {
    const t = st.toks[st.i];
    const arrow = t !== undefined && (t.kind === 'arrow' || (isWord(t, 'to') && readSquareAt(st.toks, st.i + 1) !== undefined));
    if (!arrow) break;
    st.i++;
    const read = readSquareAt(st.toks, st.i);
    if (!read) {
      const next = st.toks[st.i];
      const fragment = next ? said(st, next, next) : '';
      const prev = legs.length > 0 ? legs[legs.length - 1]?.to : from;
      const here = prev ? formatSquare(prev) : '5E';
      report(st, 'expectedSquare', fragment,
        `${fragment ? `"${fragment}" is not a square; ` : ''}a move needs a destination square after ">" (3.2.2.5): ${write(st, `${here} > ${here === '8E' ? '9E' : '8E'}`)}`);
      return undefined;
    }
    const leg: LegDraft = { to: squareOf(st, read), start: read.start, end: read.end, route: undefined };
    st.i = read.next;
    if (st.toks[st.i]?.kind === 'open') {
      const route = parseRoute(st);
      if (!route) return undefined;
      leg.route = route;
    }
    legs.push(leg);
  }

  let skip = st.i;
  while (st.toks[skip]?.kind === 'semi' || st.toks[skip]?.kind === 'comma') skip++;
  const je = jointEngageAt(st.toks, skip);

  if (legs.length === 0) {
    const t = st.toks[st.i];
    const hold = phraseAt(st.toks, st.i, HOLD_PHRASES);
    if (hold >= 0) {
      expectEnd(st, hold, from ? `hold at ${formatSquare(from)}` : undefined);
      return from ? { kind: 'hold', at: from } : undefined;
    }
    if (je < 0) {
      const here = from ? formatSquare(from) : '5E';
      const fragment = t ? said(st, t, t) : '';
      const after = t?.kind === 'dash' ? readSquareAt(st.toks, st.i + 1) : undefined;
      const there = after?.ok ? formatSquare(after.square) : '8E';
      const dash = t?.kind === 'dash' ? `; "-" only separates the squares of a route in parentheses (3.2.2.4)` : '';
      report(st, 'expectedArrow', fragment,
        `expected ">" and a destination after ${here}${dash}: ${write(st, `${here} > ${there}`)} to move, or "${armyOf(st)}: hold" to stay (3.2.2.5)`);
      return undefined;
    }
  }

  // A long move's route written once for the whole move (see splitWholeRoute).
  const lastLeg = legs[legs.length - 1];
  const beforeLast = legs.length > 1 ? legs[legs.length - 2]?.to : from;
  if (lastLeg?.route && legs.length > 1 && from && beforeLast && legs.every((l, k) => k === legs.length - 1 || !l.route)) {
    const squares = lastLeg.route.squares;
    const first = squares[0];
    const stops = [from, ...legs.map((l) => l.to)];
    if (defined(squares) && defined(stops) && first && !sameSquare(first, beforeLast) && sameSquare(first, from)) {
      const pieces = splitWholeRoute(stops, squares);
      if (pieces) {
        const whole = lastLeg.route;
        legs.forEach((l, k) => {
          const [a, b] = pieces[k] ?? [0, 0];
          l.route = { squares: whole.squares.slice(a, b), spans: whole.spans.slice(a, b), start: whole.start, end: whole.end };
        });
      }
    }
  }

  // The whole order with leg k's route replaced: the accepted form shown for a bad route.
  const withRoute = (k: number, route: readonly Square[]): string | undefined => {
    if (!from) return undefined;
    const built: MoveLeg[] = [];
    for (const [q, l] of legs.entries()) {
      const r = q === k ? route : l.route?.squares;
      if (!l.to || (r && !defined(r))) return undefined;
      built.push(legOf(l.to, r));
    }
    const [head, ...tail] = built;
    if (!head) return undefined;
    return formatCoalitionAction(je >= 0 && tail.length === 0
      ? { kind: 'jointEngage', from, to: head.to, route }
      : { kind: 'move', from, legs: [head, ...tail] });
  };

  // 3.2.2.1 range, per leg (3.2.2.3: "each step ... must be legal itself"); 3.2.2.4 routes.
  const points: (Square | undefined)[] = [from, ...legs.map((l) => l.to)];
  let tooLong = false;
  legs.forEach((leg, k) => {
    const a = points[k];
    const b = leg.to;
    if (!a || !b) return;
    if (squareDistance(a, b) > MOVE_RANGE) tooLong = true;
    else if (leg.route) checkRoute(st, a, b, leg.route, withRoute(k, walk(a, b)));
  });
  if (tooLong) {
    // The move with every too-long leg split into turns of at most MOVE_RANGE squares (3.2.2.3).
    let suggestion: string | undefined;
    if (from && defined(points)) {
      const parts = [formatSquare(from)];
      legs.forEach((leg, k) => {
        const a = points[k];
        const b = points[k + 1];
        if (!a || !b) return;
        if (squareDistance(a, b) > MOVE_RANGE) parts.push(...splitLeg(a, b).map(formatSquare));
        else parts.push(formatSquare(b) + (leg.route && defined(leg.route.squares) ? ` (${leg.route.squares.map(formatSquare).join(' - ')})` : ''));
      });
      suggestion = parts.join(' > ');
    }
    let start: Span = origin;
    legs.forEach((leg, k) => {
      const a = points[k];
      const b = points[k + 1];
      if (a && b && squareDistance(a, b) > MOVE_RANGE) {
        const fragment = st.raw.slice(start.start, leg.end);
        report(st, 'stepTooLong', fragment,
          `${formatSquare(a)} to ${formatSquare(b)} is ${squareDistance(a, b)} squares; an army moves at most ${MOVE_RANGE} a turn, ` +
          `N/S and E/W only (3.2.2.1), so post each turn's step separately (3.2.2.3): ${write(st, suggestion ?? '5E > 8E > 11E')}`);
      }
      start = leg;
    });
  }

  if (je >= 0) {
    // 3.2.5.1: posted like a move, "Joint Engage" in place of engage/replace; one turn's move.
    const target = legs[0];
    if (legs.length > 1 && lastLeg) {
      const fragment = st.raw.slice(origin.start, lastLeg.end);
      const firstTo = target?.to;
      report(st, 'longJointEngage', fragment,
        `a Joint Engage is one turn's move to the square to be fought over, not a long distance move (3.2.5.1, 3.2.5.2): ` +
        write(st, `${from ? formatSquare(from) : '5E'} > ${firstTo ? formatSquare(firstTo) : '6E'}; Joint Engage`));
    }
    const to = legs.length === 0 ? from : target?.to;
    const route = target?.route?.squares;
    const canonical = from && to && (!route || defined(route))
      ? formatCoalitionAction({ kind: 'jointEngage', from, to, ...(route && defined(route) ? { route } : {}) })
      : undefined;
    const extra = st.toks.slice(je).find((t) => !isIgnorable(t));
    if (extra) {
      const text = st.raw.slice(extra.start).trim();
      const name = normaliseName(text);
      const direct = extra === st.toks[je] && !isWord(extra, ...ENGAGE_WORDS, ...REPLACE_WORDS);
      if (direct && isArmyName(name)) {
        report(st, 'jointEngageArmy', text,
          `Joint Engage names the square, not an army (3.2.5.1); "${text}" is ignored: ${canonical ? write(st, canonical) : write(st, '5E > 6E; Joint Engage')}`,
          'warning');
      } else {
        expectEnd(st, je, canonical);
      }
    }
    if (!from || !to || st.errors > 0) return undefined;
    return { kind: 'jointEngage', from, to, ...(route && defined(route) ? { route } : {}) };
  }

  // 3.2.2.2 / 3.2.2.5: "; engage armyname2" or "; replace armyname2" after the move.
  let destinationArmy: DestinationArmy | undefined;
  const kw = st.toks[skip];
  const kind = isWord(kw, ...ENGAGE_WORDS) ? 'engage' : isWord(kw, ...REPLACE_WORDS) ? 'replace' : undefined;
  const done = (): CoalitionAction | undefined => {
    const first = legs[0];
    if (!from || !first || st.errors > 0) return undefined;
    const built: MoveLeg[] = [];
    for (const l of legs) {
      if (!l.to) return undefined;
      const r = l.route?.squares;
      if (r && !defined(r)) return undefined;
      built.push(legOf(l.to, r));
    }
    const [head, ...tail] = built;
    if (!head) return undefined;
    return { kind: 'move', from, legs: [head, ...tail], ...(destinationArmy ? { destinationArmy } : {}) };
  };
  if (kind) {
    const stop = stopAt(st, skip + 1);
    const name = targetName(st, skip + 1, stop, kw ? said(st, kw, kw) : kind, kind, `3D > 5E; ${kind} ${otherArmy(st)}`);
    if (name) destinationArmy = { kind, army: name };
    const action = done();
    expectEnd(st, stop, action ? formatCoalitionAction(action) : undefined);
    return st.errors > 0 ? undefined : action;
  }
  const action = done();
  expectEnd(st, st.i, action ? formatCoalitionAction(action) : undefined);
  return st.errors > 0 ? undefined : action;
}

// ----- intercept (3.2.3), transfer (3.2.4), hold and in battle (3.2.1)

/** `Intercept Sai Rei` (3.2.3.1). */
function parseIntercept(st: LineState): CoalitionAction | undefined {
  const stop = stopAt(st, st.i + 1);
  const name = targetName(st, st.i + 1, stop, 'Intercept', 'intercept', `Intercept ${otherArmy(st)}`);
  const action: CoalitionAction | undefined = name ? { kind: 'intercept', army: name } : undefined;
  expectEnd(st, stop, action ? formatCoalitionAction(action) : undefined);
  return st.errors > 0 ? undefined : action;
}

/** `Transfer to Darkhand5 at 6F` (3.2.4.2); also `in 6F`, `@ 6F`, `(6F)`, and without "to". */
function parseTransfer(st: LineState): CoalitionAction | undefined {
  const example = `Transfer to ${otherArmy(st)} at 6F`;
  const keyword = st.i;
  const stop = stopAt(st, keyword + 1);
  let end = stop;
  while (end > keyword + 1) {
    const t = st.toks[end - 1];
    if (!t || !isIgnorable(t)) break;
    end--;
  }
  // The receiving army's square: the last "at|in|on|@ <square>" or "(<square>)" that ends the order.
  let nameEnd = -1;
  let read: SquareRead | undefined;
  if (st.toks[end - 1]?.kind === 'close') {
    for (const open of [end - 3, end - 4]) {
      const r = st.toks[open]?.kind === 'open' ? readSquareAt(st.toks, open + 1) : undefined;
      if (r && r.next === end - 1 && open > keyword) {
        nameEnd = open;
        read = r;
        break;
      }
    }
  }
  for (let p = end - 2; read === undefined && p > keyword; p--) {
    const t = st.toks[p];
    if (!(isWord(t, ...AT_WORDS) || t?.kind === 'at')) continue;
    const r = readSquareAt(st.toks, p + 1);
    if (r && r.next === end) {
      nameEnd = p;
      read = r;
    }
  }
  let nameStart = keyword + 1;
  const hasTo = isWord(st.toks[nameStart], 'to');
  if (hasTo) nameStart++;
  if (!read) {
    report(st, 'expectedSquare', '', `a transfer names the square of the army receiving the troops (3.2.4.2): ${write(st, example)}`);
    return undefined;
  }
  const at = squareOf(st, read);
  // 3.2.4.2: which troops is e-mailed or PMed to the movement judge, not posted ("Transfer 500 Bears to X").
  let details: string | undefined;
  if (!hasTo) {
    const to = st.toks.findIndex((t, k) => k > nameStart && k < nameEnd && isWord(t, 'to'));
    const first = st.toks[nameStart];
    const last = st.toks[to - 1];
    if (to > nameStart && first && last) {
      details = said(st, first, last);
      nameStart = to + 1;
    }
  }
  const name = targetName(st, nameStart, nameEnd, 'Transfer to', 'transfer to', example);
  if (details !== undefined) {
    report(st, 'transferDetails', details,
      `"${details}" is not read: the troops to transfer go to the movement judge by e-mail or PM, or the transfer does nothing (3.2.4.2): ` +
      write(st, name && at ? `Transfer to ${name} at ${formatSquare(at)}` : example),
      'warning');
  }
  const action: CoalitionAction | undefined = name && at ? { kind: 'transfer', army: name, at } : undefined;
  expectEnd(st, stop, action ? formatCoalitionAction(action) : undefined);
  return st.errors > 0 ? undefined : action;
}

/** `hold`, `holds`, `stay`, `hold at 5E` (3.2.1). */
function parseHold(st: LineState, next: number): CoalitionAction | undefined {
  let i = next;
  let at: Square | undefined;
  const t = st.toks[i];
  const prep = isWord(t, ...AT_WORDS) || t?.kind === 'at';
  const read = readSquareAt(st.toks, prep ? i + 1 : i);
  if (read) {
    at = squareOf(st, read);
    i = read.next;
  } else if (prep && t) {
    const after = st.toks[i + 1];
    const fragment = after ? said(st, after, after) : '';
    report(st, 'expectedSquare', fragment, `${fragment ? `"${fragment}" is not a square; ` : ''}${write(st, 'hold at 5E')}, or just "${armyOf(st)}: hold"`);
    return undefined;
  }
  const action: CoalitionAction = at ? { kind: 'hold', at } : { kind: 'hold' };
  expectEnd(st, i, st.errors > 0 ? undefined : formatCoalitionAction(action));
  return st.errors > 0 ? undefined : action;
}

/** `in battle`, `fighting`, optionally `with Gix` (3.2.1). */
function parseInBattle(st: LineState, next: number): CoalitionAction | undefined {
  if (!isWord(st.toks[next], ...OPPONENT_WORDS)) {
    const action: CoalitionAction = { kind: 'inBattle' };
    expectEnd(st, next, formatCoalitionAction(action));
    return st.errors > 0 ? undefined : action;
  }
  let from = next + 1;
  if (st.toks[from]?.kind === 'dot') from++; // "vs. Gix"
  const stop = stopAt(st, from);
  const name = targetName(st, from, stop, said(st, st.toks[next] ?? { start: 0 }, st.toks[next] ?? { end: 0 }), 'fight', `in battle with ${otherArmy(st)}`);
  const action: CoalitionAction | undefined = name ? { kind: 'inBattle', opponent: name } : undefined;
  expectEnd(st, stop, action ? formatCoalitionAction(action) : undefined);
  return st.errors > 0 ? undefined : action;
}

/** The action after `Army:` (3.2.1's list), starting at token `st.i`. */
function parseAction(st: LineState): CoalitionAction | undefined {
  if (isWord(st.toks[st.i], ...MOVE_WORDS)) {
    // "move 3D > 5E", "moves from 3D to 5E"
    const j = isWord(st.toks[st.i + 1], 'from') ? st.i + 2 : st.i + 1;
    if (readSquareAt(st.toks, j)) st.i = j;
  }
  const t = st.toks[st.i];
  if (!t || st.toks.slice(st.i).every(isIgnorable)) {
    report(st, 'expectedAction', '', `no order after "${armyOf(st)}:"; ${acceptedForms(st)}`);
    return undefined;
  }
  if (isWord(t, ...INTERCEPT_WORDS)) return parseIntercept(st);
  if (isWord(t, ...TRANSFER_WORDS)) return parseTransfer(st);
  const je = jointEngageAt(st.toks, st.i);
  if (je >= 0) {
    const last = st.toks[je - 1] ?? t;
    const fragment = said(st, t, last);
    report(st, 'expectedSquare', fragment,
      `a Joint Engage is posted like a move, with "Joint Engage" at the end (3.2.5.1): ${write(st, '5E > 6E; Joint Engage')}, or "${armyOf(st)}: 5E; Joint Engage" to stay`);
    return undefined;
  }
  const hold = phraseAt(st.toks, st.i, HOLD_PHRASES);
  if (hold >= 0) return parseHold(st, hold);
  const battle = phraseAt(st.toks, st.i, BATTLE_PHRASES);
  if (battle >= 0) return parseInBattle(st, battle);
  const origin = readSquareAt(st.toks, st.i);
  if (origin) return parseMove(st, origin);
  const fragment = st.raw.slice(t.start).trim().split(/\s+/u)[0] ?? '';
  report(st, 'expectedAction', fragment, `"${fragment}" is not an order; ${acceptedForms(st)}`);
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Lines and posts


/** A colon that ends the army name: not in a URL (`http://`) nor a time (`5:00`). */
function isNameColon(raw: string, k: number): boolean {
  if (raw.startsWith('//', k + 1)) return false;
  const before = raw.slice(Math.max(0, k - 3), k);
  const after = raw.slice(k + 1, k + 4);
  return !(/(?:^|[^\p{L}\p{N}])\d{1,2}$/u.test(before) && /^\d{2}(?!\d)/.test(after));
}

/** Whether token `i` starts something only an order would: a square then `>`, Intercept, Transfer or Joint Engage. */
function orderStartsAt(toks: readonly Token[], i: number, validSquareAlone: boolean): boolean {
  const sq = readSquareAt(toks, i);
  if (sq && ((validSquareAlone && sq.ok) || toks[sq.next]?.kind === 'arrow')) return true;
  return isWord(toks[i], ...INTERCEPT_WORDS, ...TRANSFER_WORDS) || jointEngageAt(toks, i) >= 0;
}

interface LineResult {
  readonly post?: CoalitionPost;
  /** The ordering army as the player wrote it (for duplicate warnings); '' when left off. */
  readonly armyWritten: string;
}

function parseLine(lineNo: number, raw: string, poster: string | undefined, issues: SheetIssue<CoalitionIssueCode>[]): LineResult | undefined {
  if (raw.trim() === '') return undefined;
  const bodyStart = BULLET.exec(raw)?.[0].length ?? 0;
  const toks = tokenize(raw, bodyStart);
  if (toks.length === 0) return undefined;
  const st: LineState = { lineNo, raw, toks, i: 0, army: undefined, errors: 0, issues: [] };
  const tooLong = (): undefined => {
    const fragment = raw.trim().slice(0, 40);
    report(st, 'lineTooLong', fragment,
      `the line is ${raw.length} characters long and is not read; an order line may have at most ${MAX_LINE_CHARS}: write one order a line, as "${PLACEHOLDER}: 5E > 8E"`);
    issues.push(...st.issues);
    return undefined;
  };
  const colon = toks.findIndex((t) => t.kind === 'colon' && isNameColon(raw, t.start));
  let armyWritten = '';

  if (colon >= 0) {
    if (raw.length > MAX_LINE_CHARS) return tooLong();
    const colonTok = toks[colon];
    armyWritten = raw.slice(bodyStart, colonTok?.start ?? bodyStart).trim();
    const name = normaliseName(armyWritten);
    st.i = colon + 1;
    if (!name) {
      // 3.2.2.5: "If you and the army have the same name, you may leave this off."
      if (poster) st.army = poster;
      else report(st, 'missingArmyName', '', `no army named before ":": write "${PLACEHOLDER}: ${rest(st, st.i) || '3D > 5E'}" (the name may be left off only by a poster ordering the army of the same name, 3.2.2.5)`);
    } else if (!isArmyName(name)) {
      report(st, 'badArmyName', armyWritten, `"${armyWritten}" is not an army name; a name starts with a letter or digit and has no : ; < > ( ): write "${PLACEHOLDER}: ${rest(st, st.i) || '3D > 5E'}"`);
    } else {
      st.army = name;
    }
  } else {
    const scratch = (): LineState => ({ ...st, i: 0, errors: 0, issues: [] });
    if (orderStartsAt(toks, 0, true)) {
      if (raw.length > MAX_LINE_CHARS) return tooLong();
    } else if (phraseAt(toks, 0, HOLD_PHRASES) >= 0 || phraseAt(toks, 0, BATTLE_PHRASES) >= 0) {
      // "hold", "in battle": read as an order only if the whole line is one; these posts do nothing
      // (3.2.1), so a chatty line that starts like one ("Stay tuned") is safely left alone.
      const trial = scratch();
      if (parseAction(trial) === undefined || trial.issues.length > 0) return undefined;
    } else {
      const j = toks.findIndex((_t, k) => k > 0 && orderStartsAt(toks, k, false));
      const at = toks[j];
      if (!at) return undefined; // chatter: no colon, nothing an order could start with
      if (raw.length > MAX_LINE_CHARS) return tooLong();
      const lead = raw.slice(bodyStart, at.start).trim();
      const name = normaliseName(lead);
      const short = isArmyName(name) && name.split(' ').length <= 3;
      report(st, 'missingColon', lead,
        `an order starts with the army's name and a colon: write "${short ? name : PLACEHOLDER}: ${rest(st, j)}"`);
      issues.push(...st.issues);
      return undefined;
    }
    if (poster) st.army = poster;
    else report(st, 'missingArmyName', '', `no army named: write "${PLACEHOLDER}: ${rest(st, 0)}" (the name may be left off only by a poster ordering the army of the same name, 3.2.2.5)`);
  }

  const action = parseAction(st);
  issues.push(...st.issues);
  if (st.errors > 0 || !action || !st.army) return { armyWritten };
  return { post: { line: lineNo, army: st.army, written: raw.trim(), action }, armyWritten };
}

/**
 * Reads a movement post: every non-blank line is one army's order (`Sai Rei: 3D > 5E; replace
 * Darkhand5`); lines with no colon and nothing an order could start with are chatter and skipped.
 * Returns the orders and every problem found in one pass; never throws.
 */
export function parseCoalitionPosts(text: string, options: ParseCoalitionPostsOptions = {}): ParseCoalitionPostsResult {
  const issues: SheetIssue<CoalitionIssueCode>[] = [];
  const posterName = options.poster === undefined ? '' : normaliseName(options.poster);
  const poster = isArmyName(posterName) ? posterName : undefined;
  const lines = text.split(/\r\n|\r|\n/);
  const read: (LineResult & { readonly post: CoalitionPost })[] = [];
  lines.slice(0, MAX_SHEET_LINES).forEach((raw, k) => {
    const r = parseLine(k + 1, raw, poster, issues);
    if (r?.post) read.push({ ...r, post: r.post });
  });
  const over = lines.slice(MAX_SHEET_LINES).findIndex((l) => l.trim() !== '');
  if (over >= 0) {
    const lineNo = MAX_SHEET_LINES + over + 1;
    issues.push({
      line: lineNo,
      fragment: (lines[lineNo - 1] ?? '').trim().slice(0, 40),
      code: 'tooManyLines',
      message: `a post may have at most ${MAX_SHEET_LINES} lines; line ${lineNo} and those after it are not read: write one order a line, as "${PLACEHOLDER}: 5E > 8E", and post the rest separately`,
      severity: 'error',
    });
  }

  // 3.3.6: "only the last order made by the movement deadline will be considered". The order kept
  // stays where it was written, which matters for 3.3.1 ("the first one written takes priority").
  const lastIndex = new Map<string, number>();
  read.forEach((r, k) => lastIndex.set(armyKey(r.post.army), k));
  const posts: CoalitionPost[] = [];
  read.forEach((r, k) => {
    const last = read[lastIndex.get(armyKey(r.post.army)) ?? k];
    if (!last || last === r) {
      posts.push(r.post);
      return;
    }
    issues.push({
      line: r.post.line,
      fragment: r.armyWritten,
      code: 'duplicateArmy',
      message: `${r.post.army} is ordered again on line ${last.post.line}; only the last order counts (3.3.6) and this one is ignored: ` +
        `write one order per army, as "${last.post.army}: ${formatCoalitionAction(last.post.action)}"`,
      severity: 'warning',
    });
  });
  issues.sort((a, b) => a.line - b.line);
  return { posts, issues };
}
