/**
 * A short-lived cache in front of the DNS lookups that authenticate a sender (DKIM keys, SPF and
 * DMARC records), shaped like `dns.promises.resolve` as mailauth calls it.
 *
 * mailauth keeps no cache: every message asks again for its From domain's SPF and DMARC records and
 * its signature's key, two to four queries over UDP for what a deadline's hundreds of sets from one
 * domain all share. A lost datagram costs the resolver's retry (one second with c-ares' defaults): on
 * this project's test machine one query in forty went unanswered, so one decision in fifteen waited a
 * second, and `mailjudge reproduce`, which decides every message of an event again one after the
 * other, spent two thirds of its time waiting (issue 30). A minute is far below the hours DMARC and
 * DKIM records are published for, and a change of a domain's policy still takes effect within it.
 *
 * Cached: answers, and the two answers that a name or record does not exist (`ENOTFOUND`,
 * `ENODATA`), which is what most player domains answer for `_dmarc` and DKIM selectors they do not
 * publish. Not cached: timeouts and server failures (the next message asks again). Concurrent asks
 * for the same name and type share one query. The clock is a parameter.
 */
export type Resolve = (name: string, rrtype: string) => Promise<unknown>;

export interface DnsCacheOptions {
  /** How long an answer is used, ms (default one minute). */
  readonly ttlMs?: number;
  /** At most this many names and types are kept; the oldest go first (default 10,000). */
  readonly maxEntries?: number;
  readonly now?: () => number;
}

/** The errors that say what the domain publishes (nothing), not that the lookup failed. */
const DEFINITE = new Set(['ENOTFOUND', 'ENODATA']);

export function cachingResolver(resolve: Resolve, options: DnsCacheOptions = {}): Resolve {
  const ttlMs = options.ttlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const answers = new Map<string, { until: number; answer: Promise<unknown> }>();
  const inFlight = new Map<string, Promise<unknown>>();
  const keep = (key: string, answer: Promise<unknown>) => {
    answers.delete(key); // re-inserted last: the Map's order is the order of expiry
    answers.set(key, { until: now() + ttlMs, answer });
    if (answers.size > maxEntries) answers.delete(answers.keys().next().value!);
  };
  return (name, rrtype) => {
    const key = `${rrtype} ${name.toLowerCase()}`;
    // Each asker gets its own copy: the caller may change what it was given.
    const hit = answers.get(key);
    if (hit && hit.until > now()) return hit.answer.then((v) => structuredClone(v));
    const pending = inFlight.get(key);
    if (pending) return pending.then((v) => structuredClone(v));
    const asked = resolve(name, rrtype).then(
      (value) => {
        keep(key, Promise.resolve(value)); // never handed out itself: every asker gets a copy
        return value;
      },
      (e: unknown) => {
        if (DEFINITE.has((e as { code?: string }).code ?? '')) {
          const answer = Promise.reject(e);
          answer.catch(() => undefined); // held for later asks; not an unhandled rejection meanwhile
          keep(key, answer);
        }
        throw e;
      },
    ).finally(() => inFlight.delete(key));
    inFlight.set(key, asked);
    return asked.then((v) => structuredClone(v));
  };
}
