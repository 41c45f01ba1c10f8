/** The Coalition wargame's battles and strategies (sql/0011_coalition_battles.sql). */
import type { StrategyRole } from '../coalition/index.js';
import type { Db } from './schema.js';

export interface BattleRow {
  readonly id: number;
  readonly gameId: string;
  readonly announcedTurn: number;
  readonly square: string;
  readonly armies: readonly string[];
  readonly attacker: string | null;
  readonly jointEngage: boolean;
  readonly announcement: string;
  readonly weather: string | null;
  readonly deadline: Date;
  readonly digestSentAt: Date | null;
  readonly verdict: unknown;
  readonly verdictText: string | null;
  readonly verdictAt: Date | null;
  readonly resolvedTurn: number | null;
  readonly outcome: unknown;
}

export interface StrategyRow {
  readonly id: number;
  readonly battleId: number;
  readonly army: string;
  readonly senderPersonId: number;
  readonly senderName: string;
  readonly role: StrategyRole;
  readonly receivedAt: Date;
  readonly inboundMessageId: number;
  readonly text: string;
}

type Raw = { id: number; game_id: string; announced_turn: number; square: string; armies: string[]; attacker: string | null; joint_engage: boolean; announcement: string; weather: string | null; deadline: Date; digest_sent_at: Date | null; verdict: unknown; verdict_text: string | null; verdict_at: Date | null; resolved_turn: number | null; outcome: unknown };
const battle = (r: Raw): BattleRow => ({
  id: r.id, gameId: r.game_id, announcedTurn: r.announced_turn, square: r.square, armies: r.armies, attacker: r.attacker, jointEngage: r.joint_engage,
  announcement: r.announcement, weather: r.weather, deadline: r.deadline, digestSentAt: r.digest_sent_at, verdict: r.verdict, verdictText: r.verdict_text,
  verdictAt: r.verdict_at, resolvedTurn: r.resolved_turn, outcome: r.outcome,
});

export async function insertBattle(db: Db, b: { gameId: string; announcedTurn: number; square: string; armies: readonly string[]; attacker: string | null; jointEngage: boolean; announcement: string; deadline: Date }): Promise<BattleRow | undefined> {
  const r = await db.insertInto('coalition_battles').values({
    game_id: b.gameId, announced_turn: b.announcedTurn, square: b.square, armies: JSON.stringify(b.armies), attacker: b.attacker, joint_engage: b.jointEngage, announcement: b.announcement, deadline: b.deadline,
  }).onConflict((oc) => oc.doNothing()).returningAll().executeTakeFirst();
  return r ? battle(r as Raw) : undefined;
}

/** Battles not yet rolled (outcome null), oldest first. */
export async function findOpenBattles(db: Db, gameId: string): Promise<BattleRow[]> {
  const rows = await db.selectFrom('coalition_battles').selectAll().where('game_id', '=', gameId).where('outcome', 'is', null).orderBy('id').execute();
  return rows.map((r) => battle(r as Raw));
}

export async function findBattles(db: Db, gameId: string): Promise<BattleRow[]> {
  const rows = await db.selectFrom('coalition_battles').selectAll().where('game_id', '=', gameId).orderBy('id').execute();
  return rows.map((r) => battle(r as Raw));
}

export async function findBattle(db: Db, id: number): Promise<BattleRow | undefined> {
  const r = await db.selectFrom('coalition_battles').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? battle(r as Raw) : undefined;
}

export async function setBattleWeather(db: Db, id: number, weather: string): Promise<void> {
  await db.updateTable('coalition_battles').set({ weather }).where('id', '=', id).execute();
}

