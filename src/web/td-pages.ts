/**
 * The TD's pages (issue 31): the audit of `mailjudge audit` (every copy of a power's mail in both
 * mailboxes, receipt times to the second, hashes, identity evidence, the decision, the set that
 * counted, the chain's verification), the outbox with its failures, and the quarantine.
 */
import type { Db } from '../db/schema.js';
import { runAudit } from '../service/audit-report.js';
import { runQuarantine } from '../service/quarantine-report.js';

const gmt = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} GMT`;

export async function auditPage(db: Db, game: string, power: string, phase?: string): Promise<{ ok: false; problems: string[] } | { ok: true; context: object }> {
  const r = await runAudit(db, { game, power, ...(phase ? { phase } : {}) });
  if (!r.ok) return r;
  const json = r.json as {
    receipts: { identity: unknown; mailbox: string }[];
    integrity: { verified: boolean };
  };
  return {
    ok: true,
    context: {
      ...json,
      receipts: json.receipts.map((x) => {
        const id = (x.identity ?? {}) as { method?: string; code?: string; header?: string };
        return { ...x, confirm: x.mailbox === 'confirm', identityMethod: id.method ?? (id.code ? `refused (${id.code})` : undefined), identityHeader: id.header };
      }),
      text: r.text,
    },
  };
}

export async function outboxPage(db: Db): Promise<object> {
  const counts = await db.selectFrom('outbox').select(['status', db.fn.countAll<string>().as('n')]).groupBy('status').execute();
  const failed = await db.selectFrom('outbox').select(['id', 'game_id', 'kind', 'to_address', 'subject', 'attempts', 'last_error', 'created_at']).where('status', '=', 'failed').orderBy('id', 'desc').limit(200).execute();
  const pending = await db.selectFrom('outbox').select(['id', 'game_id', 'kind', 'to_address', 'subject', 'attempts', 'last_error', 'created_at']).where('status', '=', 'pending').orderBy('id').limit(200).execute();
  const row = (m: (typeof failed)[number]) => ({ id: m.id, game: m.game_id, kind: m.kind, to: m.to_address, subject: m.subject, attempts: m.attempts, error: m.last_error, at: gmt(m.created_at) });
  const n = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  return { sent: n('sent'), pendingCount: n('pending'), failedCount: n('failed'), failed: failed.map(row), pending: pending.map(row) };
}

export async function quarantinePage(db: Db): Promise<object> {
  const r = await runQuarantine(db, {});
  const json = (r.ok ? r.json : { quarantined: [], undecided: [] }) as { quarantined: { receivedAt: string }[]; undecided: { receivedAt: string; nextAttemptAt: string | null }[] };
  return {
    quarantined: json.quarantined.map((q) => ({ ...q, receivedAt: gmt(new Date(q.receivedAt)) })),
    undecided: json.undecided.map((u) => ({ ...u, receivedAt: gmt(new Date(u.receivedAt)), nextAttemptAt: u.nextAttemptAt ? gmt(new Date(u.nextAttemptAt)) : null })),
  };
}
