/**
 * 6.2.2 "At War": "If one team scores a kill against a Town Defender Army (TDF), a random theme army
 * (not the ocean theme army) will become 'At War' with the other team (the team that did not score
 * the kill)." and "when a theme army first declares war on a team, it immediately heals 25% of each
 * rank. After that it will not heal again." Pure: the random choice is a roll of the turn's dice.
 */
import type { DiceStream, RecordedRoll } from '../../dice/index.js';
import { terrainAt, type WorldMap } from '../world/map.js';
import type { Army } from './army.js';

export interface AtWarDeclared {
  readonly army: string;
  readonly against: 'coalition' | 'phyrexia';
  /** The TDF whose death set it off, and the team that killed it. */
  readonly tdf: string;
  readonly by: 'coalition' | 'phyrexia';
  readonly healed: readonly { creature: string; count: number }[];
}

/** Each kill of a TDF by a team declares one random non-ocean Theme army not yet At War. */
export function declareAtWar(map: WorldMap, armies: readonly Army[], kills: readonly { tdf: string; by: 'coalition' | 'phyrexia' }[], dice: DiceStream): { armies: Army[]; declared: AtWarDeclared[]; none: string[]; rolls: RecordedRoll[] } {
  let out = [...armies];
  const declared: AtWarDeclared[] = [];
  const none: string[] = [];
  const rolls: RecordedRoll[] = [];
  for (const k of kills) {
    const candidates = out.filter((a) => a.mercenary === 'theme' && !a.atWar && !a.ocean && terrainAt(map, a.at) !== 'ocean');
    if (candidates.length === 0) { none.push(k.tdf); continue; }
    // One candidate left: no chance involved (a die has at least 2 faces).
    let chosen = candidates[0]!;
    if (candidates.length > 1) {
      const r = dice.roll(`d${candidates.length}`, `At War: which of ${candidates.map((a) => a.name).join(', ')} (6.2.2, ${k.by} killed ${k.tdf})`);
      rolls.push(r);
      chosen = candidates[r.total - 1]!;
    }
    const against = k.by === 'coalition' ? 'phyrexia' : 'coalition';
    const healed: { creature: string; count: number }[] = [];
    // 6.2.2: "it immediately heals 25% of each rank".
    const troops = (chosen.troops ?? []).map((t) => {
      const add = Math.min(t.count - t.alive, Math.floor(t.count / 4));
      if (add > 0) healed.push({ creature: t.creature, count: add });
      return add > 0 ? { ...t, alive: t.alive + add } : t;
    });
    out = out.map((a) => (a === chosen ? { ...a, atWar: against, ...(chosen.troops ? { troops } : {}) } : a));
    declared.push({ army: chosen.name, against, tdf: k.tdf, by: k.by, healed });
  }
  return { armies: out, declared, none, rolls };
}