export async function markDigestSent(db: Db, id: number, at: Date): Promise<boolean> {
  const r = await db.updateTable('coalition_battles').set({ digest_sent_at: at }).where('id', '=', id).where('digest_sent_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function setBattleVerdict(db: Db, id: number, verdict: unknown, text: string, at: Date): Promise<void> {
  await db.updateTable('coalition_battles').set({ verdict: JSON.stringify(verdict), verdict_text: text, verdict_at: at }).where('id', '=', id).where('outcome', 'is', null).execute();
}

/** 4.1.1: a verdict entered before a strategy it did not see is withdrawn (stale); the battle waits for a new one. */
export async function withdrawBattleVerdict(db: Db, id: number): Promise<void> {
  await db.updateTable('coalition_battles').set({ verdict: null, verdict_at: null }).where('id', '=', id).where('outcome', 'is', null).execute();
}

export async function setBattleOutcome(db: Db, id: number, turn: number, outcome: unknown): Promise<void> {
  await db.updateTable('coalition_battles').set({ outcome: JSON.stringify(outcome), resolved_turn: turn }).where('id', '=', id).execute();
}

export async function insertStrategy(db: Db, s: Omit<StrategyRow, 'id'>): Promise<void> {
  await db.insertInto('coalition_strategies').values({
    battle_id: s.battleId, army: s.army, sender_person_id: s.senderPersonId, sender_name: s.senderName, role: s.role, received_at: s.receivedAt, inbound_message_id: s.inboundMessageId, text: s.text,
  }).execute();
}

export async function findStrategies(db: Db, battleId: number): Promise<StrategyRow[]> {
  const rows = await db.selectFrom('coalition_strategies').selectAll().where('battle_id', '=', battleId).orderBy('received_at').orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, battleId: r.battle_id, army: r.army, senderPersonId: r.sender_person_id, senderName: r.sender_name, role: r.role, receivedAt: r.received_at, inboundMessageId: r.inbound_message_id, text: r.text }));
}

/** 5.2.3: set a player's contingency (null: none). */
export async function setContingency(db: Db, gameId: string, player: string, contingency: string | null): Promise<void> {
  await db.updateTable('coalition_players').set({ contingency }).where('game_id', '=', gameId).where('name', '=', player).execute();
}

/** A judge's ruling changed the world of the open turn (the armies; the map stays). */
export async function setCoalitionArmies(db: Db, gameId: string, armies: readonly unknown[]): Promise<void> {
  const r = await db.selectFrom('coalition_games').select('world').where('game_id', '=', gameId).forUpdate().executeTakeFirstOrThrow();
  await db.updateTable('coalition_games').set({ world: JSON.stringify({ ...(r.world as object), armies }) }).where('game_id', '=', gameId).execute();
}

export interface TransferDetailRow {
  readonly fromArmy: string;
  readonly toArmy: string;
  readonly troops: readonly { creature: string; count: number }[];
  readonly senderPersonId: number;
  readonly senderName: string;
  readonly receivedAt: Date;
  readonly inboundMessageId: number;
}

/** 3.2.4.2: the creatures of a transfer, as mailed to the Movement Judge. */
export async function insertTransferDetail(db: Db, gameId: string, turn: number, d: TransferDetailRow): Promise<void> {
  await db.insertInto('coalition_transfer_details').values({
    game_id: gameId, turn, from_army: d.fromArmy, to_army: d.toArmy, troops: JSON.stringify(d.troops), sender_person_id: d.senderPersonId, sender_name: d.senderName, received_at: d.receivedAt, inbound_message_id: d.inboundMessageId,
  }).execute();
}

export async function findTransferDetails(db: Db, gameId: string, turn: number): Promise<TransferDetailRow[]> {
  const rows = await db.selectFrom('coalition_transfer_details').selectAll().where('game_id', '=', gameId).where('turn', '=', turn).orderBy('received_at').orderBy('id').execute();
  return rows.map((r) => ({ fromArmy: r.from_army, toArmy: r.to_army, troops: r.troops, senderPersonId: r.sender_person_id, senderName: r.sender_name, receivedAt: r.received_at, inboundMessageId: r.inbound_message_id }));
}

export interface TroopChangeRow {
  readonly army: string;
  readonly troops: readonly { creature: string; colours: string[]; power: number; toughness: number; count: number }[];
  readonly senderPersonId: number;
  readonly senderName: string;
  readonly receivedAt: Date;
  readonly inboundMessageId: number;
}

/** 2.3.2: a troop change as mailed by the army's controller. */
export async function insertTroopChange(db: Db, gameId: string, turn: number, d: TroopChangeRow): Promise<void> {
  await db.insertInto('coalition_troop_changes').values({
    game_id: gameId, turn, army: d.army, troops: JSON.stringify(d.troops), sender_person_id: d.senderPersonId, sender_name: d.senderName, received_at: d.receivedAt, inbound_message_id: d.inboundMessageId,
  }).execute();
}

export async function findTroopChanges(db: Db, gameId: string, turn: number): Promise<TroopChangeRow[]> {
  const rows = await db.selectFrom('coalition_troop_changes').selectAll().where('game_id', '=', gameId).where('turn', '=', turn).orderBy('received_at').orderBy('id').execute();
  return rows.map((r) => ({ army: r.army, troops: r.troops, senderPersonId: r.sender_person_id, senderName: r.sender_name, receivedAt: r.received_at, inboundMessageId: r.inbound_message_id }));
}
