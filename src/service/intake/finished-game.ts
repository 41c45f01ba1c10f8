/**
 * Mail to the address of a finished game (issue #26, item 5). The game takes no more orders, press or
 * votes, but its address still answers its people's look-ups: STANDINGS (the tournament's, to anyone
 * who played in it — an eliminated player included), SUMMARY, HISTORY [phase], MAP and POSITION (to
 * whoever held a power of the game, its GM and the tournament's TDs). Anything else is refused with
 * the true reason — the game is over — and the look-ups it still answers. The game's people are
 * answered at their registered address only (never a forged From's reply-to), so no identity check is
 * needed for what the game published to them already.
 */
import { findGameByAddress, type Game } from '../../db/games.js';
import { findPhases } from '../../db/phases.js';
import type { Person } from '../../db/people.js';
import type { Db } from '../../db/schema.js';
import { OFFICIAL_ABBREVIATIONS, createProvinceLookup, readBodyLines, readRequest } from '../../diplomacy/sheet/index.js';
import { STANDARD_MAP, type Power } from '../../diplomacy/index.js';
import { decide, type Received } from '../../mail/inbound/decide.js';
import { gmtSeconds, type ReceiveOutcome } from '../../mail/inbound/intake.js';
import type { InboundMail } from '../../mail/inbound/parse-message.js';
import { mayReply, queueReply, type ReplyContext } from '../../mail/inbound/reply.js';
import { gameView } from '../../mail/outbound/queue-mail.js';
import { findTds } from '../game-people.js';
import { historyContext, mapContext, positionContext, summaryContext } from '../diplomacy/player-lookups.js';
import { latestStandings, mayAskStandings, standingsMailContext } from '../tournament/standings-mail.js';

/** The look-ups a finished game's address answers. */
const ANSWERED = ['standings', 'summary', 'history', 'map', 'position'] as const;
type Lookup = (typeof ANSWERED)[number];
/** How the refusal names them. */
export const FINISHED_GAME_LOOKUPS = 'STANDINGS, SUMMARY, HISTORY [phase], MAP and POSITION';

interface Asked {
  readonly kind: Lookup;
  readonly phase?: string;
}

/** The look-ups a message asks for (body lines, or the subject of a message with no body) and how many other lines it has. Pure. */
export function readFinishedGameMail(text: string, subject: string): { asked: Asked[]; other: number } {
  const lookup = createProvinceLookup(STANDARD_MAP, OFFICIAL_ABBREVIATIONS);
  const lines = readBodyLines(text).lines.map((l) => l.text.trim()).filter((l) => l !== '');
  const read = (l: string): Asked | undefined => {
    const r = readRequest(l, lookup);
    return r && (ANSWERED as readonly string[]).includes(r.kind) ? { kind: r.kind as Lookup, ...('phase' in r && r.phase ? { phase: r.phase } : {}) } : undefined;
  };
  const asked: Asked[] = [];
  let other = 0;
  for (const l of lines) {
    const a = read(l);
    if (a) asked.push(a);
    else other++;
  }
  if (lines.length === 0) {
    const a = read(subject.replace(/^\s*((re|fwd?|aw|sv)\s*:\s*)+/i, ''));
    if (a) asked.push(a);
  }
  return { asked, other };
}

/** The finished game named in To or Cc (or by the reply address's token), if any. */
export async function findFinishedGame(db: Db, mail: Pick<InboundMail, 'to' | 'cc'>, tokenGame: Game | undefined): Promise<Game | undefined> {
  if (tokenGame?.status === 'finished') return tokenGame;
  for (const a of [...mail.to, ...mail.cc]) {
    const g = await findGameByAddress(db, a);
    if (g && g.status === 'finished') return g;
  }
  return undefined;
}

