/**
 * Province recognition for order sheets (D.III(1)): the player's registered abbreviations, then the
 * official list, then the map's codes, names and aliases; failing those, an unambiguous prefix of a
 * full name (`Burg`, `Mid Atl`, `Tyrr`). A prefix that fits several provinces is reported with the
 * candidates, never guessed.
 */
import type { GameMap, ProvinceId, ProvinceLookup } from '../index.js';
import { normaliseName, provinceNames } from '../index.js';

/** Shortest prefix (letters) the judge will complete; shorter ones are reported as unknown. */
const MIN_PREFIX_LETTERS = 2;

const wordsCache = new WeakMap<GameMap, { id: ProvinceId; words: string[] }[]>();

/** Every name of every province as word lists, for prefix matching (once per map). */
function nameWords(map: GameMap): { id: ProvinceId; words: string[] }[] {
  const cached = wordsCache.get(map);
  if (cached) return cached;
  const out: { id: ProvinceId; words: string[] }[] = [];
  for (const p of map.provinces.values()) {
    if (p.terrain === 'impassable') continue;
    for (const n of [p.name, ...p.aliases]) out.push({ id: p.id, words: normaliseName(n).split(' ') });
  }
  wordsCache.set(map, out);
  return out;
}

/** Build the lookup the order parser uses for one player's sheet. */
export function createProvinceLookup(
  map: GameMap,
  official: ReadonlyMap<string, ProvinceId>,
  player: ReadonlyMap<string, ProvinceId> = new Map(),
): ProvinceLookup {
  const names = provinceNames(map);
  const words = nameWords(map);
  // A sheet asks about the same words many times (every line is classified, then parsed).
  const prefixes = new Map<string, ProvinceId | readonly ProvinceId[] | undefined>();
  return {
    resolve(name, mode) {
      if (mode === 'exact') return player.get(name) ?? official.get(name) ?? names.get(name);
      if (prefixes.has(name)) return prefixes.get(name);
      const found = byPrefix(name);
      prefixes.set(name, found);
      return found;
    },
  };

  function byPrefix(name: string): ProvinceId | readonly ProvinceId[] | undefined {
    const parts = name.split(' ');
    if (parts.join('').length < MIN_PREFIX_LETTERS) return undefined;
    const found = new Set<ProvinceId>();
    for (const w of words) {
      if (w.words.length < parts.length) continue;
      if (parts.every((p, i) => w.words[i]!.startsWith(p))) found.add(w.id);
    }
    if (found.size === 0) return undefined;
    const ids = [...found].sort();
    return ids.length === 1 ? ids[0] : ids;
  }
}
