/**
 * Armies as data (chapter 2): team, rank, square, fixed colours (2.2.1.1), troops per slot with the
 * number alive, the legend (2.1), day count (1.5), controller, proxy and capture state (4.5).
 */
import type { Faction, Team } from '../world/map.js';
import type { SquareKey } from '../world/square.js';
import type { ArmyRank } from './ranks.js';

/** A Magic colour, or `artifact` for colourless artifact creatures (2.2.1, 4.2.3). */
export const COLOURS = ['white', 'blue', 'black', 'red', 'green', 'artifact'] as const;
export type Colour = (typeof COLOURS)[number];

/** One creature type in an army (2.1: at most 6 per army). */
export interface Troop {
  readonly creature: string;
  /** The card's colours; `['artifact']` for an artifact creature; two or more = multicoloured. */
  readonly colours: readonly Colour[];
  /** Power and toughness as used in this army (2.2.2, 2.2.3.3, 2.2.6 fix them at creation). */
  readonly power: number;
  readonly toughness: number;
  /** 0–3: the 5000, 2500, 1500 or 1000 slot (2.1). */
  readonly slot: 0 | 1 | 2 | 3;
  /** Troops of this creature the army was made with (its full strength). */
  readonly count: number;
  /** Troops still alive (0 … count). */
  readonly alive: number;
  /**
   * Troops lost while the army was counting days, with the count at the time (2.3.1: troops lost
   * during the count wait for days counted after their loss). Losses not listed here came before
   * the count began.
   */
  readonly lostDuringCount?: readonly { readonly day: number; readonly count: number }[];
  /** A star-power creature or a copy card (2.2.2, 2.2.4): usable at any size, but at one size only. */
  readonly variable?: boolean;
}

export interface Army {
  readonly name: string;
  readonly team: Team;
  readonly rank: ArmyRank;
  readonly at: SquareKey;
  /** 2.2.1.1: a Coalition army's colours (its creator's factions, or any 3 for a proxy), fixed for the round. */
  readonly colours?: readonly Faction[];
  readonly troops?: readonly Troop[];
  /** 2.1: one legend of any size, for flavour. */
  readonly legend?: string;
  /** 1.5: days counted at the square it stands on. */
  readonly days?: number;
  /** 2.5.2.1: an army with no namesake creator. */
  readonly proxy?: boolean;
  /** Chapter 6: the mercenary faction. */
  readonly mercenary?: 'town-defender' | 'theme' | 'raider';
  /** 6.2.2: the team a Theme army is At War with (it declared once, and healed then). */
  readonly atWar?: 'coalition' | 'phyrexia';
  /** 6.2: the ocean Theme army (its territory is every ocean); also any Theme army standing on ocean. */
  readonly ocean?: boolean;
  /** 6.1: a Town Defender's home town (the town it starts in). */
  readonly home?: SquareKey;
  /** 4.5: captured and counting its 2 days; `formerTeam` gets it back if it loses a battle. */
  readonly partiallyConverted?: { readonly formerTeam: Team };
}

/** Troops alive in the whole army. */
export function troopsAlive(army: Pick<Army, 'troops'>): number {
  return (army.troops ?? []).reduce((n, t) => n + t.alive, 0);
}

/** 4.3.1: an army with 0 troops left in every slot (only when its troops are known). */
export function isEmptyArmy(army: Pick<Army, 'troops'>): boolean {
  return army.troops !== undefined && army.troops.length > 0 && troopsAlive(army) === 0;
}

/** Whether two armies fight when they meet: different teams (mercenaries never attack each other, chapter 6). */
export function areEnemies(a: Pick<Army, 'team'>, b: Pick<Army, 'team'>): boolean {
  return a.team !== b.team;
}
