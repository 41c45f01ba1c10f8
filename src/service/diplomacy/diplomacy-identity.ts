/**
 * Who is who in a Diplomacy game, for the judges' tools (issue 33): what a sender is to the game (a
 * power's player, the GM, a TD), who answers for each role when a message in its name fails
 * verification (D.X(6): for a player the GM; for the GM the tournament's TDs; for a TD the GM and the
 * other TDs), and whose names a stranger's From line may borrow (the powers and their players).
 */
import type { Game } from '../../db/games.js';
import { findPeople, findPerson, type Person } from '../../db/people.js';
import { actingPositionOf, findCurrentPositions } from '../../db/positions.js';
import type { Db } from '../../db/schema.js';
import type { Power } from '../../diplomacy/index.js';
import type { ClaimedIdentity, NameHolder } from '../game-kind.js';
import { othersThan } from '../told.js';
import { findTds } from '../game-people.js';

export async function claimedInDiplomacy(db: Db, game: Game, person: Person): Promise<ClaimedIdentity> {
  const tds = await findTds(db, game);
  const gm = await findPerson(db, game.gmPersonId);
  const base = {
    // Only an alarm (a forged or wrongly signed message, a wrong secret) tells the GM (D.X(6)); a
    // message without its secret is answered to the player alone, and the text says so.
    playerRemedy: (alarmed: boolean) => 'send your orders from your own registered mailbox with the line "Secret: <your secret>"; ' +
      (alarmed ? 'if you did not send this message, someone tried to send orders in your name and the GM has been told'
        : 'if you did not send this message, tell the GM: no one may send orders in your name (D.X(6)); the GM has not been told of this one'),
    auditHint: 'attempt is in the audit log (D.X(6)); `mailjudge audit` shows it to the TD.',
  };
  if (person.id === game.gmPersonId) return { ...base, role: 'gm', who: 'the GM', authorities: othersThan(person, tds), authoritiesWho: 'the TD' };
  if (tds.some((t) => t.id === person.id) && !actingPositionOf(await findCurrentPositions(db, game.id), person.id)) return { ...base, role: 'td', who: 'the TD', authorities: othersThan(person, [gm, ...tds]), authoritiesWho: 'the GM' };
  return { ...base, role: 'player', who: 'the player', authorities: othersThan(person, [gm]), authoritiesWho: 'the GM' };
}

/** The power `person` plays (or the GM), for a message of theirs the judge could not read. */
export async function diplomacyMember(db: Db, game: Game, person: Person): Promise<{ label: string; power?: Power } | undefined> {
  const position = (await findCurrentPositions(db, game.id)).find((p) => p.personId === person.id);
  if (position) return { label: position.power, power: position.power };
  return game.gmPersonId === person.id ? { label: 'the GM' } : undefined;
}

/** Every current holder of a power, under the power's name. */
export async function diplomacyNameHolders(db: Db, game: Game): Promise<NameHolder[]> {
  const positions = await findCurrentPositions(db, game.id);
  const people = await findPeople(db, positions.map((p) => p.personId));
  return positions.flatMap((p) => {
    const person = people.get(p.personId);
    return person ? [{ label: p.power, person }] : [];
  });
}
