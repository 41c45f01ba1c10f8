/**
 * Ranks of both teams (1.1.1, 1.1.2), lowest first. A Drudge or a Cadet holds no army (1.1).
 */
export type Team = 'coalition' | 'phyrexia';

export const RANKS: Readonly<Record<Team, readonly string[]>> = {
  coalition: ['lieutenant', 'lt-commander', 'commander', 'captain', 'admiral', 'general'],
  phyrexia: ['centurion', 'cpl', 'plaguelord', 'evincar', 'praetor', 'chief-praetor'],
};

/** Ranks that hold no army (1.1): "a Drudge cannot control any armies", nor a Cadet. */
export const NO_ARMY_RANKS: Readonly<Record<Team, string>> = { coalition: 'cadet', phyrexia: 'drudge' };

/** Spellings players use, to the canonical rank. */
const ALIASES: Readonly<Record<string, string>> = {
  lt: 'lieutenant', 'lt.': 'lieutenant', 'lt-cmdr': 'lt-commander', 'lt. commander': 'lt-commander', 'lt commander': 'lt-commander',
  'lieutenant commander': 'lt-commander', cmdr: 'commander', cp: 'chief-praetor', 'chief praetor': 'chief-praetor',
};

/** The canonical rank name, or undefined when `text` names no rank of `team`. */
export function readRank(team: Team, text: string): string | undefined {
  const t = text.trim().toLowerCase();
  const r = ALIASES[t] ?? t.replace(/\s+/g, '-');
  return RANKS[team].includes(r) || r === NO_ARMY_RANKS[team] ? r : undefined;
}

/** 0 for the lowest army-holding rank …, 5 for General / Chief Praetor; -1 for Cadet / Drudge. */
export function rankLevel(team: Team, rank: string): number {
  return RANKS[team].indexOf(rank);
}

/** Evincar / Captain: from this rank up a player may control any army (5.3.1). */
export const ANY_ARMY_LEVEL = 3;
