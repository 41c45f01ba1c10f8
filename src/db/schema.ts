/**
 * Kysely table types for `sql/0001_init.sql`, one interface per table, plus the Selectable and
 * Insertable row aliases the repositories use (kysely's example-app style). Column names stay
 * snake_case as in SQL; domain types (camelCase) live with their repository and are made by one
 * mapper each.
 *
 * jsonb columns are written as JSON text (`JSON.stringify` in the repository): node-postgres would
 * turn a JS array into a PostgreSQL array literal, not JSON.
 */
import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Power } from '../diplomacy/index.js';

/** Any JSON value. */
import type { CoalitionTables } from './coalition-schema.js';

export type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json };

/** A jsonb column: reads as `T`, written as JSON text. */
export type Jsonb<T> = ColumnType<T, string, string>;
/** A nullable jsonb column: reads as `T | null`, written as JSON text or null (the default). */
export type NullableJsonb<T> = ColumnType<T | null, string | null | undefined, string | null>;
/** A timestamptz column with a default. */
type CreatedAt = ColumnType<Date, Date | undefined, never>;

export type MemberRole = 'player' | 'reserve' | 'captain' | 'gm' | 'td';
export type RuleProfile = 'wm' | 'datc2000';
/** D.VII(3): refuse late orders, or accept them until adjudication starts (the alternative rule). */
export type LateOrdersPolicy = 'refuse' | 'accept-until-adjudication';
/** D.III(3): a revised set replaces the earlier one, or is merged unit by unit (the alternative rule). */
export type RevisedSetsPolicy = 'replace' | 'merge';
/** D.X(1): the standard press rule or alternative rule A, B or C. */
export type PressRule = 'standard' | 'A' | 'B' | 'C';
/** How a sender is shown to be the player of record (D.X(6)); see the `games.identity` column comment. */
export type IdentityPolicy = 'dmarc-or-secret' | 'dmarc' | 'secret' | 'address';
export type GameStatus = 'forming' | 'active' | 'finished';
/** Which game a row of `games` is: each kind plugs in through src/service/game-kind.ts. */
export type GameKindName = 'diplomacy' | 'coalition';
/** B.7, B.8: who holds a power and on what terms. */
export type PositionKind = 'original' | 'temporary' | 'permanent';
export type InboundSource = 'imap' | 'smtp' | 'pipe' | 'cli';
export type OutboxStatus = 'pending' | 'sent' | 'failed';

/** A file sent with an outbox mail (0010). */
export interface OutboxAttachment {
  readonly filename: string;
  /** MIME type, e.g. `text/calendar; method=PUBLISH; charset=utf-8`, `image/png`. */
  readonly contentType: string;
  /** The bytes, base64. */
  readonly content: string;
  /** Set on an iCalendar object sent as an iTIP message (RFC 6047): also a text/calendar alternative part. */
  readonly calendarMethod?: 'PUBLISH' | 'REQUEST' | 'CANCEL';
  /** Content-ID for an inline picture (`cid:` in HTML). */
  readonly cid?: string;
}

/**
 * An attachment as an outbox row stores it (0032): its bytes inline (`content`, base64: the small
 * files, calendar events, rows older than 0032) or stored once in `outbox_blobs` under the SHA-256
 * of the bytes (`blob`, hex). `readOutboxAttachments` (src/db/outbox.ts) gives back {@link OutboxAttachment}s.
 */
export type StoredOutboxAttachment = Omit<OutboxAttachment, 'content'> & ({ readonly content: string; readonly blob?: undefined } | { readonly blob: string; readonly content?: undefined });

