/**
 * The nearest reading of an order line the judge could not read, offered to the player as "did you
 * mean …?" (never used as the order: a guess is not an order, D.III(1)); and the one correction the
 * judge does make itself: a misspelt province name one letter away from exactly one province's full
 * name ("Burgandy", "Bohemai"), which is unambiguous and reported as a warning. Pure.
 */
import type { GameMap, PhaseKind, ProvinceId, ProvinceLookup } from '../index.js';
import { formatOrder, normaliseName, parseOrder } from '../index.js';
import { classify, closest, isOrderAttempt, spellOutVerbs } from './order-words.js';

/** Shortest full name the judge corrects a misspelling of (shorter names are too close to each other). */
const MIN_CORRECTED_NAME = 6;

const nameCache = new WeakMap<GameMap, Map<string, ProvinceId>>();

/** Every one-word full name and alias of the map (normalised) → its province. */
function oneWordNames(map: GameMap): Map<string, ProvinceId> {
  let names = nameCache.get(map);
  if (!names) {
    names = new Map();
    for (const p of map.provinces.values()) {
      if (p.terrain === 'impassable') continue;
      for (const n of [p.name, ...p.aliases]) {
        const w = normaliseName(n);
        if (!w.includes(' ')) names.set(w, p.id);
      }
    }
    nameCache.set(map, names);
  }
  return names;
}

/**
 * A misspelt province name the judge reads anyway: one edit (a letter wrong, missing, extra, or two
 * swapped) from exactly one full name of six letters or more, and no other name within two edits.
 */
export function correctProvinceName(word: string, map: GameMap): { name: string; province: ProvinceId } | undefined {
  const w = normaliseName(word);
  if (w.length < MIN_CORRECTED_NAME - 1 || /[^a-z]/.test(w)) return undefined;
  const names = [...oneWordNames(map).keys()].filter((n) => n.length >= MIN_CORRECTED_NAME);
  const near2 = closest(w, names, 2);
  const near1 = closest(w, names, 1);
  if (!near1 || near1 !== near2) return undefined;
  return { name: near1, province: oneWordNames(map).get(near1)! };
}

/** Every word the order grammar knows, for suggesting the nearest spelling of an unknown one. */
function vocabulary(map: GameMap): string[] {
  return [...oneWordNames(map).keys(), ...[...map.provinces.keys()].map((id) => id.toLowerCase()), 'build', 'disband', 'remove', 'retreat', 'supports', 'convoys', 'hold', 'army', 'fleet'];
}

/** The line's order, if it parses, in canonical form. */
function parsed(text: string, map: GameMap, lookup: ProvinceLookup): string | undefined {
  const p = parseOrder(text, map, lookup);
  return p.ok ? formatOrder(p.order) : undefined;
}

/**
 * The nearest order to a line that could not be read: unknown words replaced by the nearest word the
 * grammar knows, or the order-shaped part of a line with prose around it (`I'll go A Par - Bur
 * then`). `undefined` when nothing near parses.
 */
export function nearestReading(text: string, phase: PhaseKind, map: GameMap, lookup: ProvinceLookup): string | undefined {
  const spelt = spellOutVerbs(text, phase, lookup);
  const tokens = classify(spelt, lookup);
  const words = tokens.map((t) => t.text);
  const vocab = vocabulary(map);
  // 1. Unknown words spelt as the nearest known word.
  const fixed = tokens.map((t) => (t.kind === 'other' && /^\p{L}+$/u.test(t.text) ? closest(t.text.toLowerCase(), vocab, t.text.length <= 4 ? 1 : 2) ?? t.text : t.text));
  const corrected = parsed(fixed.join(' '), map, lookup);
  if (corrected) return corrected;
  // 2. The order-shaped part: prose before the first place an order starts, and words after it that
  //    are not order words, left out (never an order word: that would change what the player said).
  let to = tokens.length;
  while (to > 0 && tokens[to - 1]!.kind === 'other') to--;
  for (let from = 0; from < to; from++) {
    if (!isOrderAttempt(tokens.slice(from, to), words.slice(from, to).join(' '), 'start')) continue;
    if (from === 0 && to === tokens.length) continue; // the whole line: tried above
    const found = parsed(fixed.slice(from, to).join(' '), map, lookup);
    if (found) return found;
  }
  return undefined;
}
