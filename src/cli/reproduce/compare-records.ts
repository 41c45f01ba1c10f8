/**
 * `mailjudge reproduce`, step 2: compare what the replay published and decided with the record,
 * table by table, row by row, in the order the rows were made; the first difference is reported
 * with the row and the field, expected (the record) against got (the replay).
 *
 * Compared byte for byte: every column of the game's rows (games, phases with their positions and
 * results, positions, inbound decisions, order sets, every outbox mail: kind, addresses, subject,
 * body, headers, attachments, dedupe key and Message-ID; extensions, press, proposals, votes and
 * their results, NMR notices, civil disorder, withheld phases, replacement periods, windows,
 * consents, the calendar's sent reminders, rollbacks, abbreviations, recorded communications), except
 * the fields in {@link NOT_COMPARED}, each with why it legitimately differs. Row ids the database
 * generates (order sets, proposals, holdings) are compared by their rank among the game's rows, so
 * a result naming "the third order set" matches whatever id the replay gave it.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.js';
import { outboxMessageId } from '../../db/outbox.js';

/** Fields that legitimately differ between the record and a faithful replay, and why. */
export const NOT_COMPARED: Readonly<Record<string, string>> = {
  'id (every table but inbound_messages)': 'a sequence value of the database it was made in; rows are matched by their order, and ids other rows name are compared by rank',
  created_at: 'the database server\'s wall clock when the row was written (the judge\'s own instants, from its clock, are compared)',
  'outbox.status, attempts, last_error, sent_at': 'the delivery of the mail, not its content: the replay sends nothing',
  'phases.adjudicated_by, inbound_decisions.decided_by, outbox.sent_by': 'which judge process did it (its connection\'s application_name, sql/0030), not what it did',
  'game_calendars.updated_at': 'the database server\'s wall clock',
  'positions.reply_token, and the token in a Reply-To': 'random per holding; the replay takes over the recorded token once it has made its own (replay-timeline.ts)',
  'the secret in a game-start or replacement mail': 'random; only its hash is kept, so the replay makes another and takes over the recorded hash',
  'a row id inside an outbox dedupe key, and so its Message-ID': 'a proposal\'s, a holding\'s or an extension request\'s id in a key (`proposal:<game>:<id>`) is compared by its rank in the game, and each Message-ID is checked to be the one its own key derives',
  'DTSTAMP in a calendar attachment': 'the instant the game\'s first phase row was written (database clock)',
};

interface TableSpec {
  readonly table: string;
  /** Rows of the compared games: a WHERE on `game_id` unless given. */
  readonly where?: (gameIds: string[]) => ReturnType<typeof sql>;
  readonly order: string;
  readonly exclude: readonly string[];
  /** Columns holding ids of other tables, compared by rank: column -> table. */
  readonly ranked?: Readonly<Record<string, RankedTable>>;
  /** A label for a row in a report. */
  readonly label: (row: Record<string, unknown>) => string;
}

type RankedTable = 'order_sets' | 'proposals' | 'positions' | 'extensions' | 'rollback_requests' | 'coalition_battles';

const byGame = (ids: string[]) => sql`game_id = ANY(${ids})`;
const str = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