export interface PeopleTable {
  id: Generated<number>;
  name: string;
  email: string;
  time_zone: ColumnType<string, string | undefined, string>;
  secret_hash: string | null;
  created_at: CreatedAt;
  /** 0029: where a bounce of mail to `email` is told (never an address orders count from). */
  alternate_email: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TournamentsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  created_at: CreatedAt;
  /** 0012: the secret dice seed (its SHA-256 published first); NULL until first needed. */
  dice_seed: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RoundsTable {
  tournament_id: number;
  number: number;
  end_year: number | null;
  created_at: CreatedAt;
}

export interface TeamsTable {
  id: Generated<number>;
  tournament_id: number;
  name: string;
  captain_person_id: number | null;
  created_at: CreatedAt;
}

export interface TournamentMembersTable {
  id: Generated<number>;
  tournament_id: number;
  person_id: number;
  team_id: number | null;
  role: MemberRole;
  rank: number | null;
  created_at: CreatedAt;
  /** 0012, B.5: the power the team chose for this player in round 1. */
  round1_power: ColumnType<Power | null, Power | null | undefined, Power | null>;
}

/** 0012: who goes on from a round (C.7–C.10). Append-only. */
export interface RoundAdvancementsTable {
  tournament_id: number;
  round_number: number;
  person_id: number;
  place: number;
  status: 'qualified' | 'declined' | 'replacement';
  decided_at: Generated<Date>;
}

/** 0025: a correction of a round's advancement after a ruling (A.3(v), A.6); append-only. */
export interface RoundAdvancementCorrectionsTable {
  id: Generated<number>;
  tournament_id: number;
  round_number: number;
  person_id: number;
  change: 'in' | 'out';
  place: number | null;
  reason: string;
  rule: string;
  decided_by: string;
  decided_at: Date;
}

export interface GamesTable {
  id: string;
  tournament_id: number | null;
  round_number: number | null;
  board_name: string;
  rule_profile: ColumnType<RuleProfile, RuleProfile | undefined, RuleProfile>;
  end_year: number | null;
  address: string;
  gm_person_id: number;
  late_orders: ColumnType<LateOrdersPolicy, LateOrdersPolicy | undefined, LateOrdersPolicy>;
  revised_sets: ColumnType<RevisedSetsPolicy, RevisedSetsPolicy | undefined, RevisedSetsPolicy>;
  press_rule: ColumnType<PressRule, PressRule | undefined, PressRule>;
  identity: ColumnType<IdentityPolicy, IdentityPolicy | undefined, IdentityPolicy>;
  player_addresses: ColumnType<'shared' | 'private', 'shared' | 'private' | undefined, 'shared' | 'private'>;
  current_phase: ColumnType<string, string | undefined, string>;
  status: ColumnType<GameStatus, GameStatus | undefined, GameStatus>;
  kind: ColumnType<GameKindName, GameKindName | undefined, GameKindName>;
  created_at: CreatedAt;
  /** 0036: when the calendar tick looks at the game again (NULL: at the next tick); reset by triggers on every change. */
  calendar_look_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface PositionsTable {
  id: Generated<number>;
  game_id: string;
  power: Power;
  person_id: number;
  kind: PositionKind;
  started_at: ColumnType<Date, Date | undefined, Date>;
  ended_at: Date | null;
  reason: string | null;
  /** 0008: the holder's reply token (issue 16), set at the first mail to them. */
  reply_token: ColumnType<string | null, string | null | undefined, string | null>;
  /** 0020: a reserve from the pool, placed because the captain or team gave no replacement (B.8(d),(e)). */
  from_pool: Generated<boolean>;
}

export interface PhasesTable {
  game_id: string;
  name: string;
  state_before: Jsonb<Json>;
  state_after: NullableJsonb<Json>;
  results: NullableJsonb<Json>;
  deadline: Date;
  adjudicated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** 0030: the judge process whose connection adjudicated it (its application_name, set by a trigger). */
  adjudicated_by: ColumnType<string | null, never, never>;
  published_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  /** 0002: bumped when a rollback (D.VIII(1)) reopens or re-creates the phase. */
  generation: ColumnType<number, number | undefined, number>;
  /** 0002: set on phases after a rolled-back one until they are re-opened. */
  superseded_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** 0010: the deadline's revision (the calendar event's SEQUENCE); raised on every move and reopening. */
  deadline_sequence: ColumnType<number, number | undefined, number>;
  /** 0025: when the deadline was last moved (issue 28: a reminder for a deadline moved inside a lead time). */
  deadline_moved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface InboundMessagesTable {
  id: Generated<number>;
  raw: ColumnType<Buffer, Buffer, never>;
  sha256: ColumnType<string, never, never>;
  size: ColumnType<number, never, never>;
  received_at: ColumnType<Date, Date, never>;
  source: ColumnType<InboundSource, InboundSource, never>;
  mailbox: ColumnType<string | null, string | null | undefined, never>;
  uidvalidity: ColumnType<number | null, number | null | undefined, never>;
  uid: ColumnType<number | null, number | null | undefined, never>;
  message_id: ColumnType<string | null, string | null | undefined, never>;
  stored_at: CreatedAt;
  /** 0030: the judge process that stored it (its connection's application_name, a column default). */
  stored_by: ColumnType<string | null, never, never>;
  /** 0002: the address it came in through. */
  role: ColumnType<InboundRole, InboundRole | undefined, never>;
  /** 0024: the SMTP envelope when the judge received the message by SMTP itself (null otherwise). */
  envelope: ColumnType<{ ip?: string; helo?: string; mailFrom?: string } | null, string | null | undefined, never>;
}

export interface OrderSetsTable {
  id: Generated<number>;
  game_id: ColumnType<string, string, never>;
  phase: ColumnType<string, string, never>;
  power: ColumnType<Power, Power, never>;
  person_id: ColumnType<number, number, never>;
  inbound_message_id: ColumnType<number | null, number | null | undefined, never>;
  received_at: ColumnType<Date, Date, never>;
  final: ColumnType<boolean, boolean, never>;
  sheet: ColumnType<Json, string, never>;
  orders: ColumnType<string[], string, never>;
  created_at: CreatedAt;
  /** 0002: the phase's generation when the set was received (only the current one counts). */
  phase_generation: ColumnType<number, number | undefined, never>;
}

export interface OutboxTable {
  id: Generated<number>;
  dedupe_key: string;
  game_id: string | null;
  kind: string;
  from_address: string | null;
  to_address: string;
  subject: string;
  body_text: string;
  headers: ColumnType<Record<string, string>, string | undefined, string>;
  /** 0010: files sent with the mail (a deadline's calendar event, …); 0032: the larger ones by reference to outbox_blobs. */
  attachments: ColumnType<StoredOutboxAttachment[], string | undefined, string>;
  message_id: string;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  created_at: CreatedAt;
  sent_at: Date | null;
  /** 0030: the judge process that handed it to the smarthost or the .eml outbox (application_name, set by a trigger). */
  sent_by: ColumnType<string | null, never, never>;
  /** 0019: when a GM digest named this failed mail (issue 25); null: not yet reported. */
  gm_reported_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** 0032: an attachment's bytes, once, by their SHA-256 (the outbox rows name it in `attachments[].blob`). */
export interface OutboxBlobsTable {
  sha256: ColumnType<string, string, never>;
  content: ColumnType<Buffer, Buffer, never>;
  content_type: ColumnType<string, string, never>;
  created_at: CreatedAt;
}

export interface AuditLogTable {
  id: ColumnType<number, number, never>;
  at: ColumnType<Date, Date, never>;
  game_id: ColumnType<string | null, string | null, never>;
  actor: ColumnType<string, string, never>;
  action: ColumnType<string, string, never>;
  detail: ColumnType<Json, string, never>;
  prev_hash: ColumnType<string, string, never>;
  hash: ColumnType<string, string, never>;
}

export interface MailboxCheckpointsTable {
  mailbox: string;
  uidvalidity: number;
  last_uid: ColumnType<number, number | undefined, number>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** Which address a copy came in through. */
export type InboundRole = 'game' | 'confirm';

export interface InboundDecisionsTable {
  inbound_message_id: ColumnType<number, number, never>;
  role: ColumnType<InboundRole, InboundRole, never>;
  decided_at: ColumnType<Date, Date, never>;
  /** 0030: the judge process that decided it (its connection's application_name, a column default). */
  decided_by: ColumnType<string | null, never, never>;
  from_address: ColumnType<string | null, string | null | undefined, never>;
  game_id: ColumnType<string | null, string | null | undefined, never>;
  phase: ColumnType<string | null, string | null | undefined, never>;
  power: ColumnType<Power | null, Power | null | undefined, never>;
  person_id: ColumnType<number | null, number | null | undefined, never>;
  outcome: ColumnType<string, string, never>;
  reason: ColumnType<string | null, string | null | undefined, never>;
  identity: ColumnType<Json, string | undefined, never>;
  replied: ColumnType<boolean, boolean | undefined, never>;
  /** 0008: what was removed or replaced to make the text storable, or null. */
  text_cleaned: ColumnType<string | null, string | null | undefined, never>;
  /** 0018: the budget a reply came out of (src/rules/submission/rate-limit.ts). */
  reply_budget: ColumnType<ReplyBudget, ReplyBudget | undefined, never>;
}

/** 0018: `own` the person's own mail; `identity` refusals for failed identity, per claimed address; `automatic` answers to automatic mail. */
export type ReplyBudget = 'own' | 'identity' | 'automatic';

/** 0008: a GM's "process now", durable until the phase is adjudicated (issue 16). */
export interface PhaseProcessRequestsTable {
  id: Generated<number>;
  game_id: string;
  phase: string;
  generation: number;
  run_at: Date;
  early: boolean;
  requested_at: Date;
  requested_by: string;
  override: string | null;
}

/** 0006: failed attempts at deciding a stored message (the retry sweep's backoff). */
export interface InboundAttemptsTable {
  inbound_message_id: number;
  attempts: number;
  last_error: string;
  last_attempt_at: Date;
  next_attempt_at: Date;
}

/** 0013: console commands and worker runs, for `mailjudge reproduce` (issue 16). Append-only. */
export interface ReplayLogTable {
  id: ColumnType<number, never, never>;
  game_id: ColumnType<string | null, string | null, never>;
  at: ColumnType<Date, Date, never>;
  logged_at: ColumnType<Date, Date | undefined, never>;
  kind: ColumnType<'command' | 'task', 'command' | 'task', never>;
  name: ColumnType<string, string, never>;
  args: ColumnType<Json, string, never>;
  actor: ColumnType<string, string, never>;
}

export interface RollbacksTable {
  id: Generated<number>;
  game_id: ColumnType<string, string, never>;
  phase: ColumnType<string, string, never>;
  generation: ColumnType<number, number, never>;
  td_approval: ColumnType<string, string, never>;
  actor: ColumnType<string, string, never>;
  withdrawn: ColumnType<Json, string, never>;
  at: ColumnType<Date, Date, never>;
}

export interface JudgeProcessesTable {
  token: string;
  host: string;
  pid: number;
  worker_ids: ColumnType<string[], string[] | undefined, string[]>;
  started_at: ColumnType<Date, Date | undefined, never>;
}

export interface PlayerAbbreviationsTable {
  id: Generated<number>;
  game_id: ColumnType<string, string, never>;
  person_id: ColumnType<number, number, never>;
  abbreviations: ColumnType<Json, string, never>;
  inbound_message_id: ColumnType<number | null, number | null, never>;
  registered_at: ColumnType<Date, Date, never>;
}

export interface MapChoicesTable {
  id: Generated<number>;
  game_id: ColumnType<string, string, never>;
  person_id: ColumnType<number, number, never>;
  maps: ColumnType<'both' | 'wide' | 'phone' | 'none', 'both' | 'wide' | 'phone' | 'none', never>;
  inbound_message_id: ColumnType<number | null, number | null, never>;
  chosen_at: ColumnType<Date, Date, never>;
}

export interface SchemaMigrationsTable {
  name: string;
  checksum: string;
  applied_at: CreatedAt;
}

// ----------------------------------------------------------------------------------------------
// 0004_calendar.sql: the game calendar and its communications (issue 6). Evidence tables
// (extensions, press, proposals, votes, results, consents) are append-only: never-updated columns.
// ----------------------------------------------------------------------------------------------

export interface GameCalendarsTable {
  game_id: string;
  movement_hours: number | null;
  retreat_hours: number | null;
  adjustment_hours: number | null;
  reminder_lead_hours: ColumnType<number[], number[] | undefined, number[]>;
  digest_lead_hours: ColumnType<number[], number[] | undefined, number[]>;
  digest_times: ColumnType<string[], string[] | undefined, string[]>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type WeekdayName = 'Mon' | 'Tue' | 'Wed' | 'Thu' | 'Fri' | 'Sat' | 'Sun';

export interface UnavailableWindowsTable {
  id: Generated<number>;
  game_id: ColumnType<string, string, never>;
  person_id: ColumnType<number, number, never>;
  power: ColumnType<Power, Power, never>;
  start_day: ColumnType<WeekdayName, WeekdayName, never>;
  start_time: ColumnType<string, string, never>;
  end_day: ColumnType<WeekdayName, WeekdayName, never>;
  end_time: ColumnType<string, string, never>;
  zone: ColumnType<string, string, never>;
  declared_at: ColumnType<Date, Date, never>;
  declared_by: ColumnType<string, string, never>;
  withdrawn_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface HolidaysTable {
  id: Generated<number>;
  name: string;
  tournament_id: number | null;
  starts_at: Date;
  ends_at: Date;
  max_hours: number | null;
  declared_by: string;
  created_at: CreatedAt;
}

export type ExtensionDecisionKind = 'granted' | 'refused' | 'needs-gm';

export interface ExtensionsTable {
  id: Generated<number>;
  game_id: ColumnType<string, string, never>;
  phase: ColumnType<string, string, never>;
  power: ColumnType<Power | null, Power | null | undefined, never>;
  person_id: ColumnType<number | null, number | null | undefined, never>;
  inbound_message_id: ColumnType<number | null, number | null | undefined, never>;
  line: ColumnType<number | null, number | null | undefined, never>;
  requested_at: ColumnType<Date, Date, never>;
  hours_requested: ColumnType<number, number, never>;
  decision: ColumnType<ExtensionDecisionKind, ExtensionDecisionKind, never>;
  hours_granted: ColumnType<number, number | undefined, never>;
  charged: ColumnType<boolean, boolean | undefined, never>;
  guaranteed: ColumnType<boolean, boolean | undefined, never>;
  holiday: ColumnType<string | null, string | null | undefined, never>;
  old_deadline: ColumnType<Date, Date, never>;
  new_deadline: ColumnType<Date | null, Date | null | undefined, never>;
  reason: ColumnType<string, string, never>;
  answers_id: ColumnType<number | null, number | null | undefined, never>;
  decided_by: ColumnType<string, string, never>;
  decided_at: ColumnType<Date, Date, never>;
}

export interface DeadlineConsentsTable {
  id: Generated<number>;
  game_id: ColumnType<string, string, never>;
  phase: ColumnType<string, string, never>;
  note: ColumnType<string, string, never>;
  recorded_by: ColumnType<string, string, never>;
  recorded_at: ColumnType<Date, Date, never>;
}

export type StoredPressKind = 'white' | 'gray' | 'dark-gray' | 'black';

export interface PressItemsTable {
  id: Generated<number>;
  game_id: ColumnType<string, string, never>;
  phase: ColumnType<string, string, never>;
  author_power: ColumnType<Power, Power, never>;
  person_id: ColumnType<number, number, never>;
  inbound_message_id: ColumnType<number, number, never>;
  line: ColumnType<number, number, never>;
  received_at: ColumnType<Date, Date, never>;
  kind: ColumnType<StoredPressKind, StoredPressKind, never>;
  to_powers: ColumnType<Power[] | null, Power[] | null | undefined, never>;
  attribution: ColumnType<string | null, string | null | undefined, never>;
  body: ColumnType<string, string, never>;
  accepted: ColumnType<boolean, boolean, never>;
  refusal: ColumnType<string | null, string | null | undefined, never>;
}

export type StoredProposalKind = 'draw' | 'concession' | 'house-rule';

export interface ProposalsTable {
  id: Generated<number>;
  game_id: ColumnType<string, string, never>;
  phase: ColumnType<string, string, never>;
  kind: ColumnType<StoredProposalKind, StoredProposalKind, never>;
  powers: ColumnType<Power[], Power[] | undefined, never>;
  rule: ColumnType<string | null, string | null | undefined, never>;
  change: ColumnType<string | null, string | null | undefined, never>;
  proposer_power: ColumnType<Power | null, Power | null | undefined, never>;
  person_id: ColumnType<number | null, number | null | undefined, never>;
  inbound_message_id: ColumnType<number | null, number | null | undefined, never>;
  line: ColumnType<number | null, number | null | undefined, never>;
  proposed_at: ColumnType<Date, Date, never>;
}

export type StoredVote = 'yes' | 'no' | 'abstain' | 'unclear';

export interface VotesTable {
  id: Generated<number>;
  proposal_id: ColumnType<number, number, never>;
  power: ColumnType<Power, Power, never>;
  person_id: ColumnType<number, number, never>;
  vote: ColumnType<StoredVote, StoredVote, never>;
  received_at: ColumnType<Date, Date, never>;
  inbound_message_id: ColumnType<number | null, number | null | undefined, never>;
  line: ColumnType<number | null, number | null | undefined, never>;
}

export interface ProposalResultsTable {
  proposal_id: ColumnType<number, number, never>;
  phase: ColumnType<string, string, never>;
  result: ColumnType<'passed' | 'failed', 'passed' | 'failed', never>;
  decided_at: ColumnType<Date, Date, never>;
}

export interface CalendarSentTable {
  key: string;
  game_id: string;
  kind: 'reminder' | 'digest';
  sent_at: Date;
}

export type NmrNoticeStatus = 'open' | 'contacted' | 'procedure' | 'replaced' | 'captain' | 'civil-disorder';

export interface NmrNoticesTable {
  id: Generated<number>;
  game_id: string;
  phase: string;
  power: Power;
  person_id: number;
  published_at: Date;
  contact_deadline: Date;
  status: ColumnType<NmrNoticeStatus, NmrNoticeStatus | undefined, NmrNoticeStatus>;
  procedure_until: Date | null;
  resolved_at: Date | null;
  note: string | null;
}

export interface CivilDisorderTable {
  id: Generated<number>;
  game_id: string;
  power: Power;
  since: Date;
  reason: string;
  ended_at: Date | null;
}

export interface WithheldPhasesTable {
  game_id: string;
  phase: string;
  generation: ColumnType<number, number | undefined, number>;
  missing: Power[];
  withheld_at: Date;
  released_at: Date | null;
}

export interface ReplacementPeriodsTable {
  position_id: number;
  from_phase: string;
  until_phase: string;
  declared_at: Date;
  declared_by: string;
}

export interface CommunicationsRecordedTable {
  inbound_message_id: number;
  game_id: string;
  notes: ColumnType<string[], string, string>;
  recorded_at: Date;
}

/** 0021: the running judge's own addresses (one row), for commands run outside its environment. */
export interface JudgeSettingsTable {
  singleton: ColumnType<boolean, boolean | undefined, boolean>;
  from_address: string;
  confirm_address: string | null;
  recorded_at: ColumnType<Date, Date | undefined, Date>;
  /** 0028: where the web view is reached (NULL: none). */
  web_url: ColumnType<string | null, string | null | undefined, string | null>;
}

/** 0028: a one-time sign-in link to the web view, kept as the SHA-256 of its token (issue 31). */
export interface WebLinksTable {
  id: Generated<number>;
  token_sha256: string;
  role: 'td' | 'gm' | 'player';
  person_id: number | null;
  tournament_id: number | null;
  game_id: string | null;
  power: string | null;
  issued_by: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

/** 0028: a signed-in browser's session, kept as the SHA-256 of its id. */
export interface WebSessionsTable {
  id_sha256: string;
  link_id: number;
  created_at: Date;
  expires_at: Date;
}

/** Every table the judge owns, as Kysely sees them (the Coalition wargame's in coalition-schema.ts). */
export interface Database extends CoalitionTables {
  judge_settings: JudgeSettingsTable;
  web_links: WebLinksTable;
  web_sessions: WebSessionsTable;
  people: PeopleTable;
  tournaments: TournamentsTable;
  rounds: RoundsTable;
  teams: TeamsTable;
  tournament_members: TournamentMembersTable;
  games: GamesTable;
  positions: PositionsTable;
  phases: PhasesTable;
  inbound_messages: InboundMessagesTable;
  order_sets: OrderSetsTable;
  outbox: OutboxTable;
  outbox_blobs: OutboxBlobsTable;
  audit_log: AuditLogTable;
  mailbox_checkpoints: MailboxCheckpointsTable;
  inbound_decisions: InboundDecisionsTable;
  rollbacks: RollbacksTable;
  judge_processes: JudgeProcessesTable;
  player_abbreviations: PlayerAbbreviationsTable;
  map_choices: MapChoicesTable;
  schema_migrations: SchemaMigrationsTable;
  // 0004: the calendar (issue 6).
  game_calendars: GameCalendarsTable;
  unavailable_windows: UnavailableWindowsTable;
  holidays: HolidaysTable;
  extensions: ExtensionsTable;
  deadline_consents: DeadlineConsentsTable;
  press_items: PressItemsTable;
  proposals: ProposalsTable;
  votes: VotesTable;
  proposal_results: ProposalResultsTable;
  calendar_sent: CalendarSentTable;
  nmr_notices: NmrNoticesTable;
  civil_disorder: CivilDisorderTable;
  withheld_phases: WithheldPhasesTable;
  replacement_periods: ReplacementPeriodsTable;
  communications_recorded: CommunicationsRecordedTable;
  // 0006: retries of undecided inbound messages (issue 20).
  inbound_attempts: InboundAttemptsTable;
  // 0008: hardening (issue 16).
  phase_process_requests: PhaseProcessRequestsTable;
  // 0012: the tournament director's work (issue 13).
  round_advancements: RoundAdvancementsTable;
  round_advancement_corrections: RoundAdvancementCorrectionsTable;
  // 0013: the replay log (issue 16).
  replay_log: ReplayLogTable;
  // 0014: the GM's answer to a house-rule proposal (D.IX(5)); rollback requests awaiting the TD (D.VIII(1)).
  proposal_gm_answers: ProposalGmAnswersTable;
  rollback_requests: RollbackRequestsTable;
  // 0022: operations (issue 27): the judge's own keys, and the mail that bounced.
  judge_keys: JudgeKeysTable;
  mail_bounces: MailBouncesTable;
}

/** 0022: a secret the judge made for itself (the VERP key). */
export interface JudgeKeysTable {
  name: string;
  value: Buffer;
  created_at: CreatedAt;
}

/** 0022: a mail that did not arrive (a delivery report, or a synchronous 5xx). */
export interface MailBouncesTable {
  id: Generated<number>;
  outbox_id: number | null;
  recipient: string;
  source: 'report' | 'smtp';
  status: string | null;
  diagnostic: string;
  report_format: string | null;
  inbound_message_id: number | null;
  bounced_at: Date;
}

export interface ProposalGmAnswersTable {
  id: Generated<number>;
  proposal_id: ColumnType<number, number, never>;
  agrees: ColumnType<boolean, boolean, never>;
  actor: ColumnType<string, string, never>;
  inbound_message_id: ColumnType<number | null, number | null | undefined, never>;
  answered_at: ColumnType<Date, Date, never>;
}

export type RollbackRequestStatus = 'pending' | 'approved' | 'refused' | 'lapsed' | 'replaced';

export interface RollbackRequestsTable {
  id: Generated<number>;
  game_id: ColumnType<string, string, never>;
  phase: ColumnType<string, string, never>;
  reason: ColumnType<string, string, never>;
  requested_by: ColumnType<string, string, never>;
  requested_at: ColumnType<Date, Date, never>;
  inbound_message_id: ColumnType<number | null, number | null | undefined, never>;
  open_phase: ColumnType<string, string, never>;
  open_generation: ColumnType<number, number, never>;
  status: ColumnType<RollbackRequestStatus, RollbackRequestStatus | undefined, RollbackRequestStatus>;
  decided_by: ColumnType<string | null, string | null | undefined, string | null>;
  decided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  td_note: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A Kysely handle or a transaction on one: the first parameter of repository functions. */
export type Db = Kysely<Database>;
/** A transaction: the first parameter of repository functions that must run inside one (locks). */
export type Trx = Transaction<Database>;

export type PersonRow = Selectable<PeopleTable>;
export type InsertablePersonRow = Insertable<PeopleTable>;
export type TournamentRow = Selectable<TournamentsTable>;
export type RoundRow = Selectable<RoundsTable>;
export type TeamRow = Selectable<TeamsTable>;
export type TournamentMemberRow = Selectable<TournamentMembersTable>;
export type InsertableTournamentMemberRow = Insertable<TournamentMembersTable>;
export type GameRow = Selectable<GamesTable>;
export type InsertableGameRow = Insertable<GamesTable>;
export type PositionRow = Selectable<PositionsTable>;
export type InsertablePositionRow = Insertable<PositionsTable>;
export type PhaseRow = Selectable<PhasesTable>;
export type InsertablePhaseRow = Insertable<PhasesTable>;
export type InboundMessageRow = Selectable<InboundMessagesTable>;
export type InsertableInboundMessageRow = Insertable<InboundMessagesTable>;
export type OrderSetRow = Selectable<OrderSetsTable>;
export type InsertableOrderSetRow = Insertable<OrderSetsTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type InsertableOutboxRow = Insertable<OutboxTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type SchemaMigrationRow = Selectable<SchemaMigrationsTable>;
