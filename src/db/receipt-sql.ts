/**
 * The statements of receipt (issue 29, "store first, decide per game"), written once as SQL text with
 * `$n` parameters, so that two drivers run the very same statements: the Kysely handle of every
 * source (inbound-messages.ts, jobs.ts, service/intake/store-message.ts, through
 * `CompiledQuery.raw`), and the bare `pg` client of `mailjudge ingest`'s store path
 * (service/intake/pipe-receipt.ts), which stores the message before Kysely is even loaded
 * (docs/startup.md). This module imports no driver.
 */

/** A statement and its parameters. */
export interface Statement {
  readonly text: string;
  readonly values: readonly unknown[];
}

/** How often a message's decision job is tried before graphile-worker gives up (the intake quarantines it after MAX_DECIDE_ATTEMPTS first). */
export const DECIDE_JOB_MAX_ATTEMPTS = 25;

/**
 * graphile-worker's schema revision this build's `add_jobs` call is written for: the last of its
 * migrations (graphile_worker.migrations, 0.17.3: 000019). test/mail/pipe-receipt.test.ts checks it
 * against the revision `migrateQueue` installs, so upgrading graphile-worker points here.
 */
export const QUEUE_SCHEMA_REVISION = 19;

/** A message row to store (one inbound_messages row; see inbound-messages.ts). */
export interface InboundValues {
  readonly raw: Buffer;
  readonly receivedAt: Date;
  readonly source: string;
  readonly mailbox: string | null;
  readonly uidvalidity: number | null;
  readonly uid: number | null;
  readonly messageId: string | null;
  readonly role: string;
  readonly envelope: object | null;
}

/** Store one message unless it is stored already (any unique key): its `id` when new, no row when not. */
export function insertInbound(m: InboundValues): Statement {
  return {
    text: `/* receipt */ INSERT INTO inbound_messages (raw, received_at, source, mailbox, uidvalidity, uid, message_id, role, envelope)
      VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb) ON CONFLICT DO NOTHING RETURNING id`,
    values: [m.raw, m.receivedAt, m.source, m.mailbox, m.uidvalidity, m.uid, m.messageId, m.role, m.envelope ? JSON.stringify(m.envelope) : null],
  };
}

/**
 * The stored copy of a message {@link insertInbound} found stored already: by mailbox, UIDVALIDITY and
 * UID (IMAP), else by source, mailbox and bytes (`sha256`: the hex SHA-256 of `raw`).
 */
export function findStoredInbound(m: Pick<InboundValues, 'source' | 'mailbox' | 'uidvalidity' | 'uid'>, sha256: string): Statement {
  return m.uid !== null
    ? { text: 'SELECT id FROM inbound_messages WHERE mailbox = $1 AND uidvalidity = $2 AND uid = $3', values: [m.mailbox, m.uidvalidity, m.uid] }
    : { text: "SELECT id FROM inbound_messages WHERE uid IS NULL AND source = $1 AND coalesce(mailbox, '') = $2 AND sha256 = $3", values: [m.source, m.mailbox ?? '', sha256] };
}

/**
 * The open games any of `addresses` (lower-cased) or subject `tags` names, with a Coalition game's PM
 * and battle addresses: rows `{ id, address }` (store-message.ts decides the queue from them).
 */
export function receiptCandidates(addresses: readonly string[], tags: readonly string[]): Statement {
  return {
    text: `/* receipt */
      SELECT g.id, g.address FROM games g
       WHERE g.status <> 'finished' AND (lower(g.address) = ANY($1::text[]) OR g.id = ANY($2::text[]))
      UNION ALL
      SELECT c.game_id, a.address FROM coalition_games c CROSS JOIN LATERAL (VALUES (c.pm_address), (c.battle_address)) AS a(address)
       WHERE lower(c.pm_address) = ANY($1::text[]) OR lower(c.battle_address) = ANY($1::text[])`,
    values: [addresses, tags],
  };
}

/**
 * Add the decision jobs (task `decide-message`, key `decide:<id>`) of newly stored messages, each in
 * its queue, in one statement (`add_jobs`). Within one call the jobs' run_at grows by a microsecond per
 * message, so a queue runs them in the order given even though graphile-worker orders by run_at alone.
 */
export function addDecideJobs(inboundIds: readonly number[], queues: readonly string[]): Statement {
  return {
    text: `/* receipt */ SELECT count(*) FROM graphile_worker.add_jobs(ARRAY(
      SELECT ROW('decide-message', json_build_object('inboundId', x.id), x.queue, now() + x.ord * interval '1 microsecond',
                 $3::int, 'decide:' || x.id, NULL, NULL)::graphile_worker.job_spec
        FROM unnest($1::int[], $2::text[]) WITH ORDINALITY AS x(id, queue, ord)
       ORDER BY x.ord))`,
    values: [inboundIds, queues, DECIDE_JOB_MAX_ATTEMPTS],
  };
}

