/**
 * Issue 29, stop 46: the map PNGs' content pinned for a table of positions (the six fixtures of the
 * SVG goldens and the opening, each also with every centre's owner moved one power on), in both
 * layouts, drawn synchronously and asynchronously (four at once): the PNG's chunks other than IDAT
 * (IHDR, PLTE, IEND) and its inflated IDAT (the indexed rows, so the pixels), as a SHA-256 prefix.
 * The table was written by the build before stop 46's changes to the drawing's speed
 * (compositeOver on pixel words, the rows buffers reused, the deflate's output in one chunk): those
 * changed no pixel. Pinned on the inflated rows rather than the PNG's bytes so that another zlib
 * (another Node) does not fail it; `node dist/scripts/hash-maps.js` compares whole PNG bytes between
 * two builds. A change that means to change the pictures rewrites this table (and says why).
 */
import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { POWERS, standardStartState, type Power } from '../../../src/diplomacy/index.js';
import { STANDARD_GEOMETRY, pictureOfPosition, renderPhonePng, renderPhonePngAsync, renderWidePng, renderWidePngAsync, type MapPicture } from '../../../src/diplomacy/picture/index.js';
import { CASES, pictureOf } from './pictures.js';

/** Name, wide, phone. */
const TABLE: readonly (readonly [string, string, string])[] = [
  ['bounce-spring-1901', '6d21363dc4e07b3024b4302821de8f5b', '332a93e764474abf309d40b96d615fc5'],
  ['bounce-spring-1901 owners+1', 'cd00c95905612a494f222bef857d791a', 'a8e34dea672605aaea8184b8a751a928'],
  ['dislodgement-fall-1901', 'aa5f5db4c398c4662aa05681c2c20fca', '0ae4be675ce7d971fc8dd98776ec1802'],
  ['dislodgement-fall-1901 owners+1', '4fa4543498a70ffbdd670efe4d5b9bee', 'f4289aa2c32ded8c37c205e53cc18017'],
  ['convoy-spring-1902', '8e14cdd3bdb35e28f4040ba06105185e', '4843446aa10ab08dd91ae6006ea1a93e'],
  ['convoy-spring-1902 owners+1', '2c449f11c74c6f46eee7efe2d7cca085', '8271cd2b36c8cd2ef31d4eeeedf25732'],
  ['retreat-fall-1901', 'f4062e9a426cb62ba688dc02aa25d72b', '7630c98869f49a8b49f44d52a51a2b09'],
  ['retreat-fall-1901 owners+1', '4ec6313e03eea90e033a47aaa9513c68', 'c5309251c58ea8e1b50c9492694d713a'],
  ['builds-winter-1901', 'e94fbed517f3f57ae98ddaaccf1f6c29', '3ac1b5d22e1d596e569c76799d18a16a'],
  ['builds-winter-1901 owners+1', '8ded7c69e0912a9901d69249084da6a2', '997ae220615230b3dd68808c1ed519df'],
  ['fall-1902', '2004f899d11aee63d46c58d869533adf', '853a5c86d0888448a02e5b43514a03c6'],
  ['fall-1902 owners+1', 'dc8e7ca982d100de25b207c5090bc40f', '8dbe1b504c7734edfeaf27b0c7117b4f'],
  ['start', '35e8a495c53bdcdbe8bdaa3325441286', '81573226e8264d59391623418ec1e3f8'],
  ['start owners+1', '89bd52d8ce2115d6613b81917eeeab26', '6b497b06e22f8f84ac326c909a1f8d49'],
];

function content(png: Buffer): string {
  const h = createHash('sha256');
  const idat: Buffer[] = [];
  for (let o = 8; o < png.length; ) {
    const n = png.readUInt32BE(o);
    const type = png.toString('latin1', o + 4, o + 8);
    const data = png.subarray(o + 8, o + 8 + n);
    if (type === 'IDAT') idat.push(data);
    else h.update(type).update(data);
    o += 12 + n;
  }
  return h.update(inflateSync(Buffer.concat(idat))).digest('hex').slice(0, 32);
}

function pictures(): Map<string, MapPicture> {
  const named: [string, MapPicture][] = [...(Object.keys(CASES) as (keyof typeof CASES)[]).map((n): [string, MapPicture] => [n, pictureOf(n)]), ['start', pictureOfPosition(standardStartState())]];
  const next = (w: Power) => POWERS[(POWERS.indexOf(w) + 1) % POWERS.length]!;
  return new Map(named.flatMap(([n, p]): [string, MapPicture][] => [[n, p], [`${n} owners+1`, { ...p, centers: new Map([...p.centers].map(([c, w]) => [c, next(w)])) }]]));
}

describe('the map PNGs of a table of positions (stop 46: the same pixels as before)', () => {
  const all = pictures();

  it('the table covers every picture, and no two pictures are alike', () => {
    expect(TABLE.map(([n]) => n)).toEqual([...all.keys()]);
    expect(new Set(TABLE.flatMap(([, w, p]) => [w, p])).size).toBe(TABLE.length * 2);
  });

  it('drawn synchronously: each picture\'s content is the table\'s', () => {
    for (const [name, wide, phone] of TABLE) {
      const p = all.get(name)!;
      expect(content(renderWidePng(p, STANDARD_GEOMETRY)), `${name} wide`).toBe(wide);
      expect(content(renderPhonePng(p, STANDARD_GEOMETRY)), `${name} phone`).toBe(phone);
    }
  });

  it('drawn asynchronously, four boards at once in an order that repeats them: the table\'s content, and the same bytes as the synchronous drawing', async () => {
    const order = [...TABLE, ...TABLE.slice().reverse()];
    for (let k = 0; k < order.length; k += 4) {
      const batch = order.slice(k, k + 4);
      const got = await Promise.all(batch.map(async ([name]) => Promise.all([renderWidePngAsync(all.get(name)!, STANDARD_GEOMETRY), renderPhonePngAsync(all.get(name)!, STANDARD_GEOMETRY)])));
      batch.forEach(([name, wide, phone], i) => {
        const [w, ph] = got[i]!;
        expect(content(w), `${name} wide`).toBe(wide);
        expect(content(ph), `${name} phone`).toBe(phone);
        expect(w.equals(renderWidePng(all.get(name)!, STANDARD_GEOMETRY)), `${name} wide bytes`).toBe(true);
        expect(ph.equals(renderPhonePng(all.get(name)!, STANDARD_GEOMETRY)), `${name} phone bytes`).toBe(true);
      });
    }
  }, 120_000);
});
