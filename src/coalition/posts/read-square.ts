/**
 * Squares as written in posts (1.2: number then letter, `5E`), and the straight walks between them
 * used for routes and for splitting long moves (3.2.2.1, 3.2.2.3).
 */
import type { Square } from './post.js';
import { MAP_COLUMNS, MAP_ROWS, MOVE_RANGE, formatSquare } from './post.js';
import type { Token } from './tokens.js';

/** A square as read at a token: a valid square, or something written where a square belongs. */
export type SquareRead =
  | { readonly ok: true; readonly square: Square; readonly start: number; readonly end: number; readonly next: number }
  | { readonly ok: false; readonly swapped?: string; readonly start: number; readonly end: number; readonly next: number };

/**
 * Reads `5E`, `5e` or `5 E` at token `i`; a word starting with a digit (`39E`, `5EE`, `55`) or a
 * letter-then-number (`E5`) is a bad square; any other token is no square at all (undefined).
 */
export function readSquareAt(toks: readonly Token[], i: number): SquareRead | undefined {
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
export function walk(a: Square, b: Square): Square[] {
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
export function splitLeg(a: Square, b: Square): Square[] {
  const path = walk(a, b);
  const stops: Square[] = [];
  for (let k = MOVE_RANGE; k < path.length - 1; k += MOVE_RANGE) {
    const s = path[k];
    if (s) stops.push(s);
  }
  stops.push(b);
  return stops;
}
