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
 */

/** Options of {@link groupCommit}. */
export interface GroupCommitOptions {
  /** Messages per transaction at most (default 50, the IMAP source's FETCH batch). */
  readonly maxMessages?: number;
  /** Transactions at once at most (default 1). */
  readonly inFlight?: number;
}

interface Pending<T, R> {
  readonly items: readonly T[];
  readonly resolve: (r: R[]) => void;
  readonly reject: (e: unknown) => void;
}

/**
 * Wrap `store` (which stores its items in one transaction and returns one result per item, in order)
 * so that concurrent calls share a transaction. The wrapper's result for a call is the slice of
 * `store`'s results that belongs to its items.
 */
export function groupCommit<T, R>(store: (items: T[]) => Promise<readonly R[]>, options: GroupCommitOptions = {}): (items: T[]) => Promise<R[]> {
  const maxMessages = Math.max(1, options.maxMessages ?? 50);
  const inFlight = Math.max(1, options.inFlight ?? 1);
  const waiting: Pending<T, R>[] = [];
  let running = 0;

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

  const settle = (group: readonly Pending<T, R>[], results: readonly R[]) => {
    let at = 0;
    for (const p of group) {
      p.resolve(results.slice(at, at + p.items.length));
      at += p.items.length;
    }
  };

  async function run(group: Pending<T, R>[]): Promise<void> {
    const items = group.flatMap((p) => p.items);
    try {
      const results = await store(items);
      if (results.length !== items.length) throw new Error(`group commit: ${results.length} results for ${items.length} messages`);
      settle(group, results);
    } catch (e) {
      if (group.length === 1) return group[0]!.reject(e);
      // One of them may be what the database refused: each alone, in order.
      for (const p of group) {
        try {
          const results = await store([...p.items]);
          settle([p], results);
        } catch (alone) {
          p.reject(alone);
        }
      }
    }
  }

  const pump = () => {
    while (running < inFlight && waiting.length > 0) {
      const group = take();
      running++;
      void run(group).finally(() => {
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
