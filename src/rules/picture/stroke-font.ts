/**
 * A small single-stroke font of the project's own, so the picture's text is plain SVG paths: the
 * PNG is the same on every machine, with no font file and no system font. Glyphs are polylines on a
 * grid 4 wide and 6 high (y down, cap height 6); lower case is drawn as upper case. Characters
 * without a glyph are drawn as a space.
 */

// prettier-ignore
const GLYPHS: Readonly<Record<string, string>> = {
  A: 'M0 6L0 2L2 0L4 2L4 6M0 3.6L4 3.6',
  B: 'M0 6L0 0L3 0L4 1L4 2L3 3L0 3M3 3L4 4L4 5L3 6L0 6',
  C: 'M4 1L3 0L1 0L0 1L0 5L1 6L3 6L4 5',
  D: 'M0 0L0 6L2.5 6L4 4.5L4 1.5L2.5 0L0 0',
  E: 'M4 0L0 0L0 6L4 6M0 3L3 3',
  F: 'M4 0L0 0L0 6M0 3L3 3',
  G: 'M4 1L3 0L1 0L0 1L0 5L1 6L3 6L4 5L4 3.5L2.5 3.5',
  H: 'M0 0L0 6M4 0L4 6M0 3L4 3',
  I: 'M1 0L3 0M2 0L2 6M1 6L3 6',
  J: 'M4 0L4 5L3 6L1 6L0 5',
  K: 'M0 0L0 6M4 0L0 3.6M1.4 2.8L4 6',
  L: 'M0 0L0 6L4 6',
  M: 'M0 6L0 0L2 3L4 0L4 6',
  N: 'M0 6L0 0L4 6L4 0',
  O: 'M1 0L3 0L4 1L4 5L3 6L1 6L0 5L0 1L1 0',
  P: 'M0 6L0 0L3 0L4 1L4 2L3 3L0 3',
  Q: 'M1 0L3 0L4 1L4 5L3 6L1 6L0 5L0 1L1 0M2.5 4.5L4 6',
  R: 'M0 6L0 0L3 0L4 1L4 2L3 3L0 3M2 3L4 6',
  S: 'M4 1L3 0L1 0L0 1L0 2L1 3L3 3L4 4L4 5L3 6L1 6L0 5',
  T: 'M0 0L4 0M2 0L2 6',
  U: 'M0 0L0 5L1 6L3 6L4 5L4 0',
  V: 'M0 0L2 6L4 0',
  W: 'M0 0L1 6L2 3L3 6L4 0',
  X: 'M0 0L4 6M4 0L0 6',
  Y: 'M0 0L2 3L4 0M2 3L2 6',
  Z: 'M0 0L4 0L0 6L4 6',
  0: 'M1 0L3 0L4 1L4 5L3 6L1 6L0 5L0 1L1 0M4 1L0 5',
  1: 'M1 1L2 0L2 6M1 6L3 6',
  2: 'M0 1L1 0L3 0L4 1L4 2L0 6L4 6',
  3: 'M0 1L1 0L3 0L4 1L4 2L3 3L1.5 3M3 3L4 4L4 5L3 6L1 6L0 5',
  4: 'M3 6L3 0L0 4L4 4',
  5: 'M4 0L0 0L0 3L3 3L4 4L4 5L3 6L0 6',
  6: 'M3.5 0L1 0L0 1L0 5L1 6L3 6L4 5L4 4L3 3L0 3',
  7: 'M0 0L4 0L1.5 6',
  8: 'M1 3L0 2L0 1L1 0L3 0L4 1L4 2L3 3L1 3L0 4L0 5L1 6L3 6L4 5L4 4L3 3',
  9: 'M0.5 6L3 6L4 5L4 1L3 0L1 0L0 1L0 2L1 3L4 3',
  '-': 'M0.5 3L3.5 3',
  '+': 'M0.5 3L3.5 3M2 1.5L2 4.5',
  '/': 'M0 6L4 0',
  '.': 'M2 5.4L2 6',
  ',': 'M2 5.2L1.5 7',
  ':': 'M2 1.4L2 2M2 4.4L2 5',
  '(': 'M2.5 0L1.5 1L1.5 5L2.5 6',
  ')': 'M1.5 0L2.5 1L2.5 5L1.5 6',
  '=': 'M0.5 2L3.5 2M0.5 4L3.5 4',
  '>': 'M0.5 1L3.5 3L0.5 5',
  "'": 'M2 0L2 1.5',
};

