/**
 * `node dist/scripts/hash-maps.js`: the SHA-256 of every map PNG drawn from a table of positions, one
 * line per drawing, then one line for them all (issue 29: a change to the map's drawing that must
 * not change a byte is checked by running this in the build before and after and comparing the
 * output; copy `dist/scripts/hash-maps.js` and `bench-openings.js` into the other build's `dist/scripts/` to run it there).
 *
 * The positions: the six fixtures of the SVG goldens (test/diplomacy/picture/pictures.ts) and the
 * opening, each also with the centres' owners moved one power on and with every other unit gone
 * (21 pictures), and 12 spring 1901 results of the judge benchmark's openings (bench-worker.ts's
 * combinations). Each in both layouts, drawn synchronously, then asynchronously four at a time in an
 * order that repeats them (the kept painted bases, sprites and scratch buffers reused across
 * pictures), then through the service's `mapAttachment` and `mapLayoutsAsync`.
 */
import { createHash } from 'node:crypto';
import { POWERS, RULE_PROFILES, adjudicate, standardStartState, type Power } from '../src/diplomacy/index.js';
import { STANDARD_GEOMETRY, pictureOfPosition, pictureOfResults, renderPhonePng, renderPhonePngAsync, renderWidePng, renderWidePngAsync, type MapPicture } from '../src/diplomacy/picture/index.js';
import { runAdjudicate } from '../src/cli/commands/adjudicate.js';
import { pictureOfJson } from '../src/cli/map-command.js';
import { readOrders } from '../src/cli/position-json.js';
import { readFileSync } from 'node:fs';
import { OPENINGS, openingOf } from './bench-openings.js';

const FIXTURES = new URL('../../test/fixtures/map/', import.meta.url);
const CASES = ['bounce-spring-1901.json', 'fall-1901-orders.json', 'convoy-spring-1902.json', 'retreat-fall-1901.json', 'builds-winter-1901.json', 'fall-1902-orders.json'];


/** The pictures, by name. */
function pictures(): [string, MapPicture][] {
  const base: [string, MapPicture][] = CASES.map((f) => [f.replace('.json', ''), pictureOfJson(JSON.stringify(runAdjudicate(readFileSync(new URL(f, FIXTURES), 'utf8'), { rules: RULE_PROFILES.wm })))]);
  base.push(['start', pictureOfPosition(standardStartState())]);
  const out: [string, MapPicture][] = [];
  for (const [name, p] of base) {
    out.push([name, p]);
    const next = (w: Power) => POWERS[(POWERS.indexOf(w) + 1) % POWERS.length]!;
    out.push([`${name} owners+1`, { ...p, centers: new Map([...p.centers].map(([c, w]) => [c, next(w)])) }]);
    out.push([`${name} fewer units`, { ...p, units: p.units.filter((_, i) => i % 2 === 0) }]);
  }
  const start = standardStartState();
  for (let game = 0; game < 12; game++) {
    const n = game * 181; // spread over the 2,187 combinations
    const lines = POWERS.flatMap((power, k) => OPENINGS[power][openingOf(n, k)]!.split('\n').map((o) => ({ power, text: o })));
    const orders = readOrders(Object.fromEntries(POWERS.map((p) => [p, lines.filter((l) => l.power === p).map((l) => l.text)])), start);
    const res = adjudicate(start, orders);
    out.push([`opening ${n}`, pictureOfResults(start.phase, res.results, res.state, res.next)]);
  }
  return out;
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const all = pictures();
const lines: string[] = [];
const G = STANDARD_GEOMETRY;
for (const [name, p] of all) {
  lines.push(`sync wide ${name} ${sha(renderWidePng(p, G))}`);
  lines.push(`sync phone ${name} ${sha(renderPhonePng(p, G))}`);
}
// Asynchronously, four boards in flight, in an order that repeats pictures (kept bases hit and missed).
const order = [...all.keys(), ...all.keys()].map((i, k) => (i * 7 + k) % all.length);
for (let k = 0; k < order.length; k += 4) {
  const batch = order.slice(k, k + 4);
  const got = await Promise.all(batch.map(async (i) => {
    const [w, ph] = await Promise.all([renderWidePngAsync(all[i]![1], G), renderPhonePngAsync(all[i]![1], G)]);
    return [`async wide ${all[i]![0]} ${sha(w)}`, `async phone ${all[i]![0]} ${sha(ph)}`];
  }));
  lines.push(...got.flat());
}
for (const l of lines) console.log(l);
console.log(`${lines.length} drawings, all: ${createHash('sha256').update(lines.join('\n')).digest('hex')}`);
