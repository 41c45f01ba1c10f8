/**
 * B.2: players who register individually are grouped at random into teams of seven with a captain;
 * they are accepted only in multiples of seven, the remainder forming the start of the official
 * reserve list.
 */
import type { DiceStream } from '../../dice/index.js';

export const TEAM_SIZE = 7;

export interface FormedTeam {
  readonly team: string;
  readonly captain: string;
  readonly members: readonly string[];
}

export interface Grouping {
  readonly teams: readonly FormedTeam[];
  /** The start of the official reserve list, in registration order. */
  readonly reserves: readonly string[];
}

/**
 * `individuals` in registration order. Our reading of "accepted … only in multiples of seven": the
 * last `n mod 7` to register are the remainder (the reserves); the others are shuffled by the dice
 * and cut into sevens, and each team's captain is drawn by the dice from its members. Teams are named
 * `${prefix}-1`, `${prefix}-2`, …
 */
export function groupIndividuals(individuals: readonly string[], dice: DiceStream, prefix = 'random'): Grouping {
  const dupes = individuals.filter((p, i) => individuals.indexOf(p) !== i);
  if (dupes.length > 0) throw new RangeError(`B.2: registered twice: ${[...new Set(dupes)].join(', ')}`);
  const accepted = individuals.length - (individuals.length % TEAM_SIZE);
  const shuffled = dice.shuffle(individuals.slice(0, accepted), 'B.2 grouping of individual registrations into teams');
  const teams: FormedTeam[] = [];
  for (let at = 0; at < shuffled.length; at += TEAM_SIZE) {
    const members = shuffled.slice(at, at + TEAM_SIZE);
    const team = `${prefix}-${teams.length + 1}`;
    teams.push({ team, members, captain: dice.pick(members, `B.2 captain of ${team}`) });
  }
  return { teams, reserves: individuals.slice(accepted) };
}
