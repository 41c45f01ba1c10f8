/** The Coalition wargame's tables (sql/0009_coalition.sql), as Kysely sees them. */
import type { ColumnType, Generated } from 'kysely';

/** A jsonb column: read as T, written as JSON text (as schema.ts's Jsonb). */
type Jsonb<T> = ColumnType<T, string, string>;

export interface CoalitionGamesTable {
  game_id: string;
  pm_address: string;
  battle_address: string;
  battle_judge_person_id: number;
  turn: ColumnType<number, number | undefined, number>;
  lock_at: Date;
  turn_hours: ColumnType<number, number | undefined, number>;
  seed: string;
  world: Jsonb<unknown>;
  /** Chapter 6 (sql/0017): the Mercenary Judge, if the round has one. */
  mercenary_judge_person_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 6.3.2 After Lock Edit: minutes after the lock before the update is computed (sql/0017). */
  edit_window_minutes: ColumnType<number, number | undefined, number>;
  /** 6.3.2: the turn whose After Lock Edit the Mercenary Judge settled (EDIT or NO EDIT). */
  edit_decided_turn: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface CoalitionPlayersTable {
  game_id: string;
  person_id: number;
  name: string;
  team: 'coalition' | 'phyrexia';
  rank: string;
  authority: ColumnType<boolean, boolean | undefined, boolean>;
  contingency: string | null;
}

export interface CoalitionControlTable {
  id: Generated<number>;
  game_id: string;
  army: string;
  controller: string | null;
  effective_at: Date;
  requested_by: number | null;
  inbound_message_id: number | null;
  reason: string;
}

export interface CoalitionOrdersTable {
  id: Generated<number>;
  game_id: string;
  turn: number;
  army: string;
  text: string;
  sender_person_id: number;
  sender_name: string;
  received_at: Date;
  via: 'post' | 'pm';
  inbound_message_id: number;
  line: number;
  /** 6.3.2: the Mercenary Judge's After Lock Edit (sql/0017). */
  after_lock_edit: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface CoalitionTurnsTable {
  game_id: string;
  turn: number;
  locked_at: Date;
  seed_commitment: string;
  seed: string;
  result: Jsonb<unknown>;
}

export interface CoalitionBattlesTable {
  id: Generated<number>;
  game_id: string;
  announced_turn: number;
  square: string;
  armies: Jsonb<string[]>;
  attacker: string | null;
  joint_engage: ColumnType<boolean, boolean | undefined, boolean>;
  announcement: string;
  weather: ColumnType<string | null, string | null | undefined, string | null>;
  deadline: Date;
  digest_sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  verdict: ColumnType<unknown, string | null | undefined, string | null>;
  verdict_text: ColumnType<string | null, string | null | undefined, string | null>;
  verdict_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  resolved_turn: ColumnType<number | null, number | null | undefined, number | null>;
  outcome: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface CoalitionStrategiesTable {
  id: Generated<number>;
  battle_id: number;
  army: string;
  sender_person_id: number;
  sender_name: string;
  role: 'controller' | 'contingency';
  received_at: Date;
  inbound_message_id: number;
  text: string;
}

export interface CoalitionTransferDetailsTable {
  id: Generated<number>;
  game_id: string;
  turn: number;
  from_army: string;
  to_army: string;
  troops: Jsonb<{ creature: string; count: number }[]>;
  sender_person_id: number;
  sender_name: string;
  received_at: Date;
  inbound_message_id: number;
}

/** 2.3.2: a troop change as mailed (sql/0016). */
export interface CoalitionTroopChangesTable {
  id: Generated<number>;
  game_id: string;
  turn: number;
  army: string;
  troops: Jsonb<{ creature: string; colours: string[]; power: number; toughness: number; count: number }[]>;
  sender_person_id: number;
  sender_name: string;
  received_at: Date;
  inbound_message_id: number;
}

export interface CoalitionTables {
  coalition_transfer_details: CoalitionTransferDetailsTable;
  coalition_troop_changes: CoalitionTroopChangesTable;
  coalition_battles: CoalitionBattlesTable;
  coalition_strategies: CoalitionStrategiesTable;
  coalition_games: CoalitionGamesTable;
  coalition_players: CoalitionPlayersTable;
  coalition_control: CoalitionControlTable;
  coalition_orders: CoalitionOrdersTable;
  coalition_turns: CoalitionTurnsTable;
}
