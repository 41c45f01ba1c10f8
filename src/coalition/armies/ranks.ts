/**
 * Ranks (1.1) and what they allow: the size limits of an army's four troop slots (2.1), who may use
 * Joint Engage (3.2.5.4), who may be captured (4.5), who heals in towns (2.3.1.3), who may control
 * whom (5.3.1). Every army rank has a level, 1 (General / Chief Praetor) to 6 (Lieutenant /
 * Centurion); mercenary armies are ranked by their size, `1/1-4/4` … `3/3-6/6` (chapter 6).
 */
import type { Team } from '../world/map.js';

export const COALITION_RANKS = ['general', 'admiral', 'captain', 'commander', 'lt-commander', 'lieutenant'] as const;
export const PHYREXIAN_RANKS = ['chief-praetor', 'praetor', 'evincar', 'plaguelord', 'cpl', 'centurion'] as const;
/** Mercenary armies by their size (6.1–6.3): the rank whose smallest slot is 1/1 … 3/3. */
export const MERCENARY_RANKS = ['1/1-4/4', '2/2-5/5', '3/3-6/6'] as const;
/** Ranks that control no army (1.1.1 Drudge, 1.1.2 Cadet). */
export const ARMYLESS_RANKS = ['cadet', 'drudge'] as const;

export type ArmyRank = (typeof COALITION_RANKS)[number] | (typeof PHYREXIAN_RANKS)[number] | (typeof MERCENARY_RANKS)[number];
export type PlayerRank = Exclude<ArmyRank, (typeof MERCENARY_RANKS)[number]> | (typeof ARMYLESS_RANKS)[number];

/** 1 = General / Chief Praetor … 6 = Lieutenant / Centurion (2.1.1–2.1.6); 7 for Cadet / Drudge. */
export function rankLevel(rank: ArmyRank | PlayerRank): number {
  const c = (COALITION_RANKS as readonly string[]).indexOf(rank);
  if (c >= 0) return c + 1;
  const p = (PHYREXIAN_RANKS as readonly string[]).indexOf(rank);
  if (p >= 0) return p + 1;
  const m = (MERCENARY_RANKS as readonly string[]).indexOf(rank);
  if (m >= 0) return 6 - m;
  return 7;
}

/** The team whose rank list holds `rank` (mercenary sizes → mercenary). */
export function rankTeam(rank: ArmyRank | PlayerRank): Team | undefined {
  if ((COALITION_RANKS as readonly string[]).includes(rank) || rank === 'cadet') return 'coalition';
  if ((PHYREXIAN_RANKS as readonly string[]).includes(rank) || rank === 'drudge') return 'phyrexia';
  if ((MERCENARY_RANKS as readonly string[]).includes(rank)) return 'mercenary';
  return undefined;
}

/** Whether `rank` is an army rank of `team`. */
export function isArmyRankOf(rank: string, team: Team): rank is ArmyRank {
  const list: readonly string[] = team === 'coalition' ? COALITION_RANKS : team === 'phyrexia' ? PHYREXIAN_RANKS : MERCENARY_RANKS;
  return list.includes(rank);
}

/** 2.1: the four slots' troop counts, smallest creatures first. */
export const SLOT_CAPACITY = [5000, 2500, 1500, 1000] as const;

/**
 * 2.1: the largest creature (n for n/n) each of the four slots takes: General/CP 6/7/8/9 … Lt/Centurion
 * 1/2/3/4.
 */
export function slotSizes(rank: ArmyRank): [number, number, number, number] {
  const top = 7 - rankLevel(rank); // level 1 → 6, level 6 → 1
  return [top, top + 1, top + 2, top + 3];
}

/** 3.2.5.4: "Armies of rank Captain/Evincar or above cannot use the Joint Engage command." */
export function mayJointEngage(rank: ArmyRank): boolean {
  return rankLevel(rank) > 3;
}

/** 4.5: "Captures can only be attempted on Lieutenant/Centurion and LtCmdr/CPL class armies." */
export function mayBeCaptured(rank: ArmyRank): boolean {
  return rankLevel(rank) >= 5;
}

/** 2.3.1.3: only "the lowest two ranks (Centurion/CPL for Phyrexians, Lt/Lt Cmdr for Coalition)" count days in a town. */
export function healsInTowns(rank: ArmyRank): boolean {
  return rankLevel(rank) >= 5;
}

/** 1.7.3: armies "ranked Captain/Evincar or higher". */
export function isHighRank(rank: ArmyRank): boolean {
  return rankLevel(rank) <= 3;
}

/**
 * 5.3.1: "No player may control an army with a higher rank than himself, except that players of rank
 * Evincar/Captain or higher may control any army." Cadets and Drudges control none (1.1).
 */
export function mayControl(player: PlayerRank, army: ArmyRank): boolean {
  const p = rankLevel(player);
  if (p >= 7) return false;
  return p <= 3 || rankLevel(army) >= p;
}
