/**
 * One owner per stored message while it is being decided (issue 20). After a restart two paths of
 * the same process may reach the same undecided message at once: the retry sweep and the IMAP
 * resync (or an MTA's retried delivery). The first to claim it decides it; the other is told it is
 * taken and reports a duplicate, with no error and no second attempt.
 *
 * Claims are per database handle, in process memory. Between processes (a second `mailjudge start`,
 * a `mailjudge ingest` run by the MTA) the decision's primary key settles it: every handler writes
 * its effects and its decision in one transaction, so the loser's transaction rolls back whole and
 * is reported as a duplicate too ({@link isDecisionConflict}).
 */
import type { Db } from '../../db/schema.js';

const claims = new WeakMap<object, Set<number>>();

/** Claim message `inboundId` of database `db`: the release function, or `undefined` when another path holds it. */
export function claimDecision(db: Db, inboundId: number): (() => void) | undefined {
  let held = claims.get(db);
  if (!held) claims.set(db, (held = new Set()));
  if (held.has(inboundId)) return undefined;
  held.add(inboundId);
  return () => void held.delete(inboundId);
}

/** Whether `e` is the decision's primary key refusing a second decision on one message. Pure. */
export function isDecisionConflict(e: unknown): boolean {
  const err = e as { code?: unknown; constraint?: unknown } | null;
  return typeof err === 'object' && err !== null && err.code === '23505' && err.constraint === 'inbound_decisions_pkey';
}
