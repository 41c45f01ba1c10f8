/**
 * Grid squares of the Coalition map (1.2: columns 1–38, rows A–N, written number then letter, `5E`):
 * reading, keys, neighbours and distances. Pure.
 */
import { MAP_COLUMNS, MAP_ROWS, formatSquare, type Square } from '../posts/post.js';

export { MAP_COLUMNS, MAP_ROWS, formatSquare, sameSquare, squareDistance, type Square } from '../posts/post.js';

/** A square's text, `5E`: the key of maps and sets of squares. */
export type SquareKey = string;

const SQUARE = /^\s*(\d{1,2})\s*([A-Na-n])\s*$/;

/** `5E` (also `5e`, ` 5 E `) as a square on the grid, or undefined. */
export function parseSquare(text: string): Square | undefined {
  const m = SQUARE.exec(text);
  if (!m) return undefined;
  const col = Number(m[1]);
  const row = (m[2] ?? '').toUpperCase();
  return col >= 1 && col <= MAP_COLUMNS && MAP_ROWS.includes(row) ? { col, row } : undefined;
}

/** The square at column `col` and row index `r` (0 = A), or undefined off the grid. */
export function squareAt(col: number, r: number): Square | undefined {
  if (col < 1 || col > MAP_COLUMNS || r < 0 || r >= MAP_ROWS.length) return undefined;
  return { col, row: MAP_ROWS.charAt(r) };
}

/** The row index of a square: A = 0 … N = 13. */
export function rowIndex(s: Square): number {
  return MAP_ROWS.indexOf(s.row);
}

/** The up to 4 squares N/S/E/W of `s` (the steps of a move, 3.2.2.1). */
export function orthogonalNeighbours(s: Square): Square[] {
  const r = rowIndex(s);
  return [squareAt(s.col, r - 1), squareAt(s.col + 1, r), squareAt(s.col, r + 1), squareAt(s.col - 1, r)].filter((x): x is Square => x !== undefined);
}

/** The up to 8 squares surrounding `s` (4.2.5: "all 8 squares surrounding the battle"), row by row. */
export function surroundingSquares(s: Square): Square[] {
  const r = rowIndex(s);
  const out: Square[] = [];
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      if (dr === 0 && dc === 0) continue;
      const q = squareAt(s.col + dc, r + dr);
      if (q) out.push(q);
    }
  }
  return out;
}

/** Whether `b` is one of the 8 squares surrounding `a`. */
export function isNextTo(a: Square, b: Square): boolean {
  const dc = Math.abs(a.col - b.col);
  const dr = Math.abs(rowIndex(a) - rowIndex(b));
  return Math.max(dc, dr) === 1;
}

/** Every square of the grid, A1, B1, … by column then row. */
export function allSquares(): Square[] {
  const out: Square[] = [];
  for (let col = 1; col <= MAP_COLUMNS; col++) for (let r = 0; r < MAP_ROWS.length; r++) out.push({ col, row: MAP_ROWS.charAt(r) });
  return out;
}

/**
 * Every shortest orthogonal path from `a` to `b` (both included): the routes an army may walk when it
 * gives none (3.2.2.4), in a fixed order (row steps before column steps first).
 */
export function shortestPaths(a: Square, b: Square): Square[][] {
  const out: Square[][] = [];
  const dr = Math.sign(rowIndex(b) - rowIndex(a));
  const dc = Math.sign(b.col - a.col);
  const go = (path: Square[]): void => {
    const here = path[path.length - 1]!;
    if (here.col === b.col && here.row === b.row) {
      out.push(path);
      return;
    }
    if (rowIndex(here) !== rowIndex(b)) go([...path, squareAt(here.col, rowIndex(here) + dr)!]);
    if (here.col !== b.col) go([...path, squareAt(here.col + dc, rowIndex(here))!]);
  };
  go([a]);
  return out;
}

/** The key of a square (its text). */
export function keyOf(s: Square): SquareKey {
  return formatSquare(s);
}
