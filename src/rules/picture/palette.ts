/**
 * The colours of an opaque picture as a palette of at most 256 and each pixel's index into it (pure:
 * memory only), for an indexed-colour PNG (issue 29: the judge's maps go by mail to every reader, so
 * their bytes are paid once per recipient; an indexed map is about 40 % of the RGB one).
 *
 * The judge's pictures are flat fills, lines and text drawn from a few dozen colours; anti-aliased
 * edges add a few thousand rare shades between them. The palette is the 256 most frequent colours,
 * so every fill, line and label colour is exact (a picture of 256 colours or fewer is lossless), and
 * each rarer shade (typically 5 % of the pixels, all on edges) takes the nearest palette colour.
 * Deterministic: ties are broken by the colour's value, so the same pixels give the same bytes.
 */

/** At most this many distinct colours are looked at; a picture with more is left to RGB. */
const MAX_DISTINCT = 1 << 18;

export interface Indexed {
  /** The palette, 0x00BBGGRR per entry (the little-endian RGBA word without its alpha). */
  readonly palette: Uint32Array;
  /** Rows of `1 + width` bytes: the PNG filter byte 0 (none), then one palette index per pixel. */
  readonly rows: Buffer;
}

/** A hash table of colours (RGB in the low 24 bits; 0xffffffff marks an empty slot). */
class ColourCounts {
  keys: Uint32Array;
  counts: Uint32Array;
  /** Each colour's number, in the order the colours were first seen (0, 1, ...). */
  ids: Uint32Array;
  size = 0;
  shift: number;
  constructor(bits: number) {
    this.keys = new Uint32Array(1 << bits).fill(0xffffffff);
    this.counts = new Uint32Array(1 << bits);
    this.ids = new Uint32Array(1 << bits);
    this.shift = 32 - bits;
  }
  /** The slot of `rgb`, added with count 0 if new. */
  slot(rgb: number): number {
    const keys = this.keys;
    const mask = keys.length - 1;
    let i = Math.imul(rgb, 0x9e3779b1) >>> this.shift;
    for (;;) {
      const k = keys[i]!;
      if (k === rgb) return i;
      if (k === 0xffffffff) {
        if ((this.size + 1) * 2 > this.keys.length) {
          this.grow();
          return this.slot(rgb);
        }
        this.keys[i] = rgb;
        this.ids[i] = this.size++;
        return i;
      }
      i = (i + 1) & mask;
    }
  }
  private grow(): void {
    const { keys, counts, ids, size } = this;
    const bits = 33 - this.shift;
    this.keys = new Uint32Array(1 << bits).fill(0xffffffff);
    this.counts = new Uint32Array(1 << bits);
    this.ids = new Uint32Array(1 << bits);
    this.shift = 32 - bits;
    this.size = 0;
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] === 0xffffffff) continue;
      const s = this.slot(keys[i]!);
      this.counts[s] = counts[i]!;
      this.ids[s] = ids[i]!;
    }
    this.size = size;
  }
}

/**
 * The palette ordered by green (the channel weighted most), for the nearest-colour search: from the
 * entries nearest in green outward, stopping once green alone is farther than the best found.
 */
interface ByGreen {
  readonly index: Int32Array;
  readonly r: Int32Array;
  readonly g: Int32Array;
  readonly b: Int32Array;
}

function byGreen(palette: Uint32Array): ByGreen {
  const order = Array.from(palette.keys()).sort((x, y) => ((palette[x]! >>> 8) & 255) - ((palette[y]! >>> 8) & 255) || x - y);
  const index = Int32Array.from(order);
  const r = new Int32Array(order.length);
  const g = new Int32Array(order.length);
  const b = new Int32Array(order.length);
  for (let i = 0; i < order.length; i++) {
    const c = palette[order[i]!]!;
    r[i] = c & 255;
    g[i] = (c >>> 8) & 255;
    b[i] = (c >>> 16) & 255;
  }
  return { index, r, g, b };
}

/**
 * The index of the palette colour nearest `c`: squared distance weighted for the eye (green most,
 * blue least); of equals, the lowest index.
 */
