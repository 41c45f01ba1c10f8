/**
 * The GM's digest (a template context): for every power whether it has ordered, its latest set's time,
 * pending extension requests and absences; how many votes are pending (never their content, D.IX(2))
 * and which proposals, by their votes not all being in, hold up an early adjudication (never whose vote);
 * refused messages (never the author of gray or dark-gray press, D.X(2), and only "refused press" for
 * press whose colour is unknown); impersonation alarms (D.X(6)); the next deadline in GMT and the GM's
 * zone. Plain data, no I/O. Pure.
 */
import { formatPhase, type Phase, type Power } from '../index.js';
import type { PressKind } from '../conduct/press.js';
import { formatDeadlineForRecipients, formatGmt, type DeadlineLine } from '../../rules/calendar/format-deadline.js';
import type { OrderStatus } from './reminders.js';
import { DAY, HOUR, MINUTE } from '../../rules/calendar/time.js';

export interface DigestPower {
  readonly power: Power;
  readonly status: OrderStatus;
  readonly cd?: boolean;
  readonly lastSetAt?: Date;
  readonly extensionRequests?: readonly { readonly at: Date; readonly hours: number; readonly pending: boolean }[];
  readonly absences?: readonly { readonly from: Date; readonly to: Date; readonly note?: string }[];
}

export interface RefusedMessage {
  readonly at: Date;
  readonly kind: 'orders' | 'press' | 'vote' | 'extension' | 'other';
  /** The sender as known to the judge; dropped for press that is not white. */
  readonly from?: string;
  readonly pressKind?: PressKind;
  readonly reason: string;
}

export interface ImpersonationAlarm {
  readonly at: Date;
  /** The address the message came from. */
  readonly from: string;
  readonly claimedPower?: Power;
  readonly detail: string;
}

export interface DigestInput {
  readonly phase: Phase;
  readonly now: Date;
  readonly nextDeadline: Date;
  /** The GM's zone, for the local deadline line. */
  readonly zone?: string;
  readonly powers: readonly DigestPower[];
  /** How many proposals await votes — a number only: the digest never shows votes (D.IX(2)). */
  readonly votesPending: number;
  /**
   * The proposals due with this deadline on which some remaining player has not voted: they hold up
   * an early adjudication (D.VII(2), D.IX(2)). Described only — never whose vote is missing, or how
   * anyone voted.
   */
  readonly votesOutstanding?: readonly string[];
  readonly refused: readonly RefusedMessage[];
  readonly alarms: readonly ImpersonationAlarm[];
}

export interface Digest {
  readonly phase: string;
  readonly generatedAt: string;
  readonly nextDeadline: readonly DeadlineLine[];
  readonly timeLeft: string;
  readonly counts: { readonly final: number; readonly preliminary: number; readonly missing: number; readonly civilDisorder: number };
  readonly powers: readonly {
    readonly power: Power;
    readonly status: OrderStatus | 'civil disorder';
    readonly label: string;
    readonly lastSet?: string;
    readonly pendingExtensions: readonly { readonly askedAt: string; readonly hours: number }[];
    readonly absences: readonly { readonly from: string; readonly to: string; readonly note?: string }[];
  }[];
  readonly votesPending: number;
  /** What holds up an early adjudication on the votes' side (see {@link DigestInput.votesOutstanding}). */
  readonly earlyWaitsForVotes: { readonly proposals: readonly string[]; readonly allFinal: boolean } | null;
  readonly refused: readonly { readonly at: string; readonly kind: RefusedMessage['kind']; readonly from?: string; readonly reason: string }[];
  readonly alarms: readonly { readonly at: string; readonly from: string; readonly claimedPower?: Power; readonly detail: string }[];
}

const LABELS = { final: 'Final', preliminary: 'preliminary only', missing: 'no orders', 'civil disorder': 'civil disorder' } as const;

/** `2 days 4 hours`, `3 hours 20 minutes`, `passed`. */
export function formatTimeLeft(ms: number): string {
  if (ms <= 0) return 'passed';
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  if (days > 0) return `${plural(days, 'day')} ${plural(hours, 'hour')}`;
  if (hours > 0) return `${plural(hours, 'hour')} ${plural(minutes, 'minute')}`;
  return plural(Math.max(1, minutes), 'minute');
}

/** Build the digest; the result holds only what the GM may see. */
export function digestFor(input: DigestInput): Digest {
  const now = input.now.getTime();
  const powers = input.powers.map((p) => {
    const status = p.cd && p.status === 'missing' ? ('civil disorder' as const) : p.status;
    return {
      power: p.power,
      status,
      label: LABELS[status],
      ...(p.lastSetAt ? { lastSet: formatGmt(p.lastSetAt) } : {}),
      pendingExtensions: (p.extensionRequests ?? []).filter((r) => r.pending).map((r) => ({ askedAt: formatGmt(r.at), hours: r.hours })),
      absences: (p.absences ?? []).filter((a) => a.to.getTime() > now).map((a) => ({ from: formatGmt(a.from), to: formatGmt(a.to), ...(a.note ? { note: a.note } : {}) })),
    };
  });
  const count = (s: string) => powers.filter((p) => p.status === s).length;
  return {
    phase: formatPhase(input.phase),
    generatedAt: formatGmt(input.now),
    nextDeadline: formatDeadlineForRecipients(input.nextDeadline, input.zone ? [input.zone] : []),
    timeLeft: formatTimeLeft(input.nextDeadline.getTime() - now),
    counts: { final: count('final'), preliminary: count('preliminary'), missing: count('missing'), civilDisorder: count('civil disorder') },
    powers,
    votesPending: input.votesPending,
    earlyWaitsForVotes: input.votesOutstanding && input.votesOutstanding.length > 0 ? { proposals: [...input.votesOutstanding], allFinal: powers.length > 0 && powers.every((p) => p.status === 'final') } : null,
    refused: input.refused.map((r) => {
      // D.X(2): "Authorship of gray or dark gray will never be revealed by the GM" — nor to the GM.
      const showFrom = r.from !== undefined && (r.kind !== 'press' || r.pressKind === 'white');
      return { at: formatGmt(r.at), kind: r.kind, ...(showFrom ? { from: r.from } : {}), reason: r.reason };
    }),
    alarms: input.alarms.map((a) => ({ at: formatGmt(a.at), from: a.from, ...(a.claimedPower ? { claimedPower: a.claimedPower } : {}), detail: a.detail })),
  };
}
