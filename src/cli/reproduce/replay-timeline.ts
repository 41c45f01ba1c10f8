/**
 * `mailjudge reproduce`, step 1: a game's inputs, read from the record, replayed in order into a
 * fresh database. The inputs are the archived raw messages (inbound_messages, with the receipt time
 * they were stored with and the instant they were decided at), and the replay log (0013): the GM's
 * and TD's console commands with their arguments and clock, and the worker's runs (adjudications,
 * calendar ticks that did something) at the instants they ran. Each is run through the same code the
 * judge runs (receiveMessage, the run* commands, adjudicatePhaseTask, calendarTickTask) on a
 * simulated clock set to the recorded instant.
 *
 * What is copied rather than replayed, before the first event: the directory (people with their
 * ids, names, addresses and zones; tournaments, rounds, teams, members, holidays), which no game
 * owns, and the secret hash of everyone whose secret was issued outside the replayed games (before
 * them: a later round's players, a GM's second game). What is carried over after every event: each
 * person's secret hash and each holding's reply token as recorded, once the replay has issued one
 * (both are random; only possession of the recorded one authenticates the later messages that use
 * it). Inbound messages keep their recorded ids (the id sequence is set before each), so decisions
 * and order sets point at the same ids.
 * The sender's authentication is the record's too: the DKIM, SPF and DMARC verdicts its decision
 * kept (DNS answers change, and a lookup that timed out once must not read `none` in the replay).
 */
import { sql } from 'kysely';
import { findHolidayEntries, findReplayEntries, type ReplayEntry } from '../../db/replay-log.js';
import { processNow } from '../../db/schedule-jobs.js';
import type { Db } from '../../db/schema.js';
import { receiveMessage, type ReceiveContext } from '../../service/intake/receive-message.js';
import { authFromEvidence } from '../../mail/inbound/authenticate.js';
import type { AdjudicatePayload } from '../../service/diplomacy/adjudicate-phase.js';
import { adjudicateTurn } from '../../service/game-kinds.js';
import { runCoalitionCreate, type CoalitionGameSpec } from '../../service/coalition/create-game.js';
import { runCoalitionPlace } from '../../service/coalition/place-raider.js';
import { runCoalitionJudgeText } from '../../service/coalition/judge-command.js';
import { commitment } from '../../dice/index.js';
import { calendarTickTask } from '../../service/diplomacy/calendar-tick.js';
import { runGameCreate } from '../commands/game-create.js';
import { runExtend } from '../../service/gm/extend.js';
import { runSetDeadline } from '../../service/gm/deadline.js';
import { runProcess } from '../../service/gm/process.js';
import { runAbsence } from '../../service/gm/absence.js';
import { runReplace } from '../../service/gm/replace.js';
import { runCalendarSettings } from '../../service/gm/settings.js';
import { rollbackPhase } from '../../service/diplomacy/rollback-phase.js';
import { runAgreeProposal } from '../../service/gm/agree-proposal.js';
import { answerRollbackRequest, answerTookEffect } from '../../service/diplomacy/rollback-request.js';
import { runHolidayCreate, type HolidayArgs } from '../../service/gm/holiday.js';
import type { GameSpec } from '../game-spec.js';

/** One input of the game, at the instant it took effect. */
export type TimelineEvent =
  | { readonly kind: 'mail'; readonly at: Date; readonly tie: Date; readonly inboundId: number }
  | { readonly kind: 'command' | 'task'; readonly at: Date; readonly tie: Date; readonly entry: ReplayEntry };

export interface Timeline {
  readonly events: readonly TimelineEvent[];
  readonly mails: number;
  readonly commands: number;
  readonly tasks: number;
}

export interface ReplaySummary {
  readonly mails: number;
  readonly commands: number;
  readonly tasks: number;
  /** Commands or messages the replay refused or could not run, with why (they are differences too). */
  readonly failures: readonly string[];
}