function nearest(c: number, pal: ByGreen): number {
  const { r, g, b, index } = pal;
  const cr = c & 255;
  const cg = (c >>> 8) & 255;
  const cb = (c >>> 16) & 255;
  let lo = 0;
  let hi = g.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (g[mid]! < cg) lo = mid + 1;
    else hi = mid;
  }
  let best = -1;
  let bestD = 0x7fffffff;
  let up = lo;
  let down = lo - 1;
  while (up < g.length || down >= 0) {
    const du = up < g.length ? g[up]! - cg : 256;
    const dd = down >= 0 ? cg - g[down]! : 256;
    let i: number;
    if (du <= dd) {
      if (4 * du * du > bestD) break;
      i = up++;
    } else {
      if (4 * dd * dd > bestD) break;
      i = down--;
    }
    const dr = r[i]! - cr;
    const dg = g[i]! - cg;
    const db = b[i]! - cb;
    const d = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
    if (d < bestD || (d === bestD && index[i]! < best)) {
      bestD = d;
      best = index[i]!;
    }
  }
  return best;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Each pixel as one 32-bit word, R in the low byte and A in the high one (a view when it can be). */
export function pixelWords(rgba: Uint8Array, n: number): Uint32Array {
  if (LITTLE_ENDIAN && rgba.byteOffset % 4 === 0) return new Uint32Array(rgba.buffer, rgba.byteOffset, n);
  const out = new Uint32Array(n);
  for (let i = 0, p = 0; i < n; i++, p += 4) out[i] = (rgba[p]! | (rgba[p + 1]! << 8) | (rgba[p + 2]! << 16) | (rgba[p + 3]! << 24)) >>> 0;
  return out;
}

/**
 * The palette and the indexed rows of `rgba` (`width` × `height` pixels, 4 bytes each); undefined when
 * a pixel is not opaque or the picture has more colours than this looks at.
 */
export function indexColours(rgba: Uint8Array, width: number, height: number): Indexed | undefined {
  const n = width * height;
  if (n === 0) return undefined;
  const px = pixelWords(rgba, n);
  const table = new ColourCounts(12);
  // Pass 1: the picture as runs of one colour along each row (a map is mostly flat fills: about one
  // pixel in eight starts a run), each run counted once in the table and kept as its colour's number
  // (issue 29: pass 2 then reads each run's palette index from an array, with no second hashing).
  let runColour = new Uint32Array(Math.max(1024, n >> 3));
  let runLength = new Uint32Array(runColour.length);
  let runs = 0;
  const push = (colour: number, length: number): boolean => {
    if (colour >>> 24 !== 255) return false;
    if (runs === runColour.length) {
      const c = new Uint32Array(runs * 2);
      c.set(runColour);
      runColour = c;
      const l = new Uint32Array(runs * 2);
      l.set(runLength);
      runLength = l;
    }
    const slot = table.slot(colour & 0xffffff); // may grow the table: its arrays are read after
    table.counts[slot]! += length;
    runColour[runs] = table.ids[slot]!;
    runLength[runs++] = length;
    return table.size <= MAX_DISTINCT;
  };
  for (let y = 0, p = 0; y < height; y++) {
    let last = px[p]!;
    let start = p;
    const end = p + width;
    for (p++; p < end; p++) {
      const v = px[p]!;
      if (v === last) continue;
      if (!push(last, p - start)) return undefined;
      last = v;
      start = p;
    }
    if (!push(last, p - start)) return undefined;
  }
  // The colours by count, most frequent first (ties: the higher RGB value first), as one number each
  // (count × 2^24 + RGB: exact in a double) sorted natively.
  const ranked = new Float64Array(table.size);
  let k = 0;
  for (let s = 0; s < table.keys.length; s++) if (table.keys[s] !== 0xffffffff) ranked[k++] = table.counts[s]! * 0x1000000 + table.keys[s]!;
  ranked.sort().reverse();
  const size = Math.min(256, ranked.length);
  const palette = new Uint32Array(size);
  for (let p = 0; p < size; p++) palette[p] = ranked[p]! % 0x1000000;
  // Each colour's palette index, by the colour's number.
  const index = new Uint8Array(table.size);
  for (let p = 0; p < size; p++) index[table.ids[table.slot(palette[p]!)]!] = p;
  const search = byGreen(palette);
  for (let q = size; q < ranked.length; q++) {
    const c = ranked[q]! % 0x1000000;
    index[table.ids[table.slot(c)]!] = nearest(c, search);
  }
  // Pass 2: the rows, filter byte 0 then the runs' indexes (runs never cross a row's end).
  const rows = Buffer.allocUnsafe((width + 1) * height);
  let o = 0;
  let r = 0;
  for (let y = 0; y < height; y++) {
    rows[o++] = 0;
    const rowEnd = o + width;
    while (o < rowEnd) {
      const i = index[runColour[r]!]!;
      const len = runLength[r++]!;
      if (len < 16) for (let k = 0; k < len; k++) rows[o + k] = i;
      else rows.fill(i, o, o + len);
      o += len;
    }
  }
  return { palette, rows };
}