/** The power `person` held last in `game` (any kind of holding), if any. */
async function lastPowerHeld(db: Db, game: Game, person: Person): Promise<Power | undefined> {
  const row = await db.selectFrom('positions').select('power').where('game_id', '=', game.id).where('person_id', '=', person.id).orderBy('started_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  return row?.power;
}

/**
 * Answer a registered person's mail to a finished game's address; `undefined` when no finished game
 * is addressed (the intake goes on as usual).
 */
export async function receiveFinishedGameMail(db: Db, ctx: ReplyContext, rec: Received, mail: InboundMail, person: Person, tokenGame: Game | undefined): Promise<ReceiveOutcome | undefined> {
  const game = await findFinishedGame(db, mail, tokenGame);
  if (!game) return undefined;
  const { asked, other } = readFinishedGameMail(mail.text, mail.subject);
  const answer = await mayReply(db, ctx, person.email);
  const inboundId = rec.inboundId;
  return db.transaction().execute(async (trx): Promise<ReceiveOutcome> => {
    const power = await lastPowerHeld(trx, game, person);
    const ofGame = power !== undefined || person.id === game.gmPersonId || (await findTds(trx, game)).some((p) => p.id === person.id);
    const standingsAllowed = game.tournamentId !== null && (ofGame || (await mayAskStandings(trx, game.tournamentId, person.id)));
    const reply = async (template: string, context: object, key: string, attachments?: Parameters<typeof queueReply>[5]['attachments']) => {
      if (answer) await queueReply(trx, ctx, { inboundId, mail }, template, { game: gameView(game), ...context }, { key, gameId: game.id, ...(attachments ? { attachments } : {}) });
    };
    const base = { fromAddress: person.email, gameId: game.id, personId: person.id, replied: answer };
    const last = (await findPhases(trx, game.id)).filter((p) => p.publishedAt).at(-1);
    const over = `${game.id} is finished${last?.publishedAt ? ` (its last results, ${last.name}, were published ${gmtSeconds(last.publishedAt)})` : ''}`;

    const answered: string[] = [];
    const refused: string[] = [];
    for (const a of asked) {
      if (a.kind === 'standings') {
        if (!standingsAllowed) { refused.push('STANDINGS'); continue; }
        const latest = await latestStandings(trx, game.tournamentId!, rec.now);
        if (latest) await reply('tournament-standings', standingsMailContext(latest.s, latest.r, true), 'standings');
        answered.push('standings');
        continue;
      }
      if (!ofGame) { refused.push(a.kind.toUpperCase()); continue; }
      if (a.kind === 'summary') await reply('player-summary', await summaryContext(trx, game), 'summary');
      if (a.kind === 'history') await reply('player-history', await historyContext(trx, game, a.phase), `history-${a.phase ?? 'list'}`);
      if (a.kind === 'position') await reply('player-position', await positionContext(trx, game, power), 'position');
      if (a.kind === 'map') {
        const map = await mapContext(trx, game, power);
        await reply('player-position', map.context, 'map', map.attachment ? [map.attachment] : undefined);
      }
      answered.push(a.kind === 'history' && a.phase ? `history ${a.phase}` : a.kind);
    }
    if (answered.length === 0) {
      const reason = refused.length > 0
        ? `${over}, and its ${refused.join(', ')} ${refused.length === 1 ? 'is' : 'are'} answered only to the game's players, its GM and the TD${game.tournamentId !== null ? ' (STANDINGS to every player of the tournament)' : ''}`
        : `${over}: it takes no more orders, press or votes`;
      await reply('orders-refused', {
        subjectNote: 'not accepted: the game is over', receivedAt: gmtSeconds(rec.receivedAt), reason,
        remedy: `its address still answers ${FINISHED_GAME_LOOKUPS}${game.tournamentId === null ? ' (STANDINGS for tournament games)' : ''}: send one per line; for a game still running, write to that game's own address`,
      }, 'finished');
      await decide(trx, rec, { ...base, outcome: 'refused', reason: `the game is finished${refused.length ? `; ${refused.join(', ')} not for this sender` : ''}`, ...(power ? { power } : {}) });
      return { kind: 'refused', inboundId, reason: 'game finished' };
    }
    await decide(trx, rec, {
      ...base, outcome: 'command', ...(power ? { power } : {}),
      reason: `answered on a finished game: ${answered.join(', ')}${refused.length ? `; ${refused.join(', ')} not for this sender` : ''}${other ? `; ${other} other line(s) not read (the game is over)` : ''}`,
    });
    return { kind: 'command', inboundId, gameId: game.id };
  });
}
