/**
 * The Coalition wargame's storage (sql/0009_coalition.sql): a game's setup and world, its players,
 * the control list's history, the orders received and each turn's published result.
 */
import type { ControlChange, ControlPlayer } from '../coalition/armies/control-changes.js';
import type { Team } from '../coalition/world/map.js';
import type { PendingRaider } from '../coalition/armies/place-raider.js';
import type { Db } from './schema.js';

/** The world as `mailjudge coalition move` reads it (DESIGN.md): the map and every army. */
export interface CoalitionWorld {
  readonly map: { readonly terrain?: Record<string, string>; readonly sites?: Record<string, unknown> } & Record<string, unknown>;
  readonly armies: readonly ({ readonly name: string; readonly team: Team | 'mercenary'; readonly rank: string; readonly at: string } & Record<string, unknown>)[];
  /** Long moves still to be carried out (3.2.2.3), by army. */
  readonly carriedMoves?: Record<string, unknown>;
  /** 6.3.2: Raiders spawned at an update and not yet placed by the Mercenary Judge (not on the map). */
  readonly pendingRaiders?: readonly PendingRaider[];
  /** 6.3.2 Disband: the Raiders the Mercenary Judge disbands at this turn's update. */
  readonly disbanding?: readonly string[];
}

export interface CoalitionSetup {
  readonly gameId: string;
  readonly pmAddress: string;
  readonly battleAddress: string;
  readonly battleJudgePersonId: number;
  readonly turn: number;
  readonly lockAt: Date;
  readonly turnHours: number;
  /** The open turn's secret dice seed (its SHA-256 was published when the turn opened). */
  readonly seed: string;
  readonly world: CoalitionWorld;
  /** Chapter 6: the Mercenary Judge, who controls every mercenary army; null: the mercenaries hold. */
  readonly mercenaryJudgePersonId?: number | null;
  /** 6.3.2: minutes after the lock left to the Mercenary Judge's After Lock Edit (default 60). */
  readonly editWindowMinutes?: number;
  /** 6.3.2: the turn whose After Lock Edit is settled (EDIT or NO EDIT mailed). */
  readonly editDecidedTurn?: number | null;
}

export interface CoalitionPlayer extends ControlPlayer {
  readonly personId: number;
  readonly contingency: string | null;
}

export interface CoalitionOrderRow {
  readonly id: number;
  readonly army: string;
  readonly text: string;
  readonly senderPersonId: number;
  readonly senderName: string;
  readonly receivedAt: Date;
  readonly via: 'post' | 'pm';
  readonly inboundMessageId: number;
  readonly line: number;
  /** 6.3.2: the Mercenary Judge's After Lock Edit. */
  readonly afterLockEdit?: boolean;
}

export async function insertCoalitionGame(db: Db, s: CoalitionSetup): Promise<void> {
  await db.insertInto('coalition_games').values({
    game_id: s.gameId, pm_address: s.pmAddress, battle_address: s.battleAddress, battle_judge_person_id: s.battleJudgePersonId,
    turn: s.turn, lock_at: s.lockAt, turn_hours: s.turnHours, seed: s.seed, world: JSON.stringify(s.world),
    mercenary_judge_person_id: s.mercenaryJudgePersonId ?? null, ...(s.editWindowMinutes !== undefined ? { edit_window_minutes: s.editWindowMinutes } : {}),
  }).execute();
}

export async function findCoalitionGame(db: Db, gameId: string, options: { forUpdate?: boolean } = {}): Promise<CoalitionSetup | undefined> {
  let q = db.selectFrom('coalition_games').selectAll().where('game_id', '=', gameId);
  if (options.forUpdate) q = q.forUpdate();
  const r = await q.executeTakeFirst();
  if (!r) return undefined;
  return { gameId: r.game_id, pmAddress: r.pm_address, battleAddress: r.battle_address, battleJudgePersonId: r.battle_judge_person_id, turn: r.turn, lockAt: r.lock_at, turnHours: r.turn_hours, seed: r.seed, world: r.world as CoalitionWorld, mercenaryJudgePersonId: r.mercenary_judge_person_id === null ? null : Number(r.mercenary_judge_person_id), editWindowMinutes: r.edit_window_minutes, editDecidedTurn: r.edit_decided_turn };
}

/** The Coalition game one of whose role addresses (PM, battle) is `address`, if any. */
export async function findCoalitionByRoleAddress(db: Db, addresses: readonly string[]): Promise<{ gameId: string; role: 'pm' | 'battle' }[]> {
  if (addresses.length === 0) return [];
  const lower = addresses.map((a) => a.toLowerCase());
  const rows = await db.selectFrom('coalition_games').select(['game_id', 'pm_address', 'battle_address']).where((eb) => eb.or([eb(eb.fn('lower', ['pm_address']), 'in', lower), eb(eb.fn('lower', ['battle_address']), 'in', lower)])).execute();
  return rows.map((r) => ({ gameId: r.game_id, role: lower.includes(r.pm_address.toLowerCase()) ? 'pm' as const : 'battle' as const }));
}

