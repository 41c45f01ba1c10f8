/**
 * The judge's map file (JSON) as a {@link WorldMap}; the format is documented in
 * src/coalition/README.md. Every problem is returned, naming the field; never throws.
 *
 * ```json
 * { "defaultTerrain": "plains",
 *   "terrain": { "5E": "mountain", "6E": "ocean" },
 *   "sites": { "7C": { "kind": "base", "team": "coalition", "colour": "red", "winCondition": true },
 *              "30K": { "kind": "portal", "team": "phyrexia", "name": "Vat" },
 *              "20G": { "kind": "town", "name": "Kher Keep" } } }
 * ```
 */
import { FACTIONS, TERRAINS, type Faction, type Site, type Terrain, type WorldMap } from './map.js';
import { keyOf, parseSquare } from './square.js';

export type ParseWorldMapResult = { readonly ok: true; readonly map: WorldMap } | { readonly ok: false; readonly problems: string[] };

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readTerrain(v: unknown, where: string, problems: string[]): Terrain | undefined {
  if (typeof v === 'string' && (TERRAINS as readonly string[]).includes(v.toLowerCase())) return v.toLowerCase() as Terrain;
  problems.push(`${where}: "${String(v)}" is not a terrain (one of ${TERRAINS.join(', ')})`);
  return undefined;
}

function readSite(v: unknown, where: string, problems: string[]): Site | undefined {
  if (!isObject(v)) {
    problems.push(`${where}: a site is an object like {"kind": "base", "team": "coalition", "colour": "red"}`);
    return undefined;
  }
  // 2.5.1.2: a base's description, posted for strategy writers (4.1.2.4: battles on a base use it).
  const name = { ...(typeof v['name'] === 'string' ? { name: v['name'] } : {}), ...(typeof v['description'] === 'string' ? { description: v['description'] } : {}) };
  const destroyed = v['destroyed'] === true ? { destroyed: true } : {};
  switch (v['kind']) {
    case 'base': {
      if (v['team'] !== undefined && v['team'] !== 'coalition') problems.push(`${where}.team: bases are Coalition's (1.1.2); Phyrexia has portals`);
      const colour = typeof v['colour'] === 'string' ? v['colour'].toLowerCase() : v['color'];
      if (!(FACTIONS as readonly unknown[]).includes(colour)) {
        problems.push(`${where}.colour: "${String(colour)}" is not a faction colour (one of ${FACTIONS.join(', ')})`);
        return undefined;
      }
      return { kind: 'base', team: 'coalition', colour: colour as Faction, ...name, ...(v['winCondition'] === true ? { winCondition: true } : {}), ...destroyed };
    }
    case 'portal':
      if (v['team'] !== undefined && v['team'] !== 'phyrexia') problems.push(`${where}.team: portals are Phyrexia's (1.1.1)`);
      return { kind: 'portal', team: 'phyrexia', ...name, ...destroyed };
    case 'town':
      return { kind: 'town', ...name };
    default:
      problems.push(`${where}.kind: "${String(v['kind'])}" is not a site (base, portal or town)`);
      return undefined;
  }
}

/** Read a parsed map file; `{ok: false, problems}` lists every problem found. */
export function parseWorldMap(json: unknown): ParseWorldMapResult {
  const problems: string[] = [];
  if (!isObject(json)) return { ok: false, problems: ['map: an object with "terrain" and "sites"'] };
  let defaultTerrain: Terrain = 'plains';
  if (json['defaultTerrain'] !== undefined) defaultTerrain = readTerrain(json['defaultTerrain'], 'map.defaultTerrain', problems) ?? 'plains';
  const terrain: Record<string, Terrain> = {};
  const sites: Record<string, Site> = {};
  const squares = (field: 'terrain' | 'sites', each: (key: string, v: unknown, where: string) => void): void => {
    const obj = json[field];
    if (obj === undefined) return;
    if (!isObject(obj)) {
      problems.push(`map.${field}: an object keyed by square ("5E")`);
      return;
    }
    for (const [k, v] of Object.entries(obj)) {
      const sq = parseSquare(k);
      if (!sq) {
        problems.push(`map.${field}.${k}: "${k}" is not a square; a square is its row number 1–38, then its column letter A–N (1.2), like "5E"`);
        continue;
      }
      each(keyOf(sq), v, `map.${field}.${k}`);
    }
  };
  squares('terrain', (key, v, where) => {
    const t = readTerrain(v, where, problems);
    if (t) terrain[key] = t;
  });
  squares('sites', (key, v, where) => {
    if (sites[key]) problems.push(`${where}: two sites on ${key}`);
    const s = readSite(v, where, problems);
    if (s) sites[key] = s;
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, map: { terrain, defaultTerrain, sites } };
}
