/**
 * The game-start mail: when a game opens with its seven players and first deadline, every player and
 * the GM are told their power, the board, the first deadline (GMT first, then their own zone,
 * D.VII(4)(b)), the game's address, how to write orders, the house policies the GM must state at the
 * outset (D.I(1)(b): D.II(2), D.III(3), D.VII(3), D.X(1)) and what the identity policy asks of them
 * (D.X(6)). A replacement gets the same when they take a power over (B.8), with the open turn's deadline.
 */
import type { Game } from '../db/games.js';
import type { Person } from '../db/people.js';
import { issueSecretIfNone, secretNote } from './role-secret.js';
import type { Trx } from '../db/schema.js';
import { POWERS, type GameState, type Power } from '../diplomacy/index.js';
import { noticeMails, when } from './notify.js';
import { queueMails, type QueuedMail } from '../mail/outbound/queue-mail.js';
import { findTournament } from '../db/tournaments.js';
import { pictureOfPosition } from '../diplomacy/picture/index.js';
import { mapAttachment } from './diplomacy/map-attachment.js';

/** "World Masters 2030, round 1, Board 1; the game ends after Fall 1909 (B.3)": what the game is. Pure. */
export function eventLine(game: Pick<Game, 'boardName' | 'roundNumber' | 'endYear'>, tournament: string | undefined): string {
  const where = [tournament, game.roundNumber !== null ? `round ${game.roundNumber}` : undefined, game.boardName].filter(Boolean).join(', ');
  return game.endYear !== null ? `${where}; the game ends after Fall ${game.endYear} unless decided sooner (B.3).` : `${where}; no end year is set: the game runs until a win or an agreed result.`;
}

/** The policies of the game in the words a player needs (D.I(1)(b)). */
export function housePolicies(game: Pick<Game, 'policies' | 'address'>): string[] {
  const p = game.policies;
  return [
    ...(p.playerAddresses === 'private' ? ['Players\' addresses are not given out by the judge (a house rule of this game); press goes through the judge (D.X).'] : []),
    `Orders count only with this game's address (${game.address}) in To or Cc (D.II(2)).`,
    p.revisedSets === 'merge'
      ? 'A revised set is merged with your earlier ones: the most recent order for each unit counts (D.III(3), alternative rule).'
      : 'A revised set replaces your earlier set entirely: send every order again each time (D.III(3)).',
    p.lateOrders === 'accept-until-adjudication'
      ? 'Orders received after the deadline are accepted until adjudication starts (D.VII(3), alternative rule).'
      : 'Orders received after the deadline are not accepted, not even by a second (D.VII(3)).',
    p.pressRule === 'standard'
      ? 'Press: white (signed), gray (anonymous) and dark-gray press (an unofficial name) are published; black press, falsely signed by another power, is not (D.X(1)).'
      : `Press follows alternative rule ${p.pressRule} of D.X(1); send HELP for what it allows.`,
  ];
}

/**
 * What the identity policy asks of a player (D.X(6)). `rule` is the rule cited: World Masters' D.X(6)
 * by default; a Coalition round (whose rules have no such article) cites none.
 */
export function identityNote(game: Pick<Game, 'policies'>, rule: string | null = 'D.X(6)'): string {
  switch (game.policies.identity) {
    case 'address': return 'Send from your registered address.';
    case 'secret': return 'Send from your registered address, with a line "Secret: <your secret>" in every message (your secret is below; the judge never shows it back).';
    case 'dmarc': return `Send from your registered address through your own provider: a message that fails your domain's DMARC check is refused${rule ? ` (${rule})` : ''}.`;
    case 'dmarc-or-secret': return `Send from your registered address through your own provider (a message that fails your domain's DMARC check is refused${rule ? `, ${rule}` : ''}); if your domain publishes no DMARC policy, add the line "Secret: <your secret>" with your secret below to every message.`;
  }
}