const TABLES: readonly TableSpec[] = [
  { table: 'games', order: 'id', exclude: ['created_at', 'calendar_look_at'], where: (ids) => sql`id = ANY(${ids})`, label: (r) => `game ${str(r.id)}` },
  { table: 'phases', order: 'game_id, deadline_sequence, name', exclude: ['created_at', 'adjudicated_by'], label: (r) => `${str(r.game_id)} phase ${str(r.name)} (generation ${str(r.generation)})` },
  { table: 'positions', order: 'game_id, id', exclude: ['id', 'reply_token'], label: (r) => `${str(r.game_id)} ${str(r.power)} holding of person ${str(r.person_id)}` },
  {
    table: 'inbound_decisions', order: 'inbound_message_id, role', exclude: ['decided_by'],
    where: (ids) => sql`inbound_message_id IN (SELECT inbound_message_id FROM inbound_decisions WHERE game_id = ANY(${ids}))`,
    label: (r) => `the decision on inbound message ${str(r.inbound_message_id)} (${str(r.from_address)})`,
  },
  { table: 'order_sets', order: 'game_id, id', exclude: ['id', 'created_at'], label: (r) => `${str(r.game_id)} ${str(r.phase)} ${str(r.power)} order set from message ${str(r.inbound_message_id)}` },
  { table: 'outbox', order: 'game_id, id', exclude: ['id', 'created_at', 'status', 'attempts', 'last_error', 'sent_at', 'sent_by'], label: (r) => `${str(r.game_id)} mail "${str(r.subject)}" (${str(r.kind)}) to ${str(r.to_address)}` },
  { table: 'extensions', order: 'game_id, id', exclude: ['id'], ranked: { answers_id: 'extensions' }, label: (r) => `${str(r.game_id)} ${str(r.phase)} extension (${str(r.power)}, ${str(r.decision)})` },
  { table: 'press_items', order: 'game_id, id', exclude: ['id'], label: (r) => `${str(r.game_id)} ${str(r.phase)} press from ${str(r.author_power)}` },
  { table: 'proposals', order: 'game_id, id', exclude: ['id'], label: (r) => `${str(r.game_id)} ${str(r.phase)} ${str(r.kind)} proposal` },
  {
    table: 'votes', order: 'proposal_id, id', exclude: ['id'], ranked: { proposal_id: 'proposals' },
    where: (ids) => sql`proposal_id IN (SELECT id FROM proposals WHERE game_id = ANY(${ids}))`, label: (r) => `${str(r.power)}'s vote on proposal ${str(r.proposal_id)}`,
  },
  {
    table: 'proposal_results', order: 'proposal_id', exclude: [], ranked: { proposal_id: 'proposals' },
    where: (ids) => sql`proposal_id IN (SELECT id FROM proposals WHERE game_id = ANY(${ids}))`, label: (r) => `the result of proposal ${str(r.proposal_id)}`,
  },
  { table: 'nmr_notices', order: 'game_id, id', exclude: ['id'], label: (r) => `${str(r.game_id)} ${str(r.phase)} NMR notice for ${str(r.power)}` },
  { table: 'civil_disorder', order: 'game_id, id', exclude: ['id'], label: (r) => `${str(r.game_id)} civil disorder of ${str(r.power)}` },
  { table: 'withheld_phases', order: 'game_id, phase, generation', exclude: [], label: (r) => `${str(r.game_id)} withheld ${str(r.phase)}` },
  {
    table: 'replacement_periods', order: 'position_id', exclude: [], ranked: { position_id: 'positions' },
    where: (ids) => sql`position_id IN (SELECT id FROM positions WHERE game_id = ANY(${ids}))`, label: (r) => `the replacement period of holding ${str(r.position_id)}`,
  },
  { table: 'unavailable_windows', order: 'game_id, id', exclude: ['id'], label: (r) => `${str(r.game_id)} ${str(r.power)} unavailable window` },
  { table: 'deadline_consents', order: 'game_id, id', exclude: ['id'], label: (r) => `${str(r.game_id)} ${str(r.phase)} deadline consent` },
  { table: 'game_calendars', order: 'game_id', exclude: ['updated_at'], label: (r) => `${str(r.game_id)} calendar settings` },
  { table: 'calendar_sent', order: 'game_id, key', exclude: [], label: (r) => `${str(r.game_id)} calendar mark ${str(r.key)}` },
  { table: 'rollbacks', order: 'game_id, id', exclude: ['id'], label: (r) => `${str(r.game_id)} rollback of ${str(r.phase)}` },
  // The GM's requests to roll back and the TD's answers (D.VIII(1), sql/0014).
  { table: 'rollback_requests', order: 'game_id, id', exclude: ['id'], label: (r) => `${str(r.game_id)} rollback request for ${str(r.phase)} (${str(r.status)})` },
  { table: 'player_abbreviations', order: 'game_id, id', exclude: ['id'], label: (r) => `${str(r.game_id)} abbreviations of person ${str(r.person_id)}` },
  { table: 'map_choices', order: 'game_id, id', exclude: ['id'], label: (r) => `${str(r.game_id)} map choice of person ${str(r.person_id)}` },
  // The Coalition wargame (sql/0009, 0011, 0016): the open turn with its seed and world, the locked turns with their seeds and results, the battles with verdicts and outcomes.
  { table: 'coalition_games', order: 'game_id', exclude: [], label: (r) => `${str(r.game_id)} Coalition game (turn ${str(r.turn)})` },
  { table: 'coalition_players', order: 'game_id, person_id', exclude: [], label: (r) => `${str(r.game_id)} Coalition player ${str(r.name)}` },
  { table: 'coalition_turns', order: 'game_id, turn', exclude: [], label: (r) => `${str(r.game_id)} Coalition turn ${str(r.turn)}` },
  { table: 'coalition_orders', order: 'game_id, id', exclude: ['id'], label: (r) => `${str(r.game_id)} T${str(r.turn)} order for ${str(r.army)} (message ${str(r.inbound_message_id)} line ${str(r.line)})` },
  { table: 'coalition_control', order: 'game_id, id', exclude: ['id'], label: (r) => `${str(r.game_id)} control of ${str(r.army)} from ${str(r.effective_at)}` },
  { table: 'coalition_battles', order: 'game_id, id', exclude: ['id'], label: (r) => `${str(r.game_id)} battle at ${str(r.square)} announced at turn ${str(r.announced_turn)}` },
  {
    table: 'coalition_strategies', order: 'battle_id, id', exclude: ['id', 'battle_id'],
    where: (ids) => sql`battle_id IN (SELECT id FROM coalition_battles WHERE game_id = ANY(${ids}))`, label: (r) => `strategy for ${str(r.army)} from message ${str(r.inbound_message_id)}`,
  },
  { table: 'coalition_transfer_details', order: 'game_id, id', exclude: ['id'], label: (r) => `${str(r.game_id)} T${str(r.turn)} transfer detail from ${str(r.from_army)}` },
  { table: 'coalition_troop_changes', order: 'game_id, id', exclude: ['id'], label: (r) => `${str(r.game_id)} T${str(r.turn)} troop change for ${str(r.army)}` },
  { table: 'communications_recorded', order: 'game_id, inbound_message_id', exclude: [], label: (r) => `${str(r.game_id)} communications of message ${str(r.inbound_message_id)}` },
];

