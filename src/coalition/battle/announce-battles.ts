/**
 * 3.1 / 4.1: after the movement update the judge announces every battle — its square, terrain
 * (4.1.2.4), the base, portal or town it is fought on, the weather line the Battle Judge enters
 * (4.1.2.5), and "no-attacker" or "X attacks Y" (4.1.2.3). 4.3.1: an army with 0 troops left that is
 * engaged is killed at once, with no strategies written.
 */
import { isEmptyArmy, type Army } from '../armies/army.js';
import type { Battle } from '../movement/types.js';
import { siteAt, terrainAt, type Site, type Terrain, type WorldMap } from '../world/map.js';
import type { SquareKey } from '../world/square.js';

export interface BattleAnnouncement {
  readonly square: SquareKey;
  readonly terrain: Terrain;
  readonly site?: Site;
  readonly armies: readonly string[];
  readonly attacker: string | null;
  /** `Sai Rei attacks Gix`, `Sai Rei and Darkhand5 attack Gix`, or `no-attacker`. */
  readonly kind: string;
  readonly weather?: string;
  readonly jointEngage: boolean;
  /** 4.3.1: empty armies killed on engagement; no battle is fought when one side is left without armies. */
  readonly automaticKills: readonly string[];
  /** False when the automatic kills leave one side alone: "the killing army may move on". */
  readonly fought: boolean;
}

function site(s: Site): string {
  if (s.kind === 'base') return `the ${s.colour} base${s.name ? ` (${s.name})` : ''}`;
  if (s.kind === 'portal') return `a Phyrexian portal${s.name ? ` (${s.name})` : ''}`;
  return `the town${s.name ? ` of ${s.name}` : ''}`;
}

/** One announcement per battle, in the movement update's order. */
export function announceBattles(battles: readonly Battle[], map: WorldMap, armies: readonly Army[], weather: Readonly<Record<SquareKey, string>> = {}): BattleAnnouncement[] {
  return battles.map((b) => {
    const inIt = b.armies.map((n) => armies.find((a) => a.name === n)).filter((a): a is Army => a !== undefined);
    const automaticKills = inIt.filter(isEmptyArmy).map((a) => a.name);
    const left = inIt.filter((a) => !automaticKills.includes(a.name));
    const attacker = b.attacker ? inIt.find((a) => a.name === b.attacker) : undefined;
    let kind = 'no-attacker';
    if (attacker) {
      const attackers = inIt.filter((a) => a.team === attacker.team).map((a) => a.name);
      const defenders = inIt.filter((a) => a.team !== attacker.team).map((a) => a.name);
      kind = `${attackers.join(' and ')} ${attackers.length > 1 ? 'attack' : 'attacks'} ${defenders.join(' and ')}`;
    }
    const st = siteAt(map, b.square);
    return {
      square: b.square,
      terrain: terrainAt(map, b.square),
      ...(st ? { site: st } : {}),
      armies: b.armies,
      attacker: b.attacker,
      kind,
      ...(weather[b.square] ? { weather: weather[b.square] } : {}),
      jointEngage: b.jointEngage,
      automaticKills,
      fought: new Set(left.map((a) => a.team)).size > 1,
    };
  });
}

/** The announcement as a line of the Battle Announcements post. */
export function formatBattleAnnouncement(a: BattleAnnouncement): string {
  const where = `${a.square} (${a.terrain}${a.site ? `, ${site(a.site)}` : ''})`;
  const kills = a.automaticKills.length > 0 ? ` — ${a.automaticKills.join(' and ')} ha${a.automaticKills.length > 1 ? 've' : 's'} no troops left and ${a.automaticKills.length > 1 ? 'are' : 'is'} killed (4.3.1)` : '';
  return `${where}: ${a.kind === 'no-attacker' ? `${a.armies.join(' vs ')}, no-attacker` : a.kind}${a.jointEngage ? ' (Joint Engage)' : ''}${a.weather ? `; weather: ${a.weather}` : ''}${kills}`;
}