/**
 * In a transaction: set its statement timeout (seconds, 0 none) and read the schema's state, the
 * judge's migrations (how many, the last) and graphile-worker's revision. Fails (42P01) on a database
 * where either table is missing.
 */
export function receiptSchemaState(statementTimeoutSeconds: number): Statement {
  return {
    text: `SELECT set_config('statement_timeout', $1, true) AS timeout,
      (SELECT count(*) FROM schema_migrations)::int AS judge_count, (SELECT max(name) FROM schema_migrations) AS judge_last,
      (SELECT max(id) FROM graphile_worker.migrations)::int AS queue_revision`,
    values: [String(statementTimeoutSeconds * 1000)],
  };
}

/**
 * Receipt in ONE statement (issue 29, "batched where it pays"): store `rows` (in order) unless stored
 * already, add each newly stored row's decision job in its queue (`queues[i]` is `rows[i]`'s; run_at
 * grows by a microsecond per message, as {@link addDecideJobs}), and with a checkpoint move the IMAP
 * mailbox's position as saveMailboxCheckpoint does (never back within one UIDVALIDITY). A single
 * statement is its own transaction: all of it is kept or none, without BEGIN and COMMIT, in one round
 * trip instead of five. One row: `stored`, the new rows as `[{ id, ord }]` (ord: 1-based index into
 * `rows`; a row stored before, or the second copy of the same bytes in `rows`, is absent: the caller
 * looks it up with {@link findStoredInbound}).
 */
export function storeReceipt(
  rows: readonly InboundValues[],
  queues: readonly string[],
  checkpoint?: { mailbox: string; uidvalidity: number; lastUid: number; at: Date },
): Statement {
  return {
    text: `/* receipt */ WITH input AS (
        SELECT * FROM unnest($1::bytea[], $2::timestamptz[], $3::text[], $4::text[], $5::bigint[], $6::bigint[], $7::text[], $8::text[], $9::jsonb[], $10::text[])
          WITH ORDINALITY AS x(raw, received_at, source, mailbox, uidvalidity, uid, message_id, role, envelope, queue, ord)
      ), ins AS (
        INSERT INTO inbound_messages (raw, received_at, source, mailbox, uidvalidity, uid, message_id, role, envelope)
        SELECT raw, received_at, source, mailbox, uidvalidity, uid, message_id, role, envelope FROM input ORDER BY ord
        ON CONFLICT DO NOTHING
        RETURNING id, source, mailbox, uidvalidity, uid, sha256
      ), matched AS (
        SELECT DISTINCT ON (ins.id) ins.id, i.ord, i.queue
          FROM ins JOIN input i
            ON CASE WHEN ins.uid IS NOT NULL THEN i.mailbox = ins.mailbox AND i.uidvalidity = ins.uidvalidity AND i.uid = ins.uid
                    ELSE i.uid IS NULL AND i.source = ins.source AND coalesce(i.mailbox, '') = coalesce(ins.mailbox, '') AND encode(sha256(i.raw), 'hex') = ins.sha256 END
         ORDER BY ins.id, i.ord
      ), checkpoint AS (
        INSERT INTO mailbox_checkpoints (mailbox, uidvalidity, last_uid, updated_at)
        SELECT $12::text, $13::bigint, $14::bigint, $15::timestamptz WHERE $12::text IS NOT NULL
        ON CONFLICT (mailbox) DO UPDATE SET uidvalidity = excluded.uidvalidity, last_uid = excluded.last_uid, updated_at = excluded.updated_at
         WHERE mailbox_checkpoints.uidvalidity <> excluded.uidvalidity OR mailbox_checkpoints.last_uid < excluded.last_uid
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM graphile_worker.add_jobs(ARRAY(
                SELECT ROW('decide-message', json_build_object('inboundId', m.id), m.queue, now() + m.ord * interval '1 microsecond',
                           $11::int, 'decide:' || m.id, NULL, NULL)::graphile_worker.job_spec
                  FROM matched m ORDER BY m.ord))) AS jobs,
             (SELECT coalesce(json_agg(json_build_object('id', m.id, 'ord', m.ord) ORDER BY m.ord), '[]') FROM matched m) AS stored,
             (SELECT count(*) FROM checkpoint) AS checkpoints`,
    values: [
      rows.map((r) => r.raw), rows.map((r) => r.receivedAt), rows.map((r) => r.source), rows.map((r) => r.mailbox), rows.map((r) => r.uidvalidity),
      rows.map((r) => r.uid), rows.map((r) => r.messageId), rows.map((r) => r.role), rows.map((r) => (r.envelope ? JSON.stringify(r.envelope) : null)),
      queues, DECIDE_JOB_MAX_ATTEMPTS,
      checkpoint?.mailbox ?? null, checkpoint?.uidvalidity ?? null, checkpoint?.lastUid ?? null, checkpoint?.at ?? null,
    ],
  };
}
