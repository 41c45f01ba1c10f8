/**
 * How a kind of game plugs into the judge (DESIGN.md "Layers"): the intake hands it every message
 * from a registered person once the sender's identity is checked, and the worker hands it every
 * `adjudicate-phase` job. What a message means (orders, a strategy, a vote, a judge's command), how
 * a turn is adjudicated and how its results are rendered are the kind's own business; storage,
 * identity, quarantine, the outbox and the queue are shared.
 */
import type { Game } from '../db/games.js';
import type { Person } from '../db/people.js';
import type { Db, GameKindName } from '../db/schema.js';
import type { Received } from '../mail/inbound/decide.js';
import type { ReceiveOutcome } from '../mail/inbound/intake.js';
import type { InboundMail } from '../mail/inbound/parse-message.js';
import type { ReplyContext } from '../mail/inbound/reply.js';

/** A message for one game from a registered person whose identity has been checked. */
export interface GameMail {
  readonly db: Db;
  readonly ctx: ReplyContext;
  readonly rec: Received;
  readonly mail: InboundMail;
  readonly person: Person;
  readonly game: Game;
  /** How the sender's identity was established (recorded with the decision). */
  readonly evidence: Record<string, unknown>;
}

/** The job `adjudicate-phase`: a game's turn, at its deadline or early. */
export interface TurnJob {
  readonly gameId: string;
  readonly phase: string;
  /** An early adjudication (D.VII(2)), or a judge's "process now": checked again before it runs. */
  readonly early?: boolean;
  /** A step of a kind's turn other than its deadline (the Coalition battle deadline's digests). */
  readonly step?: 'battle-deadline';
}

export interface TurnContext {
  readonly now: () => Date;
  /** The judge's own address (From of every mail; its domain names Message-IDs). */
  readonly fromAddress: string;
  /**
   * The seed of a game's turn when it is already known: `mailjudge reproduce` replays a Coalition
   * game with the seeds the record revealed (checked against their commitments) instead of fresh ones.
   */
  readonly turnSeed?: (gameId: string, turn: number) => string | undefined;
}

/** What a turn job did: `adjudicated`; `skipped` (not due, or done already); `withheld`; `postponed`; `ended`. */
export type TurnOutcome = 'adjudicated' | 'skipped' | 'withheld' | 'postponed' | 'ended';

export interface GameKind {
  readonly name: GameKindName;
  /** A registered person's message to the game: orders, questions, votes, press, a judge's command. */
  receive(m: GameMail): Promise<ReceiveOutcome>;
  /** The turn's deadline has come (or an early or requested adjudication): adjudicate, publish, open the next turn. */
  adjudicateTurn(db: Db, ctx: TurnContext, job: TurnJob): Promise<TurnOutcome>;
}