/** The messages of these games: decided for one of them, and every copy sharing a Message-ID with one. */
async function gameMessages(record: Db, gameIds: readonly string[]): Promise<{ id: number; at: Date; tie: Date }[]> {
  const rows = await sql<{ id: number; decided_at: Date | null; received_at: Date; stored_at: Date }>`
    SELECT m.id, d.decided_at, m.received_at, m.stored_at
      FROM inbound_messages m LEFT JOIN inbound_decisions d ON d.inbound_message_id = m.id
     WHERE m.id IN (SELECT inbound_message_id FROM inbound_decisions WHERE game_id = ANY(${gameIds as string[]}))
        OR (m.message_id IS NOT NULL AND m.message_id IN (
              SELECT mm.message_id FROM inbound_messages mm JOIN inbound_decisions dd ON dd.inbound_message_id = mm.id
               WHERE dd.game_id = ANY(${gameIds as string[]}) AND mm.message_id IS NOT NULL))`.execute(record);
  return rows.rows.map((r) => ({ id: Number(r.id), at: r.decided_at ?? r.received_at, tie: r.stored_at }));
}

/** Every input of these games, oldest first (ties: the order they were logged or stored in). */
export async function readTimeline(record: Db, gameIds: readonly string[]): Promise<Timeline> {
  const mails = await gameMessages(record, gameIds);
  const slugs = (await record.selectFrom('games').innerJoin('tournaments', 'tournaments.id', 'games.tournament_id').select('tournaments.slug').where('games.id', 'in', gameIds.length > 0 ? [...gameIds] : ['']).distinct().execute()).map((r) => r.slug);
  const entries = [...(await findReplayEntries(record, gameIds)), ...(await findHolidayEntries(record, slugs))];
  const events: TimelineEvent[] = [
    ...mails.map((m) => ({ kind: 'mail' as const, at: m.at, tie: m.tie, inboundId: m.id })),
    ...entries.map((e) => ({ kind: e.kind, at: e.at, tie: e.loggedAt, entry: e })),
  ];
  events.sort((a, b) => a.at.getTime() - b.at.getTime() || a.tie.getTime() - b.tie.getTime());
  return { events, mails: mails.length, commands: entries.filter((e) => e.kind === 'command').length, tasks: entries.filter((e) => e.kind === 'task').length };
}

const DIRECTORY = ['people', 'tournaments', 'rounds', 'teams', 'tournament_members', 'holidays'] as const;

/**
 * The people whose secret one of `gameIds`' own mails issued (a start or replacement mail saying
 * "Your secret: …", role-secret.ts), by the record: the replay issues theirs again at that mail. A
 * secret is issued once and kept (role-secret.ts), so everyone else with a secret on record had it
 * before these games (another game, an earlier round, a TD's appointment).
 */
async function secretIssuedIn(record: Db, gameIds: readonly string[]): Promise<Set<number>> {
  if (gameIds.length === 0) return new Set();
  const r = await sql<{ id: number }>`
    SELECT DISTINCT p.id FROM people p JOIN outbox o ON lower(o.to_address) = lower(p.email)
     WHERE o.game_id = ANY(${gameIds as string[]}) AND o.body_text LIKE '%Your secret: %' AND o.body_text ~ '(^|\n)Your secret: '`.execute(record);
  return new Set(r.rows.map((x) => Number(x.id)));
}

/**
 * Copy the directory (people, tournaments, teams, holidays) with its ids; not the holidays in
 * `replayed`, whose declaration the timeline replays at its instant. A person's secret hash is copied
 * unless `issuedInReplay` holds them (one of the replayed games issued it): a later round's game,
 * replayed alone, tells its players to use the secret sent before, as it did (stop 48: it issued a
 * new one, and `reproduce --game` of any game whose people had played before differed).
 */
