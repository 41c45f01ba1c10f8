/**
 * Who is who in a Coalition round, for the judges' tools (issue 33). The round is run by its judges
 * (1.3): the Movement Judge keeps the control list (5.2.1) and makes the updates, the Battle Judge is
 * the head judge who sanctions a player who breaks the rules, and the Mercenary Judge orders the
 * mercenary armies (chapter 6). Nobody may take a game action under another's name (1.6). So a
 * message in a player's name that fails verification alarms the Movement Judge and the Battle Judge;
 * one in a judge's name, the other judges; and a stranger whose From line borrows a player's or a
 * judge's name is reported to that person and to the judges.
 */
import { findCoalitionGame, findCoalitionPlayers, findControlChanges, type CoalitionSetup } from '../../db/coalition.js';
import type { Game } from '../../db/games.js';
import type { Person } from '../../db/people.js';
import type { Db } from '../../db/schema.js';
import { armiesOf, controlAt, withMercenaryJudge } from '../../coalition/armies/control-changes.js';
import { othersThan, toldPhrase } from '../told.js';
import type { ClaimedIdentity, NameHolder } from '../game-kind.js';
import { findTds } from '../game-people.js';
import { coalitionPeople, type CoalitionPeople } from './game-people.js';

async function round(db: Db, game: Game): Promise<{ setup: CoalitionSetup; people: CoalitionPeople }> {
  const setup = await findCoalitionGame(db, game.id);
  if (!setup) throw new Error(`game ${game.id} is a Coalition round with no round record`);
  return { setup, people: await coalitionPeople(db, game, setup, await findCoalitionPlayers(db, game.id)) };
}

/** The judge `person` is in the round, in words, or undefined. */
function judgeOf(people: CoalitionPeople, person: Person): string | undefined {
  if (person.id === people.movementJudge.id) return 'the Movement Judge';
  if (person.id === people.battleJudge.id) return 'the Battle Judge';
  if (people.mercenaryJudge && person.id === people.mercenaryJudge.id) return 'the Mercenary Judge';
  return undefined;
}

/** The judges other than `person`, with their titles. */
function otherJudges(people: CoalitionPeople, person: Person): { person: Person; title: string }[] {
  return [
    { person: people.movementJudge, title: 'the Movement Judge' },
    { person: people.battleJudge, title: 'the Battle Judge' },
    ...(people.mercenaryJudge ? [{ person: people.mercenaryJudge, title: 'the Mercenary Judge' }] : []),
  ].filter((j) => j.person.id !== person.id);
}

export async function claimedInCoalition(db: Db, game: Game, person: Person): Promise<ClaimedIdentity> {
  const { people } = await round(db, game);
  const tds = await findTds(db, game);
  const judge = judgeOf(people, person);
  const player = people.players.find((p) => p.personId === person.id);
  // A player who forgot the secret is not alarmed (only an impersonation is), and the reply says so.
  const playerRemedy = (alarmed: boolean) => `send it again from your own registered mailbox with the line "Secret: <your secret>" (the secret of your start mail); ` +
    `orders you sent before stand. ${alarmed ? 'If you did not send it, someone tried to act in your name, which no one may do (1.6): the Movement Judge and the Battle Judge have been told' : 'If you did not send it, tell the Battle Judge: no one may act in your name (1.6)'}`;
  // 1.3: the judges answer for one another; a Movement Judge who also plays is a judge first.
  if (judge) {
    const others = otherJudges(people, person);
    return {
      role: person.id === game.gmPersonId ? 'gm' : 'judge', who: judge, authorities: othersThan(person, [...others.map((o) => o.person), ...tds]), authoritiesWho: toldPhrase(others.map((o) => o.title)),
      playerRemedy, auditHint: `attempt is in the audit log with its evidence; \`mailjudge audit --game ${game.id}\` lists a player's or an army's mail for the judges (1.3).`,
    };
  }
  return {
    role: 'player', who: player ? `the player ${player.name}` : 'the sender', authorities: othersThan(person, [people.movementJudge, people.battleJudge]),
    authoritiesWho: 'the Movement Judge and the Battle Judge', playerRemedy,
    auditHint: `attempt is in the audit log with its evidence; \`mailjudge audit --game ${game.id} --player "${player?.name ?? person.name}"\` shows it to the judges (1.3, 1.6).`,
  };
}

/** A player by screen name, or a judge by title, for a message of theirs the judge could not read. */
export async function coalitionMember(db: Db, game: Game, person: Person): Promise<{ label: string } | undefined> {
  const { people } = await round(db, game);
  const player = people.players.find((p) => p.personId === person.id);
  if (player) return { label: player.name };
  const judge = judgeOf(people, person);
  return judge ? { label: judge } : undefined;
}

/**
 * The lines `mailjudge quarantine` adds under a quarantined message of the round: who sent it and
 * what not reading it means — for a player, the armies he controlled when it arrived (5.2.1) keep
 * their orders received before it (3.3.6: the last by the lock counts; an army with none does not
 * move); for a judge, nothing of it was entered.
 */
export async function coalitionQuarantineEntry(db: Db, game: Game, person: Person | undefined, receivedAt: Date): Promise<string[]> {
  if (!person) return [];
  const { setup, people } = await round(db, game);
  const judge = judgeOf(people, person);
  if (judge) return [`      ${judge} of this Coalition round: no ruling, weather, verdict or command in it was entered (1.3)`];
  const player = people.players.find((p) => p.personId === person.id);
  if (!player) return [];
  const control = withMercenaryJudge(controlAt(setup.world.armies, people.players, await findControlChanges(db, game.id), receivedAt), setup.world.armies, people.mercenaryJudge?.name ?? null);
  const mine = armiesOf(control, player.name).map((k) => setup.world.armies.find((a) => a.name.trim().toLowerCase() === k)?.name ?? k);
  return [
    `      the player ${player.name} (${player.team === 'coalition' ? 'Coalition' : 'Phyrexia'} ${player.rank}), controlling ${mine.join(', ') || 'no army'} when it arrived (5.2.1)`,
    `      not read: no order, strategy or control request in it counts; each army keeps the last order received for it by the lock (3.3.6), and one with none does not move`,
  ];
}

/** Every player under his screen name, and the judges under their titles (1.6: no game action under another's name). */
export async function coalitionNameHolders(db: Db, game: Game): Promise<NameHolder[]> {
  const { people } = await round(db, game);
  const players = people.players.flatMap((p) => {
    const person = people.people.get(p.personId);
    return person ? [{ label: p.name, person, whose: `the player ${p.name}` }] : [];
  });
  const judges = [
    { label: 'the Movement Judge', person: people.movementJudge }, { label: 'the Battle Judge', person: people.battleJudge },
    ...(people.mercenaryJudge ? [{ label: 'the Mercenary Judge', person: people.mercenaryJudge }] : []),
  ].map((j) => ({ ...j, whose: j.label }));
  return [...players, ...judges];
}
