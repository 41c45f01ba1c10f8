/**
 * What the movement update does besides moving (1.5, 1.7, 2.3.1, 6.3.2): day counts at bases,
 * portals and towns; healing when the days come; bases destroyed after 4 days; the win conditions;
 * Raider spawning. Pure; chance only through the {@link DiceStream}.
 */
import type { DiceStream, RecordedRoll } from '../../dice/index.js';
import { areEnemies, type Army, type Troop } from '../armies/army.js';
import { healsInTowns, isHighRank } from '../armies/ranks.js';
import { isWinCondition, siteAt, type Site, type Team, type WorldMap } from '../world/map.js';
import type { SquareKey } from '../world/square.js';
import type { MovementUpdate } from './types.js';

/** 1.7.1: days an army counts on an enemy base before it is destroyed (also 1.7.2's win count). */
export const DAYS_TO_DESTROY = 4;

/** Why an army counts days where it stands. */
export type CountPurpose = 'heal' | 'destroy' | 'win';

export interface DayCount {
  readonly army: string;
  /** The count after this update (0 off a counting square). */
  readonly days: number;
  readonly purpose: CountPurpose | null;
  /** 1.5: attacked on its base/portal: it counts the day "if and when" it wins (see {@link countDayAfterBattle}). */
  readonly pendingBattle: boolean;
}

export interface DestroyedBase {
  readonly square: SquareKey;
  readonly by: string;
}

/** The team's own Win Conditions still standing, and whether the enemy has any left (1.7.2). */
function enemyWinConditionsLeft(map: WorldMap, team: Team): boolean {
  return Object.values(map.sites).some((s) => s.kind !== 'town' && isWinCondition(s) && !s.destroyed && s.team !== team);
}

/**
 * Why `army` counts days on `site`, or null: 2.3.1.2 a Coalition army in a base of one of its
 * colours; 2.3.1.1 a Phyrexian army in a portal; 2.3.1.3 the two lowest ranks in a town; 1.7.1 any
 * army on an enemy base or portal (to destroy it); 1.7.2 an army on its own Win Condition once every
 * enemy Win Condition is destroyed.
 */
export function countPurpose(map: WorldMap, army: Army, site: Site | undefined): CountPurpose | null {
  if (!site || army.team === 'mercenary') return null;
  if (site.kind === 'town') return healsInTowns(army.rank) ? 'heal' : null;
  if (site.destroyed) return null;
  if (site.team !== army.team) return 'destroy';
  if (isWinCondition(site) && !enemyWinConditionsLeft(map, army.team)) return 'win';
  if (site.kind === 'portal') return 'heal';
  return (army.colours ?? []).includes(site.colour) ? 'heal' : null;
}

/**
 * 1.5 day counts after the movement update. "Armies moving on the open map do not count days. Armies
 * moving into or sitting still in bases or portals that are not attacked by enemy armies count one
 * day each turn. Armies ... that are attacked ... count one day if and when they defeat that enemy."
 * 1.7.1: an army that had counted 4 days on an enemy base and does not move this turn destroys it.
 */
export function countDays(map: WorldMap, armies: readonly Army[], update: MovementUpdate): { counts: DayCount[]; destroyed: DestroyedBase[] } {
  const counts: DayCount[] = [];
  const destroyed: DestroyedBase[] = [];
  armies.forEach((army, i) => {
    const moved = update.armies[i]!;
    const stayed = moved.at === moved.from;
    const site = siteAt(map, moved.at);
    const purpose = countPurpose(map, army, site);
    const before = stayed ? (army.days ?? 0) : 0;
    if (purpose === 'destroy' && stayed && before >= DAYS_TO_DESTROY) destroyed.push({ square: moved.at, by: army.name });
    if (!purpose) {
      counts.push({ army: army.name, days: 0, purpose: null, pendingBattle: false });
      return;
    }
    const attacked = update.battles.some((b) => b.square === moved.at) || armies.some((o, j) => o !== army && areEnemies(o, army) && update.armies[j]!.at === moved.at);
    counts.push({ army: army.name, days: attacked ? before : before + 1, purpose, pendingBattle: attacked });
  });
  return { counts, destroyed };
}

