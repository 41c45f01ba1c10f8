/**
 * Games: one row per board, with the house-rule policies its GM states at the outset (D.I(1)(b)).
 */
import { precompiled } from './precompiled.js';
import type {
  Db,
  GameKindName,
  GameRow,
  GameStatus,
  IdentityPolicy,
  LateOrdersPolicy,
  PressRule,
  RevisedSetsPolicy,
  RuleProfile,
  Trx,
} from './schema.js';

/** The policies a game states at the outset (D.I(1)(b)). */
export interface GamePolicies {
  /** D.VII(3). */
  readonly lateOrders: LateOrdersPolicy;
  /** D.III(3). */
  readonly revisedSets: RevisedSetsPolicy;
  /** D.X(1). */
  readonly pressRule: PressRule;
  /** D.X(6): how a sender is shown to be the player of record. */
  readonly identity: IdentityPolicy;
  /** D.X(5): the start mail gives each player the others' addresses (`shared`, the default) or not. */
  readonly playerAddresses?: PlayerAddressesPolicy;
}

/** D.X(5): whether players are given each other's addresses at the start. */
export type PlayerAddressesPolicy = 'shared' | 'private';

/** The defaults of the World Masters rules: each policy's main rule, not its alternative. */
export const DEFAULT_POLICIES: GamePolicies = {
  lateOrders: 'refuse',
  revisedSets: 'replace',
  pressRule: 'standard',
  identity: 'dmarc-or-secret',
  playerAddresses: 'shared',
};

/** A game, as the rest of the judge sees it. */
export interface Game {
  /** The slug: `wm-r1-b7`. */
  readonly id: string;
  readonly tournamentId: number | null;
  readonly roundNumber: number | null;
  readonly boardName: string;
  readonly ruleProfile: RuleProfile;
  /** B.3: the game ends when the Fall of this year is complete. */
  readonly endYear: number | null;
  /** The game's email address. */
  readonly address: string;
  readonly gmPersonId: number;
  readonly policies: GamePolicies;
  /** `S1901M`. */
  readonly currentPhase: string;
  readonly status: GameStatus;
  /** Diplomacy or the Coalition wargame (fixed at creation). */
  readonly kind: GameKindName;
  readonly createdAt: Date;
}

/** A new game: everything but the defaults. */
export interface NewGame {
  readonly id: string;
  readonly tournamentId?: number | null;
  readonly roundNumber?: number | null;
  readonly boardName: string;
  readonly ruleProfile?: RuleProfile;
  readonly endYear?: number | null;
  readonly address: string;
  readonly gmPersonId: number;
  readonly policies?: Partial<GamePolicies>;
  readonly currentPhase?: string;
  readonly status?: GameStatus;
  readonly kind?: GameKindName;
}

/** Map a row to a {@link Game}. */
export function gameFromRow(row: GameRow): Game {
  return {
    id: row.id,
    tournamentId: row.tournament_id,
    roundNumber: row.round_number,
    boardName: row.board_name,
    ruleProfile: row.rule_profile,
    endYear: row.end_year,
    address: row.address,
    gmPersonId: row.gm_person_id,
    policies: {
      lateOrders: row.late_orders,
      revisedSets: row.revised_sets,
      pressRule: row.press_rule,
      identity: row.identity,
      playerAddresses: row.player_addresses,
    },
    currentPhase: row.current_phase,
    status: row.status,
    kind: row.kind,
    createdAt: row.created_at,
  };
}

/** Insert a game; throws the database error on a duplicate id or address (23505). */
export async function insertGame(db: Db, game: NewGame): Promise<Game> {
  const policies = { ...DEFAULT_POLICIES, ...game.policies };
  const row = await db
    .insertInto('games')
    .values({
      id: game.id,
      tournament_id: game.tournamentId ?? null,
      round_number: game.roundNumber ?? null,
      board_name: game.boardName,
      rule_profile: game.ruleProfile,
      end_year: game.endYear ?? null,
      address: game.address,
      gm_person_id: game.gmPersonId,
      late_orders: policies.lateOrders,
      revised_sets: policies.revisedSets,
      press_rule: policies.pressRule,
      identity: policies.identity,
      player_addresses: policies.playerAddresses ?? 'shared',
      current_phase: game.currentPhase,
      status: game.status,
      kind: game.kind,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return gameFromRow(row);
}

/** The game with this id, or `undefined`. */
export async function findGame(db: Db, id: string): Promise<Game | undefined> {
  const row = await db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
  return row && gameFromRow(row);
}

/** The game whose address is `address` (case-insensitive), or `undefined`: routes inbound mail. */
export async function findGameByAddress(db: Db, address: string): Promise<Game | undefined> {
  const row = await db
    .selectFrom('games')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['address']), '=', address.toLowerCase()))
    .executeTakeFirst();
  return row && gameFromRow(row);
}

/**
 * Lock the game row (`SELECT … FOR UPDATE`) until `trx` ends and return it, or `undefined`. Every
 * decision that changes a game's phase or orders takes this lock first, so two workers cannot both
 * adjudicate or both accept a set across a deadline.
 */
/** Issue 29: compiled once (precompiled.ts). */
export const LOCK_GAME = precompiled((db, p: { id: string }) => db.selectFrom('games').selectAll().where('id', '=', p.id).forUpdate());

export async function lockGame(trx: Trx, id: string): Promise<Game | undefined> {
  const row = await LOCK_GAME.first(trx, { id });
  return row && gameFromRow(row);
}

/** Set the open phase and the status (after adjudication, or when the game starts or ends). */
export async function updateGameProgress(db: Db, id: string, progress: { currentPhase: string; status: GameStatus }): Promise<void> {
  await db.updateTable('games').set({ current_phase: progress.currentPhase, status: progress.status }).where('id', '=', id).execute();
}

/** Games of a tournament, by round and board. */
export async function findTournamentGames(db: Db, tournamentId: number): Promise<Game[]> {
  const rows = await db
    .selectFrom('games')
    .selectAll()
    .where('tournament_id', '=', tournamentId)
    .orderBy('round_number')
    .orderBy('board_name')
    .orderBy('id')
    .execute();
  return rows.map(gameFromRow);
}