export async function copyDirectory(record: Db, fresh: Db, replayed: ReadonlySet<number>, issuedInReplay: ReadonlySet<number>): Promise<void> {
  for (const table of DIRECTORY) {
    const all = (await sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY 1`.execute(record)).rows;
    const rows = table === 'holidays' ? all.filter((r) => !replayed.has(Number(r.id))) : all;
    for (const row of rows) {
      const values = table === 'people' && issuedInReplay.has(Number(row.id)) ? { ...row, secret_hash: null } : row;
      const cols = Object.keys(values);
      const hasId = cols.includes('id');
      await sql`INSERT INTO ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))}) ${hasId ? sql`OVERRIDING SYSTEM VALUE` : sql``}
        VALUES (${sql.join(cols.map((c) => sql`${values[c]}`))})`.execute(fresh);
    }
    if (rows.length > 0 && rows[0]!.id !== undefined) {
      await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT max(id) FROM ${sql.table(table)}))`.execute(fresh);
    }
  }
}

/**
 * The recorded secret hashes and reply tokens the replay takes over, copied once into the fresh
 * database's own schema `reproduce_carried` (not a table the judge or the comparison reads), so that
 * taking them over after each event is two set-based UPDATEs on the server instead of reading every
 * person and holding into the process per event (issue 30: ~60,000 events at `--full`). A holding
 * is named as before by game, power, person, kind and start (to the millisecond, as a JS Date holds it).
 */
async function storeCarried(record: Db, fresh: Db, gameIds: readonly string[]): Promise<void> {
  const people = await record.selectFrom('people').select(['id', 'secret_hash']).where('secret_hash', 'is not', null).execute();
  const positions = gameIds.length === 0 ? [] : await record.selectFrom('positions').select(['game_id', 'power', 'person_id', 'kind', 'started_at', 'reply_token'])
    .where('game_id', 'in', gameIds).where('reply_token', 'is not', null).execute();
  await sql`CREATE SCHEMA reproduce_carried`.execute(fresh);
  await sql`CREATE TABLE reproduce_carried.secrets (person_id bigint PRIMARY KEY, secret_hash text NOT NULL)`.execute(fresh);
  await sql`CREATE TABLE reproduce_carried.tokens (game_id text NOT NULL, power text NOT NULL, person_id bigint NOT NULL, kind text NOT NULL, started_at timestamptz NOT NULL, reply_token text NOT NULL,
    PRIMARY KEY (game_id, power, person_id, kind, started_at))`.execute(fresh);
  await sql`INSERT INTO reproduce_carried.secrets SELECT * FROM unnest(${people.map((p) => p.id)}::bigint[], ${people.map((p) => p.secret_hash!)}::text[])`.execute(fresh);
  await sql`INSERT INTO reproduce_carried.tokens
    SELECT * FROM unnest(${positions.map((p) => p.game_id)}::text[], ${positions.map((p) => p.power)}::text[], ${positions.map((p) => p.person_id)}::bigint[],
                         ${positions.map((p) => p.kind)}::text[], ${positions.map((p) => p.started_at)}::timestamptz[], ${positions.map((p) => p.reply_token!)}::text[])`.execute(fresh);
}

/** Take over the recorded secret hashes and reply tokens where the replay has issued its own. */
async function carryOver(fresh: Db): Promise<void> {
  await sql`UPDATE people p SET secret_hash = c.secret_hash FROM reproduce_carried.secrets c
             WHERE c.person_id = p.id AND p.secret_hash IS NOT NULL AND p.secret_hash <> c.secret_hash`.execute(fresh);
  await sql`UPDATE positions p SET reply_token = c.reply_token FROM reproduce_carried.tokens c
             WHERE p.reply_token IS NOT NULL AND p.reply_token <> c.reply_token AND p.game_id = c.game_id AND p.power = c.power
               AND p.person_id = c.person_id AND p.kind = c.kind AND date_trunc('milliseconds', p.started_at) = c.started_at`.execute(fresh);
}

export interface ReplayOptions {
  /** The judge's intake settings (its own address, the confirmation address, the DNS resolver). */
  readonly receive: Omit<ReceiveContext, 'now'>;
}

/**
 * The Coalition turns' seeds as the record holds them (the locked turns' revealed seeds, and the open
 * turn's), for the replay to adopt instead of fresh random ones. Each revealed seed is checked against
 * the commitment recorded with it: a mismatch is a failure of the reproduction.
 */