/** Advance per character in grid units (glyph 4 wide, 1.6 space). */
const ADVANCE = 5.6;

/** Width in pixels of `text` drawn with cap height `size`. */
export function textWidth(text: string, size: number): number {
  return text.length === 0 ? 0 : ((text.length * ADVANCE - 1.6) * size) / 6;
}

/**
 * `v` rounded to 2 decimals, as `(Math.round(v * 100) / 100).toString()` writes it (issue 29, stop 46:
 * a map's names and legends write some 20,000 coordinates, and the number's shortest decimal was
 * most of each; here the digits of the rounded hundredths, about a quarter of the time). For
 * |v| < 10^7 the two are the same string (test/rules/picture/stroke-font-num.test.ts); past that,
 * or not finite, the original.
 */
export function num(v: number): string {
  const r = Math.round(v * 100);
  if (!(r > -1e9 && r < 1e9)) return (r / 100).toString();
  if (r % 100 === 0) return String(r / 100 + 0); // + 0: -0 is written "0", as toString writes it
  const a = r < 0 ? -r : r;
  const whole = (a / 100) | 0;
  const hundredths = a - whole * 100;
  const fraction = hundredths % 10 === 0 ? `.${hundredths / 10}` : hundredths < 10 ? `.0${hundredths}` : `.${hundredths}`;
  return `${r < 0 ? '-' : ''}${whole}${fraction}`;
}

/** A glyph's path data read once: the text between its points, and each point's command and grid coordinates. */
interface ParsedGlyph {
  /** `between[i]` comes before point i; the last entry follows the last point. */
  readonly between: readonly string[];
  readonly commands: readonly string[];
  readonly gx: readonly number[];
  readonly gy: readonly number[];
}

const POINT = /([ML])([\d.]+) ([\d.]+)/g;
const parsedGlyphs = new Map<string, ParsedGlyph>();

function parsedGlyph(ch: string): ParsedGlyph | undefined {
  const known = parsedGlyphs.get(ch);
  if (known) return known;
  const glyph = GLYPHS[ch];
  if (!glyph) return undefined;
  const between: string[] = [];
  const commands: string[] = [];
  const gx: number[] = [];
  const gy: number[] = [];
  let last = 0;
  for (const m of glyph.matchAll(POINT)) {
    between.push(glyph.slice(last, m.index));
    commands.push(m[1]!);
    gx.push(Number(m[2]));
    gy.push(Number(m[3]));
    last = m.index! + m[0].length;
  }
  between.push(glyph.slice(last));
  const parsed = { between, commands, gx, gy };
  parsedGlyphs.set(ch, parsed);
  return parsed;
}

/**
 * The SVG path data of `text` with cap height `size`, anchored at `(x, y)` = the centre of its
 * baseline (`align: 'middle'`) or its left end (`'start'`). Stroke it; do not fill it. Each glyph's
 * points are read from its path data once (issue 29: a map writes some 300 names and legend words).
 */
export function textPath(text: string, x: number, y: number, size: number, align: 'middle' | 'start' = 'middle'): string {
  const k = size / 6;
  const left = align === 'middle' ? x - textWidth(text, size) / 2 : x;
  const top = y - size;
  let out = '';
  const chars = [...text.toUpperCase()];
  for (let i = 0; i < chars.length; i++) {
    const glyph = parsedGlyph(chars[i]!);
    if (!glyph) continue;
    const ox = left + i * ADVANCE * k;
    for (let j = 0; j < glyph.commands.length; j++) {
      out += `${glyph.between[j]}${glyph.commands[j]}${num(ox + glyph.gx[j]! * k)} ${num(top + glyph.gy[j]! * k)}`;
    }
    out += glyph.between[glyph.commands.length];
  }
  return out;
}