export async function advanceCoalitionTurn(db: Db, gameId: string, next: { turn: number; lockAt: Date; seed: string; world: CoalitionWorld }): Promise<void> {
  await db.updateTable('coalition_games').set({ turn: next.turn, lock_at: next.lockAt, seed: next.seed, world: JSON.stringify(next.world) }).where('game_id', '=', gameId).execute();
}

export async function insertCoalitionPlayers(db: Db, gameId: string, players: readonly Omit<CoalitionPlayer, 'contingency'>[]): Promise<void> {
  if (players.length === 0) return;
  await db.insertInto('coalition_players').values(players.map((p) => ({ game_id: gameId, person_id: p.personId, name: p.name, team: p.team, rank: p.rank, authority: p.authority }))).execute();
}

export async function findCoalitionPlayers(db: Db, gameId: string): Promise<CoalitionPlayer[]> {
  const rows = await db.selectFrom('coalition_players').selectAll().where('game_id', '=', gameId).orderBy('name').execute();
  return rows.map((r) => ({ personId: r.person_id, name: r.name, team: r.team, rank: r.rank, authority: r.authority, contingency: r.contingency }));
}

/** 5.2.2.1: move the authority over the control list from one player to another. */
export async function transferAuthority(db: Db, gameId: string, fromPersonId: number, toPersonId: number): Promise<void> {
  await db.updateTable('coalition_players').set({ authority: false }).where('game_id', '=', gameId).where('person_id', '=', fromPersonId).execute();
  await db.updateTable('coalition_players').set({ authority: true }).where('game_id', '=', gameId).where('person_id', '=', toPersonId).execute();
}

export async function insertControlChange(db: Db, gameId: string, c: ControlChange & { requestedBy: number | null; inboundMessageId: number | null; reason: string }): Promise<void> {
  await db.insertInto('coalition_control').values({ game_id: gameId, army: c.army, controller: c.controller, effective_at: c.effectiveAt, requested_by: c.requestedBy, inbound_message_id: c.inboundMessageId, reason: c.reason }).execute();
}

export async function findControlChanges(db: Db, gameId: string): Promise<ControlChange[]> {
  const rows = await db.selectFrom('coalition_control').select(['army', 'controller', 'effective_at']).where('game_id', '=', gameId).orderBy('effective_at').orderBy('id').execute();
  return rows.map((r) => ({ army: r.army, controller: r.controller, effectiveAt: r.effective_at }));
}

export async function insertCoalitionOrders(db: Db, gameId: string, turn: number, orders: readonly Omit<CoalitionOrderRow, 'id'>[]): Promise<void> {
  if (orders.length === 0) return;
  await db.insertInto('coalition_orders').values(orders.map((o) => ({
    game_id: gameId, turn, army: o.army, text: o.text, sender_person_id: o.senderPersonId, sender_name: o.senderName, received_at: o.receivedAt, via: o.via, inbound_message_id: o.inboundMessageId, line: o.line, after_lock_edit: o.afterLockEdit === true,
  }))).execute();
}

export async function findCoalitionOrders(db: Db, gameId: string, turn: number): Promise<CoalitionOrderRow[]> {
  const rows = await db.selectFrom('coalition_orders').selectAll().where('game_id', '=', gameId).where('turn', '=', turn).orderBy('received_at').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, army: r.army, text: r.text, senderPersonId: r.sender_person_id, senderName: r.sender_name, receivedAt: r.received_at, via: r.via, inboundMessageId: r.inbound_message_id, line: r.line, afterLockEdit: r.after_lock_edit }));
}

export async function insertCoalitionTurn(db: Db, t: { gameId: string; turn: number; lockedAt: Date; seed: string; seedCommitment: string; result: unknown }): Promise<boolean> {
  const r = await db.insertInto('coalition_turns').values({ game_id: t.gameId, turn: t.turn, locked_at: t.lockedAt, seed: t.seed, seed_commitment: t.seedCommitment, result: JSON.stringify(t.result) }).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** 6.3.2: the Mercenary Judge settled this turn's After Lock Edit (EDIT or NO EDIT): the update need not wait. */
export async function setEditDecided(db: Db, gameId: string, turn: number): Promise<void> {
  await db.updateTable('coalition_games').set({ edit_decided_turn: turn }).where('game_id', '=', gameId).execute();
}

/** The open turn's world replaced (a spawned Raider placed, 6.3.2). */
export async function setCoalitionWorld(db: Db, gameId: string, world: CoalitionWorld): Promise<void> {
  await db.updateTable('coalition_games').set({ world: JSON.stringify(world) }).where('game_id', '=', gameId).execute();
}