/**
 * id -> rank (1, 2, …) of the games' rows of each table that other rows name, game by game: within a
 * game the rows were written in the order its inputs were decided (one game's messages and turns are
 * serialized), but two games' rows interleave in the order the workers happened to run them, which
 * the replay (one input at a time, by instant) need not repeat.
 */
async function readRanks(db: Db, gameIds: string[]): Promise<Record<RankedTable, Map<number, number>>> {
  const ranks = async (table: RankedTable) => {
    const rows = (await sql<{ id: number }>`SELECT id FROM ${sql.table(table)} WHERE game_id = ANY(${gameIds}) ORDER BY game_id, id`.execute(db)).rows;
    return new Map(rows.map((r, i) => [Number(r.id), i + 1]));
  };
  return {
    order_sets: await ranks('order_sets'), proposals: await ranks('proposals'), positions: await ranks('positions'), extensions: await ranks('extensions'),
    rollback_requests: await ranks('rollback_requests'), coalition_battles: await ranks('coalition_battles'),
  };
}

const SECRET_LINE = /^(Your secret: |Add the line "(?:Password|Secret): )[A-Za-z0-9_-]+/gm;
const TOKEN_ADDRESS = /(\+[a-z0-9][a-z0-9-]*\.)[a-z2-9]{8}@/g;

/** The text of a field with what legitimately differs masked (secrets, reply tokens). Pure. */
export function maskText(text: string): string {
  return text.replace(SECRET_LINE, '$1<secret>').replace(TOKEN_ADDRESS, '$1<token>@');
}

function maskAttachments(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((a: Record<string, unknown>) => {
    if (typeof a.contentType !== 'string' || typeof a.content !== 'string') return a;
    if (!a.contentType.startsWith('text/calendar')) {
      // Compared by the hash of its bytes: a row stored before sql/0032 (inline) and its replay (by
      // reference to outbox_blobs) name the same file alike.
      const { content, ...rest } = a;
      return { ...rest, blob: createHash('sha256').update(Buffer.from(content, 'base64')).digest('hex') };
    }
    const text = Buffer.from(a.content, 'base64').toString('utf8').replace(/^DTSTAMP:.*$/gm, 'DTSTAMP:<stamp>');
    return { ...a, content: text };
  });
}

/** A JSON value with the ids of order sets and proposals it names replaced by their ranks. */
function rankJson(value: unknown, ranks: Record<RankedTable, Map<number, number>>, key?: string): unknown {
  if (Array.isArray(value)) {
    if (key === 'sets' || key === 'setIds') return value.map((v) => (typeof v === 'number' ? `set#${ranks.order_sets.get(v) ?? `?${v}`}` : rankJson(v, ranks)));
    return value.map((v) => rankJson(v, ranks));
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    const out: Record<string, unknown> = {};
    // A phase result's `sets` names each power's counted set by id ({"FRANCE": 16}): compared by rank,
    // so a game that is not the first of its database reproduces (issue #26, item 8).
    if (key === 'sets' || key === 'setIds') {
      for (const [k, v] of Object.entries(value)) out[k] = typeof v === 'number' ? `set#${ranks.order_sets.get(v) ?? `?${v}`}` : rankJson(v, ranks);
      return out;
    }
    for (const [k, v] of Object.entries(value)) {
      out[k] = (k === 'proposal' || k === 'proposalId') && typeof v === 'number' ? `proposal#${ranks.proposals.get(v) ?? `?${v}`}` : rankJson(v, ranks, k);
    }
    return out;
  }
  return value;
}

/**
 * The row ids an outbox dedupe key names, as ranks within their game (see {@link readRanks}): keys
 * such as `proposal:<game>:<id>`, `position:<game>:<power>:[end:|back:|period:|b7:|captain:]<id>`,
 * `extension-request:<id>`, `rollback-request:<game>:<id>`, `weather:<game>:<battle>:…` and
 * `battle-digest[-asked|-update|-early]:<game>:<battle>` carry the
 * serial id of a row, which two games' rows interleaving in another order (or a game replayed alone,
 * without the rows the other games took first) change without changing the mail. Pure.
 */
export function rankKey(key: string, ranks: Record<RankedTable, Map<number, number>>): string {
  const rank = (table: RankedTable, id: string) => `${table}#${ranks[table].get(Number(id)) ?? `?${id}`}`;
  return key
    .replace(/^((?:proposal|proposal-gm|vote-result):[^:]+:)(\d+)/, (_m, head: string, id: string) => head + rank('proposals', id))
    // A holding's id, after the power and the notice's kind, if any (`end`, `back`, `period`, `b7`, `captain`, …).
    .replace(/^(position:[^:]+:[^:]+:(?:[a-z][a-z0-9]*:)?)(\d+)(?=:|$)/, (_m, head: string, id: string) => head + rank('positions', id))
    .replace(/^(extension-(?:request|answer):)(\d+)(?=:|$)/, (_m, head: string, id: string) => head + rank('extensions', id))
    .replace(/^(rollback-(?:request|answer):[^:]+:)(\d+)(?=:|$)/, (_m, head: string, id: string) => head + rank('rollback_requests', id))
    .replace(/^((?:weather|battle-digest(?:-asked|-update|-early)?):[^:]+:)(\d+)(?=:|$)/, (_m, head: string, id: string) => head + rank('coalition_battles', id));
}

/** A Message-ID as compared: its domain, and whether it is the one its own dedupe key derives (outboxMessageId). Pure. */
function derivedMessageId(messageId: string, dedupeKey: string): string {
  const domain = messageId.slice(messageId.lastIndexOf('@') + 1);
  return messageId === outboxMessageId(dedupeKey, domain) ? `derived from its key @${domain}` : messageId;
}

/** A row as compared: excluded fields dropped, ids as ranks, text masked; values as canonical strings. */
function normalise(spec: TableSpec, row: Record<string, unknown>, ranks: Record<RankedTable, Map<number, number>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(row)) {
    if (spec.exclude.includes(k)) continue;
    let value: unknown = v;
    const ranked = spec.ranked?.[k];
    if (ranked && v !== null) value = `${ranked}#${ranks[ranked].get(Number(v)) ?? `?${String(v)}`}`;
    else if (spec.table === 'outbox' && k === 'attachments') value = maskAttachments(v);
    else if (spec.table === 'outbox' && k === 'dedupe_key') value = rankKey(String(v), ranks);
    else if (spec.table === 'outbox' && k === 'message_id') value = derivedMessageId(String(v), String(row.dedupe_key));
    else value = rankJson(v, ranks);
    if (typeof value === 'string') out[k] = maskText(value);
    else if (value instanceof Date) out[k] = value.toISOString();
    else if (Buffer.isBuffer(value)) out[k] = value.toString('base64');
    else out[k] = maskText(JSON.stringify(value) ?? 'null');
  }
  return out;
}

