/**
 * The SMTP listener's RCPT TO question (issue 29): which role, if any, a recipient address has here —
 * the TD's confirmation address, a game's address, or a player's reply address of a game
 * (judge+<game>.<token>@…, issue 16); `undefined` is refused with 550 at RCPT time (no bounce later).
 *
 * A found answer is remembered for {@link RECIPIENT_CACHE_MS}, so the recipients of a burst of mail
 * (seven players of a board ordering before its deadline) cost one lookup, not one statement on the
 * critical path of every message; concurrent questions about the same address share one lookup.
 * What the window means: a game's address, once found, is accepted for up to the window after it
 * stopped naming a game. The judge itself never changes or deletes a game's address (games.ts has no
 * such statement; a finished game keeps its address, which still answers its people), so only a hand
 * edit of the database retires one; a message taken in that window is stored and decided as one that
 * names no game (refused, answered only to a registered or authenticated sender: no backscatter), as a
 * message whose RCPT came a moment before the edit is today. A refusal is never remembered: a game
 * created a moment ago is accepted at once (a remembered 550 would bounce its players' first orders),
 * and a failed lookup (451) is asked again by the next delivery.
 */
import { findGame, findGameByAddress } from '../../db/games.js';
import { parseReplyAddress } from '../../db/reply-address.js';
import type { Db } from '../../db/schema.js';
import type { InboundRole } from './smtp-listener.js';

/** How long a found recipient is remembered (ms). */
export const RECIPIENT_CACHE_MS = 10_000;
/** At most this many remembered recipients (the oldest answer goes first). */
export const RECIPIENT_CACHE_ENTRIES = 10_000;

/** Options of {@link recipientRoles}. */
export interface RecipientRolesOptions {
  /** How long a found recipient is remembered (ms; default {@link RECIPIENT_CACHE_MS}; 0: not at all). */
  readonly ttlMs?: number;
  /** Remembered recipients at most (default {@link RECIPIENT_CACHE_ENTRIES}). */
  readonly maxEntries?: number;
  /** A monotonic clock in ms (default `performance.now`). */
  readonly now?: () => number;
}

/**
 * The role of a (lower-cased) recipient address: `confirm` for `confirmAddress`, `game` for a game's
 * address or a player's reply address of an existing game (`fromAddress` is the judge's own, whose
 * subaddresses reply addresses are), else `undefined`. Rejects when the database cannot be asked.
 */
export function recipientRoles(
  db: Db,
  addresses: { readonly confirmAddress?: string | undefined; readonly fromAddress?: string | undefined },
  options: RecipientRolesOptions = {},
): (address: string) => Promise<InboundRole | undefined> {
  const confirm = addresses.confirmAddress?.toLowerCase();
  const ttlMs = options.ttlMs ?? RECIPIENT_CACHE_MS;
  const maxEntries = Math.max(1, options.maxEntries ?? RECIPIENT_CACHE_ENTRIES);
  const now = options.now ?? (() => performance.now());
  /** Found roles and when each stops being trusted; Map order is insertion order, so the first is the oldest. */
  const found = new Map<string, { role: InboundRole; until: number }>();
  const asking = new Map<string, Promise<InboundRole | undefined>>();

  const lookUp = async (address: string): Promise<InboundRole | undefined> => {
    if (await findGameByAddress(db, address)) return 'game';
    const reply = addresses.fromAddress ? parseReplyAddress(addresses.fromAddress, address) : undefined;
    return reply && (await findGame(db, reply.gameId)) ? 'game' : undefined;
  };

  return (address) => {
    if (address === confirm) return Promise.resolve('confirm');
    const known = found.get(address);
    if (known && known.until > now()) return Promise.resolve(known.role);
    const pending = asking.get(address);
    if (pending) return pending;
    const answer = lookUp(address).then(
      (role) => {
        asking.delete(address);
        found.delete(address);
        if (role && ttlMs > 0) {
          if (found.size >= maxEntries) found.delete(found.keys().next().value!);
          found.set(address, { role, until: now() + ttlMs });
        }
        return role;
      },
      (e: unknown) => {
        asking.delete(address);
        throw e;
      },
    );
    asking.set(address, answer);
    return answer;
  };
}
