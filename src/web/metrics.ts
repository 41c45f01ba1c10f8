/**
 * `/metrics` (Prometheus text format, prom-client) and `/healthz` (issue 31). The totals that live in
 * the database — messages received, decided by outcome, refused by reason; adjudications; mails sent
 * and failed; the job queue's depth — are read from it at each scrape, so every judge process on one
 * database reports the same numbers and a restart loses none. What only this process sees (the time
 * adjudications took, IMAP reconnects, each mailbox's last successful poll) is in src/config/metrics.ts.
 */
import { sql } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import { mailboxPolls, registry } from '../config/metrics.js';
import type { Db } from '../db/schema.js';

let current: Db | undefined;
let made = false;

/** Counts are totals since the database began: exposed as gauges set at each scrape (a counter cannot be set). */
function register(reg: Registry): void {
  if (made) return;
  made = true;
  const gauge = (name: string, help: string, labelNames: string[], collect: (g: Gauge<string>, db: Db) => Promise<void>) =>
    new Gauge({
      name, help, labelNames, registers: [reg],
      async collect() {
        if (!current) return;
        this.reset();
        await collect(this, current);
      },
    });
  gauge('mailjudge_messages_received', 'Messages stored (raw, before anything read them), by mailbox role', ['role'], async (g, db) => {
    for (const r of await db.selectFrom('inbound_messages').select(['role', db.fn.countAll<string>().as('n')]).groupBy('role').execute()) g.set({ role: r.role }, Number(r.n));
  });
  gauge('mailjudge_messages_decided', 'Messages decided, by outcome (accepted, refused, late, command, quarantined, …)', ['outcome'], async (g, db) => {
    for (const r of await db.selectFrom('inbound_decisions').select(['outcome', db.fn.countAll<string>().as('n')]).groupBy('outcome').execute()) g.set({ outcome: r.outcome }, Number(r.n));
  });
  gauge('mailjudge_messages_refused', 'Messages refused, late or quarantined, by reason (the first 60 characters)', ['reason'], async (g, db) => {
    const rows = await db.selectFrom('inbound_decisions')
      .select([sql<string>`left(coalesce(reason, '(none)'), 60)`.as('reason'), db.fn.countAll<string>().as('n')])
      .where('outcome', 'in', ['refused', 'late', 'quarantined']).groupBy(sql`left(coalesce(reason, '(none)'), 60)`).execute();
    for (const r of rows) g.set({ reason: r.reason }, Number(r.n));
  });
  gauge('mailjudge_messages_undecided', 'Messages stored and not yet decided', [], async (g, db) => {
    const r = await db.selectFrom('inbound_messages as m').leftJoin('inbound_decisions as d', 'd.inbound_message_id', 'm.id').select(db.fn.countAll<string>().as('n')).where('d.inbound_message_id', 'is', null).executeTakeFirst();
    g.set(Number(r?.n ?? 0));
  });
  gauge('mailjudge_adjudications', 'Phases adjudicated (every game, every generation)', [], async (g, db) => {
    const r = await db.selectFrom('phases').select(db.fn.countAll<string>().as('n')).where('adjudicated_at', 'is not', null).executeTakeFirst();
    g.set(Number(r?.n ?? 0));
  });
  gauge('mailjudge_mails', 'Mails in the outbox, by status (sent, pending, failed)', ['status'], async (g, db) => {
    for (const r of await db.selectFrom('outbox').select(['status', db.fn.countAll<string>().as('n')]).groupBy('status').execute()) g.set({ status: r.status }, Number(r.n));
  });
  gauge('mailjudge_job_queue_depth', 'Jobs waiting in the queue (graphile-worker), by task', ['task'], async (g, db) => {
    for (const r of await queueDepth(db)) g.set({ task: r.task }, r.n);
  });
}

/** Jobs not yet done, by task; empty when the queue's schema is not there yet. */
export async function queueDepth(db: Db): Promise<{ task: string; n: number }[]> {
  try {
    const r = await sql<{ task: string; n: string }>`SELECT task_identifier AS task, count(*) AS n FROM graphile_worker.jobs GROUP BY task_identifier`.execute(db);
    return r.rows.map((x) => ({ task: x.task, n: Number(x.n) }));
  } catch {
    return [];
  }
}

/** The Prometheus text of every metric, the database's read now. */
export async function metricsText(db: Db): Promise<{ contentType: string; text: string }> {
  register(registry);
  current = db;
  return { contentType: registry.contentType, text: await registry.metrics() };
}

export interface Health {
  readonly ok: boolean;
  readonly database: { readonly ok: boolean; readonly error?: string };
  readonly mailboxes: readonly { readonly name: string; readonly lastPoll: string | null; readonly lastMessageStored: string | null }[];
  readonly queue: { readonly waiting: number };
  readonly outbox: { readonly pending: number; readonly failed: number };
}

/** `/healthz`: the database reachable, each mailbox's last successful poll, the queue's backlog. */
export async function health(db: Db, mailboxNames: readonly string[]): Promise<Health> {
  try {
    await sql`SELECT 1`.execute(db);
  } catch (e) {
    return { ok: false, database: { ok: false, error: (e as Error).message }, mailboxes: [], queue: { waiting: 0 }, outbox: { pending: 0, failed: 0 } };
  }
  const checkpoints = await db.selectFrom('mailbox_checkpoints').select(['mailbox', 'updated_at']).execute();
  const polls = mailboxPolls();
  const names = [...new Set([...mailboxNames, ...polls.keys()])];
  const outbox = await db.selectFrom('outbox').select(['status', db.fn.countAll<string>().as('n')]).where('status', 'in', ['pending', 'failed']).groupBy('status').execute();
  const waiting = (await queueDepth(db)).reduce((a, b) => a + b.n, 0);
  return {
    ok: true,
    database: { ok: true },
    mailboxes: names.map((name) => ({ name, lastPoll: polls.get(name)?.toISOString() ?? null, lastMessageStored: checkpoints.find((c) => c.mailbox === name)?.updated_at.toISOString() ?? null })),
    queue: { waiting },
    outbox: { pending: Number(outbox.find((o) => o.status === 'pending')?.n ?? 0), failed: Number(outbox.find((o) => o.status === 'failed')?.n ?? 0) },
  };
}