export async function recordedSeeds(record: Db, gameIds: readonly string[]): Promise<{ seedOf: (gameId: string, turn: number) => string | undefined; problems: string[] }> {
  const seeds = new Map<string, string>();
  const problems: string[] = [];
  const turns = await record.selectFrom('coalition_turns').select(['game_id', 'turn', 'seed', 'seed_commitment']).where('game_id', 'in', gameIds).orderBy('game_id').orderBy('turn').execute();
  for (const t of turns) {
    seeds.set(`${t.game_id}|${t.turn}`, t.seed);
    if (commitment(t.seed) !== t.seed_commitment) problems.push(`${t.game_id} turn ${t.turn}: the revealed seed does not match the commitment recorded with it (${t.seed_commitment})`);
  }
  for (const g of await record.selectFrom('coalition_games').select(['game_id', 'turn', 'seed']).where('game_id', 'in', gameIds).execute()) {
    if (!seeds.has(`${g.game_id}|${g.turn}`)) seeds.set(`${g.game_id}|${g.turn}`, g.seed);
  }
  return { seedOf: (gameId, turn) => seeds.get(`${gameId}|${turn}`), problems };
}

/** Replay the timeline of `gameIds` from `record` into `fresh` (migrated, with the job queue's schema). */
export async function replayGames(record: Db, fresh: Db, gameIds: readonly string[], options: ReplayOptions): Promise<ReplaySummary & { timeline: Timeline }> {
  const timeline = await readTimeline(record, gameIds);
  const replayedHolidays = new Set(timeline.events.flatMap((e) => (e.kind !== 'mail' && e.entry.name === 'holiday-create' ? [Number((e.entry.args as { id: number }).id)] : [])));
  await copyDirectory(record, fresh, replayedHolidays, await secretIssuedIn(record, gameIds));
  await storeCarried(record, fresh, gameIds);
  const seeds = await recordedSeeds(record, gameIds);
  const failures: string[] = [...seeds.problems];
  const fromAddress = options.receive.fromAddress;
  for (const e of timeline.events) {
    const now = e.at;
    if (e.kind === 'mail') {
      // With its decision's identity evidence: the sender's authentication as the judge had it (DNS
      // answers are an input, like the bytes), where the decision kept every verdict; else mailauth
      // asks DNS again.
      const m = await record.selectFrom('inbound_messages as m').leftJoin('inbound_decisions as d', 'd.inbound_message_id', 'm.id')
        .selectAll('m').select('d.identity').where('m.id', '=', e.inboundId).executeTakeFirstOrThrow();
      const recorded = authFromEvidence(m.identity);
      // The recorded id: decisions, order sets and the mails that name a message point at it.
      await sql`SELECT setval(pg_get_serial_sequence('inbound_messages', 'id'), ${e.inboundId}, false)`.execute(fresh);
      await receiveMessage(fresh, { ...options.receive, ...(recorded ? { auth: { ...options.receive.auth, recorded } } : {}), now: () => now }, {
        raw: m.raw, receivedAt: m.received_at, source: m.source, role: m.role,
        ...(m.mailbox !== null ? { mailbox: m.mailbox } : {}),
        ...(m.uidvalidity !== null ? { uidvalidity: m.uidvalidity } : {}),
        ...(m.uid !== null ? { uid: m.uid } : {}),
        // The SMTP envelope the listener received it with (sql/0024): SPF and DMARC decide as they did.
        ...(m.envelope ? { envelope: m.envelope } : {}),
      });
    } else {
      const problem = await replayEntry(fresh, e.entry, fromAddress, seeds.seedOf);
      if (problem) failures.push(`${e.entry.kind} ${e.entry.name} at ${now.toISOString()}: ${problem}`);
    }
    await carryOver(fresh);
  }
  // Leave the sequence past every id the record holds, as a judge would.
  await sql`SELECT setval(pg_get_serial_sequence('inbound_messages', 'id'), greatest((SELECT max(id) FROM inbound_messages), 1))`.execute(fresh);
  return { timeline, mails: timeline.mails, commands: timeline.commands, tasks: timeline.tasks, failures };
}