/** The PLTE chunk's data: 3 bytes (R, G, B) per entry. */
export function plteData(palette: Uint32Array): Buffer {
  const out = Buffer.allocUnsafe(palette.length * 3);
  for (let i = 0; i < palette.length; i++) {
    const c = palette[i]!;
    out[i * 3] = c & 255;
    out[i * 3 + 1] = (c >>> 8) & 255;
    out[i * 3 + 2] = (c >>> 16) & 255;
  }
  return out;
}

/**
 * A palette fixed in advance (issue 29: the map pictures of a deadline's many boards are drawn from
 * the same few dozen colours and their anti-aliasing shades, so their palette is chosen once per
 * map, from reference pictures, instead of counted per picture). Each colour's index is a pure
 * function of the colour: the palette entry if it is one (exact), else the nearest by the weighted
 * distance of {@link indexColours} (of equals, the lowest index). So quantizing commutes with
 * copying pixels: a picture made of pieces of rasters is the same pieces of their indexes. The
 * answers are kept in a memo of colour → index (cleared past {@link MAX_MEMO} colours; clearing
 * changes no answer), so the nearest entry of a shade is searched once per process.
 */
const MAX_MEMO = 1 << 20;

export class FixedPalette {
  /** The palette, 0x00BBGGRR per entry, at most 256. */
  readonly palette: Uint32Array;
  private readonly search: ByGreen;
  private keys: Int32Array;
  private values: Uint8Array;
  private size = 0;
  private shift = 32 - 12;

  constructor(colours: Uint32Array) {
    if (colours.length === 0 || colours.length > 256) throw new RangeError(`a palette holds 1 to 256 colours, not ${colours.length}`);
    this.palette = Uint32Array.from(colours, (c) => c & 0xffffff);
    this.search = byGreen(this.palette);
    this.keys = new Int32Array(1 << 12).fill(-1);
    this.values = new Uint8Array(1 << 12);
    this.seed();
  }

  /** The palette's own colours, each its first index (a repeated colour keeps its first). */
  private seed(): void {
    for (let i = this.palette.length - 1; i >= 0; i--) this.put(this.palette[i]!, i);
  }

  /** How many colours the memo holds (the palette's own and the shades met so far). */
  get memoSize(): number {
    return this.size;
  }

  /** The index of `rgb` (0x00BBGGRR): its own entry, else the nearest. */
  indexOf(rgb: number): number {
    const keys = this.keys;
    const mask = keys.length - 1;
    let i = Math.imul(rgb, 0x9e3779b1) >>> this.shift;
    for (;;) {
      const k = keys[i]!;
      if (k === rgb) return this.values[i]!;
      if (k === -1) break;
      i = (i + 1) & mask;
    }
    const index = nearest(rgb, this.search);
    if (this.size >= MAX_MEMO) {
      this.keys.fill(-1);
      this.size = 0;
      this.seed();
    }
    this.put(rgb, index);
    return index;
  }

  private put(rgb: number, index: number): void {
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const keys = this.keys;
    const mask = keys.length - 1;
    let i = Math.imul(rgb, 0x9e3779b1) >>> this.shift;
    while (keys[i] !== -1 && keys[i] !== rgb) i = (i + 1) & mask;
    if (keys[i] === -1) this.size++;
    keys[i] = rgb;
    this.values[i] = index;
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Int32Array(keys.length * 2).fill(-1);
    this.values = new Uint8Array(keys.length * 2);
    this.shift--;
    this.size = 0;
    for (let i = 0; i < keys.length; i++) if (keys[i] !== -1) this.put(keys[i]!, values[i]!);
  }

