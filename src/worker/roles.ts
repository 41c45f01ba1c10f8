/**
 * What one `mailjudge start` process does (issue 29, docs/scaling.md "Roles"): `ingest` reads the
 * mailboxes (while it holds the intake lock) and runs the SMTP listener, storing each message with its
 * decision job; `worker` runs the jobs (decisions, adjudications, sending); `scheduler` runs the
 * periodic work (the calendar tick, the sweep that gives open phases and undecided messages their
 * jobs). `all` is the three. Any number of processes with any roles may share one database.
 */

export type JudgeRole = 'ingest' | 'worker' | 'scheduler';

/** The roles in their canonical order. */
export const JUDGE_ROLES: readonly JudgeRole[] = ['ingest', 'worker', 'scheduler'];

/** The accepted forms, for the help text and error messages. */
export const ROLE_FORMS = 'all, ingest, worker, scheduler, or several joined by commas (ingest,scheduler)';

/** Parse `--role`: `all`, one role, or a comma-separated list. Pure. */
export function parseRoles(text: string): { ok: true; roles: readonly JudgeRole[] } | { ok: false; problem: string } {
  const parts = text.split(',').map((p) => p.trim().toLowerCase()).filter((p) => p !== '');
  if (parts.length === 0) return { ok: false, problem: `--role "${text}": give ${ROLE_FORMS}` };
  const roles = new Set<JudgeRole>();
  for (const p of parts) {
    if (p === 'all') JUDGE_ROLES.forEach((r) => roles.add(r));
    else if ((JUDGE_ROLES as readonly string[]).includes(p)) roles.add(p as JudgeRole);
    else return { ok: false, problem: `--role "${text}": "${p}" is not a role; give ${ROLE_FORMS}` };
  }
  return { ok: true, roles: JUDGE_ROLES.filter((r) => roles.has(r)) };
}

/** `all`, or the roles joined by `+` (for logs and application_name). */
export function roleLabel(roles: readonly JudgeRole[]): string {
  return JUDGE_ROLES.every((r) => roles.includes(r)) ? 'all' : roles.join('+');
}
