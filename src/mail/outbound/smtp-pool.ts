/**
 * The outgoing SMTP connection pool's settings and the pace per destination domain (issue 29: a
 * deadline's result mails go out over a few long-lived connections, never faster than a bounded rate
 * to any one domain). The settings ride in the smarthost URL's query, so one setting
 * (MAILJUDGE_SMTP_URL, or `smtp.url` in the config file) says where and how fast:
 *
 *   smtp://judge@relay.example.org:587?maxConnections=5&maxMessages=100&ratePerDomain=50
 *
 * - `maxConnections` (default 5): connections open at once to the smarthost, per judge process;
 * - `maxMessages` (default 100): messages sent over one connection before it is renewed;
 * - `ratePerDomain` (default 50): messages per second to one recipient domain, per judge process
 *   (`0`: no limit). Mails to a domain at its limit wait their turn in the sending job;
 * - `pool=false` sends each mail over a connection of its own (nodemailer's unpooled transport).
 *
 * Any other query parameter is nodemailer's own (`?secure=true`, `?ignoreTLS=true`, …) and passes through.
 */

export const DEFAULT_SMTP_MAX_CONNECTIONS = 5;
export const DEFAULT_SMTP_MAX_MESSAGES = 100;
export const DEFAULT_SMTP_RATE_PER_DOMAIN = 50;

export interface SmtpPoolSettings {
  /** The URL nodemailer gets: ours without the settings below. */
  readonly url: string;
  readonly pool: boolean;
  readonly maxConnections: number;
  readonly maxMessages: number;
  /** Messages per second to one recipient domain (0: unlimited). */
  readonly ratePerDomain: number;
}

function count(value: string | null, name: string, fallback: number, min: number): number {
  if (value === null) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`the SMTP URL's ${name}=${value} must be a whole number of at least ${min}`);
  return n;
}

/** The pool settings of a smarthost URL (see the module comment). Pure; throws on a malformed setting. */
export function smtpPoolSettings(smtpUrl: string): SmtpPoolSettings {
  const u = new URL(smtpUrl);
  const q = u.searchParams;
  const settings = {
    pool: q.get('pool') !== 'false',
    maxConnections: count(q.get('maxConnections'), 'maxConnections', DEFAULT_SMTP_MAX_CONNECTIONS, 1),
    maxMessages: count(q.get('maxMessages'), 'maxMessages', DEFAULT_SMTP_MAX_MESSAGES, 1),
    ratePerDomain: count(q.get('ratePerDomain'), 'ratePerDomain', DEFAULT_SMTP_RATE_PER_DOMAIN, 0),
  };
  for (const k of ['pool', 'maxConnections', 'maxMessages', 'ratePerDomain']) q.delete(k);
  return { url: u.toString(), ...settings };
}

/** The domain of an address, lower case (`Ann@X.Org` → `x.org`). Pure. */
export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/**
 * Messages to each domain spaced at least 1/`ratePerSecond` apart: `take(domain)` resolves when the
 * next message to `domain` may go. `now` and `sleep` are parameters (tests use a clock of their own).
 */
export function domainPacer(ratePerSecond: number, clock: { now: () => number; sleep: (ms: number) => Promise<void> } = { now: () => Date.now(), sleep: (ms) => new Promise((r) => setTimeout(r, ms)) }): { take(domain: string): Promise<void> } {
  const nextFree = new Map<string, number>();
  const gap = ratePerSecond > 0 ? 1000 / ratePerSecond : 0;
  return {
    async take(domain) {
      if (gap === 0) return;
      const t = clock.now();
      const slot = Math.max(t, nextFree.get(domain) ?? 0);
      nextFree.set(domain, slot + gap);
      // Forget domains idle for a while, so the map stays as small as the set of busy domains.
      if (nextFree.size > 1000) for (const [d, free] of nextFree) if (free < t) nextFree.delete(d);
      if (slot > t) await clock.sleep(slot - t);
    },
  };
}