export interface GameStartMail {
  readonly game: Game;
  readonly state: GameState;
  readonly deadline: Date;
  /** The deadline's revision and when it was made, for the calendar event (PhaseRecord.deadlineSequence). */
  readonly deadlineSequence: number;
  readonly stamp: Date;
  /** Everyone holding a power now, and the GM. */
  readonly players: readonly { power: Power; person: Person }[];
  readonly gm: Person;
  /** Only these people get it (a replacement); default every player and the GM. */
  readonly to?: readonly Person[];
  /** For a replacement: the power taken over. */
  readonly replacement?: { power: Power; person: Person };
}

/** Queue the game-start mail (idempotent per game, phase and address). */
export async function sendGameStart(trx: Trx, fromAddress: string, m: GameStartMail): Promise<number> {
  const phase = m.state.phase;
  const phaseName = `${phase.season}${phase.year}${phase.kind}`;
  const byPower = new Map(m.players.map((p) => [p.power, p.person]));
  const players = POWERS.filter((p) => byPower.has(p)).map((power) => ({ power, name: byPower.get(power)!.name }));
  const recipients = m.to ?? [...m.players.map((p) => p.person), m.gm];
  // Issue 28: the start mail names the event and carries the starting map; the addresses of the
  // other players are given unless the GM's house rule keeps them private (D.X(5): no prior
  // restriction on players' communications, so sharing is the default).
  const start = !m.replacement;
  const tournament = start && m.game.tournamentId !== null ? (await findTournament(trx, m.game.tournamentId))?.name : undefined;
  const event = start ? eventLine(m.game, tournament) : undefined;
  const shareAddresses = (m.game.policies.playerAddresses ?? 'shared') === 'shared';
  const addressed = POWERS.filter((p) => byPower.has(p)).map((power) => ({ power, name: byPower.get(power)!.name, email: start && shareAddresses ? byPower.get(power)!.email : undefined }));
  const picture = start ? `${m.game.id}-${phaseName}.png` : undefined;
  const attachments = picture ? [mapAttachment(pictureOfPosition(m.state), picture)] : undefined;
  const mails: QueuedMail[] = [];
  for (const person of recipients) {
    const power = m.replacement?.person.id === person.id ? m.replacement.power : m.players.find((p) => p.person.id === person.id)?.power;
    // Issue 16: every player gets a secret by default (unless the game's identity policy is
    // `address`), so that orders from a domain without DMARC cannot be forged on the From alone; issue
    // 25: so does the GM, whose commands must be as well protected as an order set. A person who has
    // one already (another game) keeps it: a new one would lock them out there.
    const isGm = person.id === m.gm.id;
    const secret = power || isGm ? await issueSecretIfNone(trx, person, m.game.policies.identity) : undefined;
    const note = power || isGm ? secretNote(secret, m.game.policies.identity, power ? 'every message' : 'every GM command') : undefined;
    const secretNoteText = note && isGm && !power ? `${note}\nA GM command without it is refused, and the TD is told.` : note;
    const units = power ? m.state.units.filter((u) => u.power === power).map((u) => `${u.kind} ${u.location}`).join(', ') : undefined;
    mails.push(...noticeMails({
      game: m.game,
      template: 'game-start',
      key: `${m.replacement ? 'takeover' : 'game-start'}:${m.game.id}:${phaseName}${m.replacement ? `:${m.replacement.power}` : ''}`,
      context: (zone) => ({
        power, units, gm: person.id === m.gm.id, replacement: Boolean(m.replacement), phaseName, players: start ? addressed : players, event, picture,
        addressesPrivate: start && !shareAddresses, gmName: m.gm.name, gmEmail: m.gm.email,
        deadline: when(m.deadline, zone), policies: housePolicies(m.game), identity: identityNote(m.game), secretNote: secretNoteText,
      }),
      calendar: { phase: phaseName, deadline: m.deadline, sequence: m.deadlineSequence, stamp: m.stamp },
      ...(attachments ? { attachments } : {}),
    }, [person]));
  }
  // Issue 29: the board's start mails queued together (one INSERT, one send job), as a deadline's reports.
  const seen = new Set<string>();
  const unique = mails.filter((m) => !seen.has(m.dedupeKey) && seen.add(m.dedupeKey));
  return (await queueMails(trx, fromAddress, unique)).filter((r) => r.created).length;
}
