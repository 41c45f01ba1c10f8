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
import type { Power } from '../diplomacy/index.js';
import type { Received } from '../mail/inbound/decide.js';
import type { ReceiveOutcome } from '../mail/inbound/intake.js';
import type { InboundMail } from '../mail/inbound/parse-message.js';
import type { ReplyContext } from '../mail/inbound/reply.js';
import type { CommandResult } from './command-result.js';

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

/** Whose mail `mailjudge audit` gathers: a Diplomacy power; a Coalition player or army. */
export interface AuditSubject {
  readonly by: 'power' | 'player' | 'army';
  /** The power, player or army as the TD or judge wrote it. */
  readonly name: string;
  /** Only this phase or turn (`S1901M`, `T2`). */
  readonly phase?: string;
}

/** What the claimed address is to the game (the impersonation alarm, D.X(6); Coalition 1.3, 1.6). */
export type ClaimedRole = 'player' | 'gm' | 'td' | 'judge';

/** Who a person is to a game, and who answers for that role when a message in their name fails verification. */
export interface ClaimedIdentity {
  readonly role: ClaimedRole;
  /** The role in the kind's words: `the GM`, `the Movement Judge`, `the player Sai Rei`. */
  readonly who: string;
  /** Who is alarmed on a forgery, without the claimed person. */
  readonly authorities: readonly Person[];
  /** The authorities in words, for the mails that say who was told: `the GM`, `the Movement Judge and the Battle Judge`. */
  readonly authoritiesWho: string;
  /** What a player whose message was refused is asked to do (and told of who else was told). */
  readonly playerRemedy: (alarmed: boolean) => string;
  /** The alarm's last sentence, after its opening "The": where the attempt is recorded and who can look at it. */
  readonly auditHint: string;
}

/** Someone a stranger's From line may pretend to be (lookalike.ts): a power's player, a Coalition player or judge. */
export interface NameHolder {
  /** What they hold: `FRANCE`; `Sai Rei` (a Coalition player's screen name, 1.6). */
  readonly label: string;
  readonly person: Person;
  /** Whose name or address it is, in words (`the player Sai Rei`); default `<label>'s player`. */
  readonly whose?: string;
}

/**
 * What the judges' commands show of a game of this kind, in the kind's own words (issue 33): `game
 * show`, `audit`, `quarantine`, and who the impersonation alarm tells. The commands find the game and
 * hand it to its kind; they never branch on the kind themselves.
 */
export interface JudgeViews {
  /** `mailjudge game show`: the game as its judges see it (never an order's or a strategy's content). */
  show(db: Db, game: Game, now: Date): Promise<CommandResult>;
  /** `mailjudge audit`: every receipt of the subject's mail with its evidence and decision, and what counted. */
  audit(db: Db, game: Game, subject: AuditSubject): Promise<CommandResult>;
  /** What `person` is in the game, for a message the judge could not read (`undefined`: nothing): recorded as the decision's `power` when it is one. */
  member(db: Db, game: Game, person: Person): Promise<{ readonly label: string; readonly power?: Power } | undefined>;
  /** The lines `mailjudge quarantine` adds under a quarantined message of this game from `person`. */
  quarantineEntry(db: Db, game: Game, person: Person | undefined, receivedAt: Date): Promise<string[]>;
  /** Who `person` is to the game and who is alarmed when a message in their name fails verification. */
  claimed(db: Db, game: Game, person: Person): Promise<ClaimedIdentity>;
  /** Whose names a stranger's From line may use in this game. */
  nameHolders(db: Db, game: Game): Promise<NameHolder[]>;
}

export interface GameKind {
  readonly name: GameKindName;
  /** The judges' commands' views of a game of this kind. */
  readonly views: JudgeViews;
  /** A registered person's message to the game: orders, questions, votes, press, a judge's command. */
  receive(m: GameMail): Promise<ReceiveOutcome>;
  /** The turn's deadline has come (or an early or requested adjudication): adjudicate, publish, open the next turn. */
  adjudicateTurn(db: Db, ctx: TurnContext, job: TurnJob): Promise<TurnOutcome>;
}