/** Run one logged command or task; a problem when it was refused (it succeeded on the record). */
async function replayEntry(fresh: Db, entry: ReplayEntry, fromAddress: string, turnSeed: (gameId: string, turn: number) => string | undefined): Promise<string | undefined> {
  const now = entry.at;
  const ctx = { actor: entry.actor, now, fromAddress };
  const args = entry.args as never;
  const refused = (r: { ok: true } | { ok: false; problems: string[] }) => (r.ok ? undefined : r.problems.join('; '));
  switch (entry.name) {
    case 'game-create': return refused(await runGameCreate(fresh, entry.args as GameSpec, entry.actor, now, fromAddress));
    case 'extend': return refused(await runExtend(fresh, args, ctx));
    case 'deadline': return refused(await runSetDeadline(fresh, args, ctx));
    case 'process': return refused(await runProcess(fresh, args, ctx));
    case 'absence': return refused(await runAbsence(fresh, args, ctx));
    case 'replace': return refused(await runReplace(fresh, args, ctx));
    case 'calendar': return refused(await runCalendarSettings(fresh, args, ctx));
    case 'proposal-agree': return refused(await runAgreeProposal(fresh, args, ctx));
    case 'rollback-request': {
      const r = await answerRollbackRequest(fresh, args, ctx);
      return answerTookEffect(r) ? undefined : refused(r);
    }
    case 'holiday-create': {
      const a = entry.args as HolidayArgs & { id: number };
      // Declared by a replayed message already (a TD's HOLIDAY to one of these games): nothing to do.
      if (await fresh.selectFrom('holidays').select('id').where('id', '=', a.id).executeTakeFirst()) return undefined;
      await sql`SELECT setval(pg_get_serial_sequence('holidays', 'id'), ${a.id}, false)`.execute(fresh);
      const { id: _id, ...holiday } = a;
      return refused(await runHolidayCreate(fresh, holiday, ctx));
    }
    case 'rollback': {
      const r = await rollbackPhase(fresh, { ...(entry.args as object), now, fromAddress } as Parameters<typeof rollbackPhase>[1]);
      return r.ok ? undefined : r.problem;
    }
    case 'process-now': {
      const a = entry.args as { gameId: string; phase: string; at: Date };
      await processNow(fresh, a.gameId, a.phase, a.at, { requestedBy: entry.actor, now });
      return undefined;
    }
    case 'coalition-create': {
      const spec = entry.args as CoalitionGameSpec;
      return refused(await runCoalitionCreate(fresh, spec, entry.actor, now, fromAddress, { ...(turnSeed(spec.id, 1) ? { seed: turnSeed(spec.id, 1)! } : {}) }));
    }
    case 'coalition-verdict':
    case 'coalition-ruling': {
      const a = entry.args as { gameId: string; text: string };
      return refused(await runCoalitionJudgeText(fresh, a.gameId, a.text, entry.actor, now, fromAddress, entry.name));
    }
    case 'coalition-place': {
      const a = entry.args as { gameId: string; army: string; square: string };
      return refused(await runCoalitionPlace(fresh, a.gameId, a.army, a.square, entry.actor, now, fromAddress));
    }
    case 'adjudicate-phase': {
      const a = entry.args as { payload: AdjudicatePayload; outcome: string };
      // Any game kind (a Coalition lock adopts the recorded seed of the turn it opens).
      const got = await adjudicateTurn(fresh, { now: () => now, fromAddress, turnSeed }, a.payload);
      return got === a.outcome ? undefined : `the adjudication ran with the outcome "${got}", the record says "${a.outcome}"`;
    }
    case 'calendar-tick':
      // The game whose part of the tick was logged, alone (calendarTickTask's `only`).
      await calendarTickTask(fresh, { now: () => now, fromAddress }, entry.gameId ?? undefined);
      return undefined;
    default:
      return `"${entry.name}" is not a command the replay knows`;
  }
}
