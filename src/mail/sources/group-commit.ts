/**
 * Group commit for the SMTP listener (issue 29, "batched where it pays"): deliveries that reach the
 * end of DATA while a receipt transaction is committing are stored together in the next one, so ten
 * connections cost one transaction (BEGIN, one INSERT, one queue lookup, one add_jobs, COMMIT) per
 * group instead of one each. Each caller's promise still settles only after the commit that holds its
 * own messages: the listener answers 250 for a message that is durably stored, never before.
 *
 * At most {@link GroupCommitOptions.inFlight} transactions run at once (default 1); a group holds at
 * most {@link GroupCommitOptions.maxMessages} messages (a request is never split: its copies stay in
 * one transaction). When a group's transaction fails and it held more than one request, each request
 * is tried again alone, so one message the database refuses cannot make the others 451: only the
 * requests that fail alone are rejected. Order: requests are stored in the order they arrived.
 *
 * With {@link GroupCommitOptions.prepare} (the decision queues' read, store-message.ts decideQueues) a
 * group is prepared while the previous one commits: a two-stage pipeline, one group preparing at a time
 * and {@link GroupCommitOptions.inFlight} committing, so the read is off the commit's critical path.
 * Prepared groups that wait for the commit are stored together (up to maxMessages), so a group is never
 * smaller for being prepared early; the read is then made per prepared group, which may be more reads
 * than commits. A group whose preparation fails is handled as a failed commit (each request alone).
 */

/** Options of {@link groupCommit}. */
export interface GroupCommitOptions<T, Q> {
  /** Messages per transaction at most (default 50, the IMAP source's FETCH batch). */
  readonly maxMessages?: number;
  /** Transactions at once at most (default 1). */
  readonly inFlight?: number;
  /** What a group needs before its commit (one value per item), worked out while the previous group commits. */
  readonly prepare?: (items: T[]) => Promise<readonly Q[]>;
}

interface Pending<T, R> {
  readonly items: readonly T[];
  readonly resolve: (r: R[]) => void;
  readonly reject: (e: unknown) => void;
}

/** Requests whose preparation is done (`prepared`: one value per item, in order), or failed (`failed`). */
type Prepared<T, R, Q> = { readonly group: Pending<T, R>[]; readonly ok: true; readonly prepared: readonly Q[] } | { readonly group: Pending<T, R>[]; readonly ok: false; readonly failed: unknown };

/**
 * Wrap `store` (which stores its items in one transaction and returns one result per item, in order)
 * so that concurrent calls share a transaction. The wrapper's result for a call is the slice of
 * `store`'s results that belongs to its items. With `options.prepare`, `store` gets each item's
 * prepared value as its second argument (without it, `undefined`s).
 */
export function groupCommit<T, R, Q = undefined>(
  store: (items: T[], prepared: readonly Q[]) => Promise<readonly R[]>,
  options: GroupCommitOptions<T, Q> = {},
): (items: T[]) => Promise<R[]> {
  const maxMessages = Math.max(1, options.maxMessages ?? 50);
  const inFlight = Math.max(1, options.inFlight ?? 1);
  const prepare = options.prepare ?? (async (items: T[]) => items.map(() => undefined as Q));
  const pipelined = options.prepare !== undefined;
  const waiting: Pending<T, R>[] = [];
  const ready: Prepared<T, R, Q>[] = [];
  let preparing = false;
  let running = 0;

  const itemsOf = (group: readonly Pending<T, R>[]): T[] => {
    const items: T[] = [];
    for (const p of group) items.push(...p.items);
    return items;
  };

  /** The next group: requests in arrival order, up to maxMessages items (the first always). */
  const take = (): Pending<T, R>[] => {
    const group = [waiting.shift()!];
    let n = group[0]!.items.length;
    while (waiting.length > 0 && n + waiting[0]!.items.length <= maxMessages) {
      n += waiting[0]!.items.length;
      group.push(waiting.shift()!);
    }
    return group;
  };

  /** The next commit: the first prepared group with those prepared after it, up to maxMessages items (a failed one alone). */
  const takeReady = (): Prepared<T, R, Q> => {
    const first = ready.shift()!;
    if (!first.ok) return first;
    const group = [...first.group];
    const prepared = [...first.prepared];
    for (let next = ready[0]; next?.ok && prepared.length + next.prepared.length <= maxMessages; next = ready[0]) {
      ready.shift();
      group.push(...next.group);
      prepared.push(...next.prepared);
    }
    return { group, ok: true, prepared };
  };

  const settle = (group: readonly Pending<T, R>[], results: readonly R[]) => {
    let at = 0;
    for (const p of group) {
      p.resolve(results.slice(at, at + p.items.length));
      at += p.items.length;
    }
  };

  /** Prepare and store `items` in one go (a request alone, or a group without pipelining). */
  const prepareAndStore = async (items: T[]): Promise<readonly R[]> => {
    const prepared = await prepare(items);
    const results = await store(items, prepared);
    if (results.length !== items.length) throw new Error(`group commit: ${results.length} results for ${items.length} messages`);
    return results;
  };

  async function commit(next: Prepared<T, R, Q>): Promise<void> {
    const { group } = next;
    try {
      if (!next.ok) throw next.failed;
      const items = itemsOf(group);
      const results = await store(items, next.prepared);
      if (results.length !== items.length) throw new Error(`group commit: ${results.length} results for ${items.length} messages`);
      settle(group, results);
    } catch (e) {
      if (group.length === 1) return group[0]!.reject(e);
      // One of them may be what the database refused: each alone, in order.
      for (const p of group) {
        try {
          settle([p], await prepareAndStore([...p.items]));
        } catch (alone) {
          p.reject(alone);
        }
      }
    }
  }

  const pump = () => {
    if (!pipelined) {
      // Without a preparation: each group is taken when a commit may start, so it holds all that waited.
      while (running < inFlight && waiting.length > 0) {
        const group = take();
        running++;
        void prepare(itemsOf(group))
          .then((prepared) => commit({ group, ok: true, prepared }), (failed: unknown) => commit({ group, ok: false, failed }))
          .finally(() => {
            running--;
            pump();
          });
      }
      return;
    }
    if (!preparing && waiting.length > 0) {
      const group = take();
      preparing = true;
      void prepare(itemsOf(group)).then(
        (prepared) => void ready.push({ group, ok: true, prepared }),
        (failed: unknown) => void ready.push({ group, ok: false, failed }),
      ).finally(() => {
        preparing = false;
        pump();
      });
    }
    while (running < inFlight && ready.length > 0) {
      running++;
      void commit(takeReady()).finally(() => {
        running--;
        pump();
      });
    }
  };

  return (items) =>
    new Promise<R[]>((resolve, reject) => {
      waiting.push({ items, resolve, reject });
      pump();
    });
}
