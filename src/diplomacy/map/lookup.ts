/**
 * Name → province lookup for the order parser: three-letter codes, full English names and the
 * accepted aliases, all matched case-insensitively with punctuation ignored.
 */
import type { GameMap, ProvinceId } from './types.js';

/** Normalise a name for lookup: lower case, no dots or apostrophes, hyphens as spaces, single spaces. */
export function normaliseName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .replace(/-/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const cache = new WeakMap<GameMap, Map<string, ProvinceId>>();

/** The lookup table of a map: every normalised name, code and alias → province code. */
export function provinceNames(map: GameMap): ReadonlyMap<string, ProvinceId> {
  let table = cache.get(map);
  if (table) return table;
  table = new Map();
  for (const p of map.provinces.values()) {
    table.set(normaliseName(p.id), p.id);
    table.set(normaliseName(p.name), p.id);
    for (const alias of p.aliases) table.set(normaliseName(alias), p.id);
  }
  cache.set(map, table);
  return table;
}

const longestCache = new WeakMap<GameMap, number>();

/** The longest number of words in any name of the map (bounds the parser's look-ahead). */
export function longestNameWords(map: GameMap): number {
  let most = longestCache.get(map);
  if (most !== undefined) return most;
  most = 1;
  for (const name of provinceNames(map).keys()) most = Math.max(most, name.split(' ').length);
  longestCache.set(map, most);
  return most;
}