/** 1.5, 1.7.2: the day of an attacked army on a base: +1 if it wins; back to 0 if it loses. */
export function countDayAfterBattle(days: number, won: boolean): number {
  return won ? days + 1 : 0;
}

/** What healing returned to one creature. */
export interface Healed {
  readonly creature: string;
  readonly count: number;
}

function lost(t: Troop): { before: number; during: readonly { day: number; count: number }[] } {
  const during = t.lostDuringCount ?? [];
  const tracked = during.reduce((a, l) => a + l.count, 0);
  return { before: Math.max(0, t.count - t.alive - tracked), during };
}

/**
 * 2.3.1 healing when an army's count reaches `days` on `site`:
 * - Coalition base of its colour (2.3.1.2): at each day, troops of the base's colour lost before the
 *   previous day; all troops lost two days or more before (losses before the count count as day 0);
 * - Phyrexian portal (2.3.1.1) and a town for the two lowest ranks (2.3.1.3): every 2 days, all
 *   troops except those lost during the last day.
 * Returns the army's new troops and what was healed.
 */
export function heal(army: Army, site: Site, days: number): { troops: Troop[]; healed: Healed[] } {
  const troops = army.troops ?? [];
  const healed: Healed[] = [];
  const colourBase = site.kind === 'base' && army.team === 'coalition';
  const everyTwo = !colourBase;
  if (days < 1 || (everyTwo && days % 2 !== 0)) return { troops: [...troops], healed };
  const out = troops.map((t) => {
    const { before, during } = lost(t);
    const ofColour = site.kind === 'base' && (site.colour === 'colourless' ? t.colours.includes('artifact') : t.colours.some((c) => c === site.colour));
    const limit = colourBase && ofColour ? days - 1 : days - 2;
    if (limit < 0) return t;
    const back = before + during.filter((l) => l.day <= limit).reduce((a, l) => a + l.count, 0);
    if (back === 0) return t;
    healed.push({ creature: t.creature, count: back });
    const left = during.filter((l) => l.day > limit);
    const { lostDuringCount: _drop, ...rest } = t;
    return { ...rest, alive: t.alive + back, ...(left.length > 0 ? { lostDuringCount: left } : {}) };
  });
  return { troops: out, healed };
}

/** One army healed at a lock (2.3.1). */
export interface HealedAtLock {
  readonly army: string;
  readonly square: string;
  readonly days: number;
  readonly healed: readonly Healed[];
}

/**
 * The world after a lock's movement and day counts (1.5, 2.3.1): each army at its new square with its
 * day count, healed when the count reaches a healing day on a base of its colour, a portal, or (the two
 * lowest ranks) a town. An army whose count waits on a battle (1.5: "if and when they defeat that
 * enemy") heals after the battle instead. An army whose count went back to 0 (it moved) keeps its
 * losses as before the count: they heal on the new count's days (2.3.1.2 "troops lost during the
 * count must wait until the correct number of days have been counted after their loss").
 */
export function healAtLock(map: WorldMap, armies: readonly Army[], update: MovementUpdate, counts: readonly DayCount[]): { armies: Army[]; healed: HealedAtLock[] } {
  const healed: HealedAtLock[] = [];
  const out = armies.map((a, i) => {
    const at = update.armies[i]?.at ?? a.at;
    const c = counts.find((x) => x.army === a.name);
    let x: Army = { ...a, at, ...(c ? { days: c.days } : {}) };
    if ((x.days ?? 0) === 0 && x.troops?.some((t) => t.lostDuringCount)) {
      x = { ...x, troops: x.troops.map((t) => { const { lostDuringCount: _l, ...rest } = t; return rest; }) };
    }
    const site = siteAt(map, at);
    // 6.3.2: "Raider armies cannot heal."
    if (!c || c.purpose !== 'heal' || c.pendingBattle || !site || a.mercenary === 'raider') return x;
    const h = heal(x, site, c.days);
    if (h.healed.length === 0) return x;
    healed.push({ army: a.name, square: at, days: c.days, healed: h.healed });
    return { ...x, troops: h.troops };
  });
  return { armies: out, healed };
}

/** 6.1.2: a Town Defender heals 500 a turn in its home town, lowest rank first. */
export const TOWN_DEFENDER_HEAL = 500;

