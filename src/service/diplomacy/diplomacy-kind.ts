/**
 * Diplomacy as a game kind (src/service/game-kind.ts): its players' mail is read as order sheets,
 * votes and press (src/service/intake/player-mail.ts), its GM's as commands (gm-mail.ts), and its
 * turns are adjudicated by the engine (src/service/diplomacy/adjudicate-phase.ts). The judges' tools see it by
 * power (diplomacy-show.ts, diplomacy-audit.ts, diplomacy-identity.ts).
 */
import { actingPositionOf, findCurrentPositions } from '../../db/positions.js';
import { adjudicatePhaseTask } from './adjudicate-phase.js';
import { auditDiplomacy } from './diplomacy-audit.js';
import { claimedInDiplomacy, diplomacyMember, diplomacyNameHolders } from './diplomacy-identity.js';
import { showDiplomacy } from './diplomacy-show.js';
import type { GameKind } from '../game-kind.js';
import { receiveGmMail } from '../intake/gm-mail.js';
import { receivePlayerMail } from '../intake/player-mail.js';
import { findTds } from '../game-people.js';

export const DIPLOMACY: GameKind = {
  name: 'diplomacy',
  async receive({ db, ctx, rec, mail, person, game, evidence }) {
    const td = (await findTds(db, game)).some((p) => p.id === person.id);
    if (person.id === game.gmPersonId) return receiveGmMail(db, ctx, rec, mail, person, game, evidence, { gm: true, td });
    // The tournament's TD writing to a game they do not play in: the TD's commands (D.VII(5), D.VIII(1)).
    // Issue 29: only a TD's message needs the positions before the game's lock; a player's are read
    // under it (receivePlayerMail), once.
    if (td && !actingPositionOf(await findCurrentPositions(db, game.id), person.id)) return receiveGmMail(db, ctx, rec, mail, person, game, evidence, { gm: false, td: true });
    return receivePlayerMail(db, ctx, rec, mail, person, game, evidence);
  },
  adjudicateTurn: (db, ctx, job) => adjudicatePhaseTask(db, ctx, job),
  views: {
    show: (db, game) => showDiplomacy(db, game),
    audit: auditDiplomacy,
    member: diplomacyMember,
    // The listing's own lines (sender, game, why) say it all for a Diplomacy game.
    quarantineEntry: async () => [],
    claimed: claimedInDiplomacy,
    nameHolders: diplomacyNameHolders,
  },
};
