/**
 * Players and the control list (1.1, chapter 5): who controls which army at an instant. The list
 * maps armies to players; an army not on it is controlled by the player of its name (5.2.1). The
 * list's changes, effective at their request's timestamp (5.2.1), are the service's; this module
 * answers for one list.
 */
import type { Faction, Team } from '../world/map.js';
import type { Army } from './army.js';
import { mayControl, type PlayerRank } from './ranks.js';

export interface Player {
  readonly name: string;
  readonly team: Team;
  readonly rank: PlayerRank;
  /** 1.1.2: up to 3 factions; the rank is held in the first, the player is a Lt. in the others. */
  readonly factions?: readonly Faction[];
}

/** Army name → the players controlling it (5.2.1), as the list stands at one instant. */
export type ControlList = Readonly<Record<string, readonly string[]>>;

function norm(s: string): string {
  return s.trim().toLowerCase();
}

/**
 * The army's legal controllers under `list`: its entry, else the player of the same name (5.2.1),
 * keeping only players of the army's team who may control its rank (5.3.1: an army a demoted player
 * may not control "immediately becomes controlled by no player").
 */
export function controllersOf(army: Pick<Army, 'name' | 'team' | 'rank'>, list: ControlList, players: readonly Player[]): string[] {
  const entry = Object.entries(list).find(([k]) => norm(k) === norm(army.name))?.[1];
  const names = entry ?? [army.name];
  return names.filter((n) => {
    const p = players.find((q) => norm(q.name) === norm(n));
    // Chapter 6: the Mercenary Judge controls every mercenary army, whatever its size.
    return p !== undefined && p.team === army.team && (army.team === 'mercenary' || mayControl(p.rank, army.rank));
  });
}

/** Chapter 6: the Mercenary Judge as the control list's players know him (on neither team). */
export function mercenaryJudgePlayer(name: string): Player {
  return { name, team: 'mercenary', rank: 'general' };
}

export interface PlayerProblem {
  readonly player: string;
  readonly rule: string;
  readonly message: string;
}

/** 1.1.2: a Coalition player claims at most 3 factions; Phyrexians have none. */
export function validatePlayer(p: Player): PlayerProblem[] {
  const out: PlayerProblem[] = [];
  const fs = p.factions ?? [];
  if (p.team === 'coalition' && fs.length > 3) out.push({ player: p.name, rule: '1.1.2', message: `claims ${fs.length} factions; at most 3` });
  if (p.team !== 'coalition' && fs.length > 0) out.push({ player: p.name, rule: '1.1.2', message: 'factions are the Coalition\'s' });
  if (new Set(fs).size !== fs.length) out.push({ player: p.name, rule: '1.1.2', message: 'a faction is listed twice' });
  return out;
}