/** 6.1.2: 500 troops back to a Town Defender, to the lowest slot first and up only when it is full. */
export function healTownDefender(army: Army): Troop[] {
  let left = TOWN_DEFENDER_HEAL;
  const order = [...(army.troops ?? [])].map((t, i) => ({ t, i })).sort((a, b) => a.t.slot - b.t.slot || a.i - b.i);
  const out = [...(army.troops ?? [])];
  for (const { t, i } of order) {
    const add = Math.min(left, t.count - t.alive);
    if (add > 0) out[i] = { ...t, alive: t.alive + add };
    left -= add;
  }
  return out;
}

/**
 * 6.1.2 at the lock: "A TDF army heals 500 soldiers for every turn it spends in its home town" (its
 * `home`, else none): each Town Defender standing in its home town, not in a battle just announced,
 * gets 500 back, lowest rank first.
 */
export function healTownDefendersAtLock(map: WorldMap, armies: readonly Army[], inBattle: readonly string[]): { armies: Army[]; healed: { army: string; square: SquareKey; healed: { creature: string; count: number }[] }[] } {
  const healed: { army: string; square: SquareKey; healed: { creature: string; count: number }[] }[] = [];
  const out = armies.map((a) => {
    if (a.mercenary !== 'town-defender' || !a.home || a.at !== a.home || siteAt(map, a.at)?.kind !== 'town' || inBattle.includes(a.name)) return a;
    const troops = healTownDefender(a);
    const back = troops.map((t, i) => ({ creature: t.creature, count: t.alive - (a.troops?.[i]?.alive ?? t.alive) })).filter((x) => x.count > 0);
    if (back.length === 0) return a;
    healed.push({ army: a.name, square: a.at, healed: back });
    return { ...a, troops };
  });
  return { armies: out, healed };
}

/** Who has won, and by which rule, or null. */
export type Winner = { readonly team: Team; readonly rule: '1.7.2' | '1.7.3'; readonly by?: string } | null;

/**
 * 1.7.3: a side that has lost every army ranked Captain/Evincar or higher loses. 1.7.2: once all of
 * one team's Win Conditions are destroyed, the other wins when one of its armies has counted 4 days
 * on one of its own Win Conditions.
 */
export function findWinner(map: WorldMap, armies: readonly Army[], counts: readonly DayCount[]): Winner {
  for (const [team, other] of [['coalition', 'phyrexia'], ['phyrexia', 'coalition']] as const) {
    const mine = armies.filter((a) => a.team === team && !a.partiallyConverted);
    if (!mine.some((a) => isHighRank(a.rank))) return { team: other, rule: '1.7.3' };
  }
  for (const c of counts) {
    if (c.purpose !== 'win' || c.days < DAYS_TO_DESTROY) continue;
    const army = armies.find((a) => a.name === c.army);
    if (army) return { team: army.team, rule: '1.7.2', by: army.name };
  }
  return null;
}

/** 6.3.2: at most 5 Raiders on the map. */
export const MAX_RAIDERS = 5;

/**
 * 6.3.2 Raider spawning: one d20 with each movement update while fewer than 5 Raiders are on the
 * map; a Raider spawns on 1 with 3 or 4 Raiders, 1–2 with 2, 1–3 with 1 or 0; then a second d20: 1–7
 * a 2/2-rank Raider, else 1/1-rank. Where it appears is the Mercenary Judge's.
 */
export function rollRaiderSpawn(raiders: number, dice: DiceStream): { spawn: null | '1/1-4/4' | '2/2-5/5'; rolls: RecordedRoll[] } {
  if (raiders >= MAX_RAIDERS) return { spawn: null, rolls: [] };
  const chance = raiders >= 3 ? 1 : raiders === 2 ? 2 : 3;
  const r = dice.roll('d20', `Raider spawn: ${chance} in 20 with ${raiders} Raider${raiders === 1 ? '' : 's'} (6.3.2)`);
  if (r.total > chance) return { spawn: null, rolls: [r] };
  const size = dice.roll('d20', 'Raider size: 1–7 is 2/2 rank, else 1/1 (6.3.2)');
  return { spawn: size.total <= 7 ? '2/2-5/5' : '1/1-4/4', rolls: [r, size] };
}