  /**
   * Write the indexes of the `w` × `h` rectangle of the opaque RGBA `rgba` (rows of `width` pixels)
   * at (`x`, `y`) into `out` from byte `at` as PNG rows: each row the filter byte 0 (none), then one
   * index per pixel. Returns the byte after the last row; throws on a pixel that is not opaque.
   */
  indexRows(rgba: Uint8Array, width: number, x: number, y: number, w: number, h: number, out: Uint8Array, at: number): number {
    const height = rgba.length / 4 / width;
    if (![x, y, w, h].every(Number.isInteger) || x < 0 || y < 0 || w < 0 || h < 0 || x + w > width || y + h > height || at + (w + 1) * h > out.length) {
      throw new RangeError(`indexRows: the rectangle ${w}x${h} at (${x}, ${y}) is not inside the ${width}x${height} raster, or its rows do not fit at byte ${at}`);
    }
    const px = pixelWords(rgba, width * height);
    let o = at;
    let last = -1;
    let index = 0;
    for (let r = y; r < y + h; r++) {
      out[o++] = 0;
      for (let p = r * width + x, end = p + w; p < end; p++) {
        const v = px[p]!; // unsigned: never the -1 `last` starts at
        if (v !== last) {
          if (v >>> 24 !== 255) throw new RangeError(`indexRows: the pixel (${p % width}, ${Math.floor(p / width)}) is not opaque`);
          last = v;
          index = this.indexOf(v & 0xffffff);
        }
        out[o++] = index;
      }
    }
    return o;
  }
}

/**
 * The palette a set of reference pictures (opaque RGBA rasters, added one by one) calls for,
 * deterministic: first every colour that lies flat somewhere (a run of at least `flatRun` pixels
 * along a row: a fill, a line's core, a letter's stroke), the most pixels in such runs first; then
 * the shades between them, the most pixels first; ties: the higher RGB value first; at most 256. Anti-aliasing shades seldom
 * run flat, so the flat colours of the references stay exact in every picture drawn from the same parts.
 */
export class ReferenceColours {
  private readonly table = new ColourCounts(12);
  /** Per colour (by its number in the table): the pixels it covers in runs of `flatRun` or more. */
  private flat = new Uint32Array(4096);
  constructor(private readonly flatRun = 4) {}

  /** Count the colours of `r` (every pixel opaque, else a RangeError). */
  add(r: { readonly width: number; readonly height: number; readonly pixels: Uint8Array }): this {
    const table = this.table;
    const px = pixelWords(r.pixels, r.width * r.height);
    for (let y = 0; y < r.height; y++) {
      const end = (y + 1) * r.width;
      for (let p = y * r.width; p < end; ) {
        const v = px[p]!;
        let q = p + 1;
        while (q < end && px[q] === v) q++;
        if (v >>> 24 !== 255) throw new RangeError(`a reference picture's pixel (${p % r.width}, ${y}) is not opaque`);
        const slot = table.slot(v & 0xffffff);
        table.counts[slot]! += q - p;
        const id = table.ids[slot]!;
        if (id >= this.flat.length) {
          const f = new Uint32Array(this.flat.length * 2);
          f.set(this.flat);
          this.flat = f;
        }
        if (q - p >= this.flatRun) this.flat[id]! += q - p;
        p = q;
      }
    }
    return this;
  }

  /** The palette: the flat colours by their flat pixels, then the others by their pixels (see the class). */
  palette(): Uint32Array {
    const { table, flat } = this;
    const entries: { rgb: number; count: number; flat: number }[] = [];
    for (let s = 0; s < table.keys.length; s++) if (table.keys[s] !== 0xffffffff) entries.push({ rgb: table.keys[s]!, count: table.counts[s]!, flat: flat[table.ids[s]!]! });
    entries.sort((a, b) => Math.sign(b.flat) - Math.sign(a.flat) || b.flat - a.flat || b.count - a.count || b.rgb - a.rgb);
    return Uint32Array.from(entries.slice(0, 256), (e) => e.rgb);
  }
}