export interface Difference {
  readonly table: string;
  /** Which row: its place among the games' rows of the table and a label. */
  readonly row: string;
  readonly field: string;
  readonly expected: string;
  readonly got: string;
}

export interface Comparison {
  /** Rows compared, per table (only tables with rows). */
  readonly matched: Record<string, number>;
  readonly difference: Difference | undefined;
}

/** The first line where two texts differ, with its number, or the whole values when one line each. */
function firstDifferingLine(expected: string, got: string): { where: string; expected: string; got: string } {
  const a = expected.split('\n');
  const b = got.split('\n');
  if (a.length === 1 && b.length === 1) return { where: '', expected, got };
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return { where: ` line ${i + 1}`, expected: a[i] ?? '<no line>', got: b[i] ?? '<no line>' };
  }
  return { where: '', expected, got };
}

async function readRows(db: Db, spec: TableSpec, gameIds: string[]): Promise<Record<string, unknown>[]> {
  const where = (spec.where ?? byGame)(gameIds);
  return (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(spec.table)} WHERE ${where} ORDER BY ${sql.raw(spec.order)}`.execute(db)).rows;
}

/**
 * Games whose rows of a table are read at once. A table kept by game (its rows ordered by game first)
 * is read a few games at a time, so a whole event (issue 30: 204 games, ~100,000 outbox mails with
 * their bodies) is never held in memory twice over; the order of the rows compared is the same.
 */
export const GAMES_PER_READ = 20;

/** The games in reads of {@link GAMES_PER_READ}, or all at once for a table not ordered by game. Pure. */
export function gameChunks(spec: Pick<TableSpec, 'where' | 'order'>, gameIds: readonly string[], size = GAMES_PER_READ): string[][] {
  if (spec.where !== undefined || !spec.order.startsWith('game_id') || gameIds.length <= size) return [[...gameIds]];
  const sorted = [...gameIds].sort();
  const chunks: string[][] = [];
  for (let i = 0; i < sorted.length; i += size) chunks.push(sorted.slice(i, i + size));
  return chunks;
}

/** Compare the games' rows of the record with the replay's; the first difference, or none. */
export async function compareRecords(record: Db, replay: Db, gameIds: readonly string[], options: { gamesPerRead?: number } = {}): Promise<Comparison> {
  const ids = [...gameIds];
  const [rRanks, pRanks] = [await readRanks(record, ids), await readRanks(replay, ids)];
  const matched: Record<string, number> = {};
  for (const spec of TABLES) {
    const chunks = gameChunks(spec, ids, options.gamesPerRead);
    const total = chunks.length === 1 ? undefined
      : Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(spec.table)} WHERE ${byGame(ids)}`.execute(record)).rows[0]!.n);
    let offset = 0;
    for (const chunk of chunks) {
      const expectedRows = await readRows(record, spec, chunk);
      const gotRows = await readRows(replay, spec, chunk);
      const of = total ?? expectedRows.length;
      for (let i = 0; i < Math.max(expectedRows.length, gotRows.length); i++) {
        const e = expectedRows[i];
        const g = gotRows[i];
        const place = `${spec.table} row ${offset + i + 1} of ${of}`;
        if (!e || !g) {
          return {
            matched,
            difference: {
              table: spec.table, row: `${place}: ${spec.label((e ?? g)!)}`, field: '(the row)',
              expected: e ? 'this row' : `no row (the record has ${of})`, got: g ? `an extra row (the replay made ${offset + gotRows.length}${chunks.length === 1 ? '' : ' up to these games'})` : 'no row',
            },
          };
        }
        const en = normalise(spec, e, rRanks);
        const gn = normalise(spec, g, pRanks);
        for (const field of Object.keys(en)) {
          if (en[field] !== gn[field]) {
            const d = firstDifferingLine(en[field]!, gn[field] ?? '<missing>');
            return { matched, difference: { table: spec.table, row: `${place}: ${spec.label(e)}`, field: `${field}${d.where}`, expected: d.expected, got: d.got } };
          }
        }
      }
      offset += expectedRows.length;
    }
    if (offset > 0) matched[spec.table] = offset;
  }
  return { matched, difference: undefined };
}
