/**
 * `mailjudge reproduce --game G | --tournament T`: the TD's proof that nothing was edited by hand.
 * The games' inputs (the archived raw messages, the logged console commands and worker runs, see
 * replay-timeline.ts) are replayed into a fresh database through the judge's own code on a simulated
 * clock, and everything the judge decided and published is compared with the record
 * (compare-records.ts): the first difference is reported, or a one-line summary of what matched.
 */
import pg from 'pg';
import { createDb } from '../../db/database.js';
import { migrate } from '../../db/migrate.js';
import type { Db } from '../../db/schema.js';
import { findTournamentBySlug } from '../../db/tournaments.js';
import { migrateQueue } from '../../worker/queue.js';
import type { ReceiveContext } from '../../service/intake/receive-message.js';
import { compareRecords, type Difference } from './compare-records.js';
import { replayGames } from './replay-timeline.js';
import { realNow } from '../../config/clock.js';

export type ReproduceTarget = { readonly game: string } | { readonly tournament: string };

export type ReproduceResult =
  | { readonly kind: 'problem'; readonly problems: string[] }
  | {
    readonly kind: 'matched' | 'differs';
    readonly games: readonly string[];
    readonly replayed: { mails: number; commands: number; tasks: number };
    readonly matched: Record<string, number>;
    readonly difference: Difference | undefined;
    readonly failures: readonly string[];
  };

/** The games to reproduce, or the problem with the target. */
export async function resolveGames(record: Db, target: ReproduceTarget): Promise<{ ok: true; games: string[] } | { ok: false; problem: string }> {
  let games: { id: string; kind: string }[];
  if ('game' in target) {
    games = await record.selectFrom('games').select(['id', 'kind']).where('id', '=', target.game).execute();
    if (games.length === 0) return { ok: false, problem: `no game "${target.game}"` };
  } else {
    const t = await findTournamentBySlug(record, target.tournament);
    if (!t) return { ok: false, problem: `no tournament "${target.tournament}"` };
    games = await record.selectFrom('games').select(['id', 'kind']).where('tournament_id', '=', t.id).orderBy('id').execute();
    if (games.length === 0) return { ok: false, problem: `tournament "${target.tournament}" has no games` };
  }
  // A game created before the replay log (migration 0013) has no recorded creation to start from.
  const logged = new Set((await record.selectFrom('replay_log').select('game_id').where('name', 'in', ['game-create', 'coalition-create']).where('game_id', 'in', games.map((g) => g.id)).execute()).map((r) => r.game_id));
  const unlogged = games.filter((g) => !logged.has(g.id)).map((g) => g.id);
  if (unlogged.length > 0) return { ok: false, problem: `${unlogged.join(', ')}: created before the judge logged its commands (migration 0013), so there is no recorded creation to replay from` };
  return { ok: true, games: games.map((g) => g.id) };
}

/** Replay `games` from `record` into `fresh` (migrated, queue schema installed) and compare. */
export async function reproduceInto(record: Db, fresh: Db, games: readonly string[], receive: Omit<ReceiveContext, 'now'>): Promise<ReproduceResult> {
  const replay = await replayGames(record, fresh, games, { receive });
  const comparison = await compareRecords(record, fresh, games);
  // A command or run the replay refused, where the record shows it done, is a difference too.
  const differs = comparison.difference !== undefined || replay.failures.length > 0;
  return {
    kind: differs ? 'differs' : 'matched', games, replayed: { mails: replay.mails, commands: replay.commands, tasks: replay.tasks },
    matched: comparison.matched, difference: comparison.difference, failures: replay.failures,
  };
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function admin(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Reproduce on a new database on the record's own server (`<db>_reproduce_<pid>_<ms>`), dropped
 * afterwards unless `keep`. The record is only read.
 */
export async function reproduce(record: Db, recordUrl: string, target: ReproduceTarget, receive: Omit<ReceiveContext, 'now'>, options: { keep?: boolean } = {}): Promise<ReproduceResult & { database?: string }> {
  const resolved = await resolveGames(record, target);
  if (!resolved.ok) return { kind: 'problem', problems: [resolved.problem] };
  const url = new URL(recordUrl);
  const name = `${url.pathname.slice(1) || 'mailjudge'}_reproduce_${process.pid}_${realNow().getTime()}`.slice(0, 63);
  await admin(recordUrl, `CREATE DATABASE ${quoteIdent(name)}`);
  const freshUrl = new URL(recordUrl);
  freshUrl.pathname = `/${name}`;
  const fresh = createDb(freshUrl.toString(), { maxConnections: 3 });
  try {
    await migrate(fresh);
    await migrateQueue(freshUrl.toString());
    return { ...(await reproduceInto(record, fresh, resolved.games, receive)), database: name };
  } finally {
    await fresh.destroy();
    if (!options.keep) await admin(recordUrl, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  }
}

/** The report: the first difference, or what matched, in one line. Pure. */
export function formatReproduce(r: ReproduceResult & { database?: string }, keep = false): string {
  if (r.kind === 'problem') return r.problems.join('\n');
  const replayed = `${r.replayed.mails} message(s), ${r.replayed.commands} command(s), ${r.replayed.tasks} worker run(s)`;
  const failures = r.failures.map((f) => `replay: ${f}`);
  const kept = keep && r.database ? [`the replay's database is kept: ${r.database}`] : [];
  if (r.difference) {
    const d = r.difference;
    return [
      `reproduce ${r.games.join(', ')}: DIFFERS after replaying ${replayed}.`,
      `first difference: ${d.row}, field ${d.field}`,
      `  expected (the record): ${d.expected}`,
      `  got (the replay):      ${d.got}`,
      ...failures, ...kept,
    ].join('\n');
  }
  if (r.kind === 'differs') return [`reproduce ${r.games.join(', ')}: DIFFERS after replaying ${replayed}: the replay did not do what the record shows done.`, ...failures, ...kept].join('\n');
  const counts = Object.entries(r.matched).map(([t, n]) => `${n} ${t}`).join(', ');
  return [`reproduce ${r.games.join(', ')}: matched: ${replayed} replayed; ${counts} identical.`, ...failures, ...kept].join('\n');
}
