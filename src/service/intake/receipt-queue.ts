/**
 * Which decision queue a message goes to at receipt (store-message.ts), read from its header only:
 * `game:<id>` for the game its To/Cc, a subject tag or a player's reply address names, else
 * `intake:confirm` / `intake:other`. No database driver here: `mailjudge ingest`'s store path
 * (pipe-receipt.ts) and every other source decide it by this same code (docs/startup.md). Pure.
 */
import { parseReplyAddress } from '../../db/reply-address.js';
import { headerFields } from '../../mail/inbound/header-fields.js';
import { gameFromAddresses, normalizeAddress, subjectTags, type GameCandidate } from '../../rules/submission/index.js';

/** Addresses (lower-cased) written in a header value: `a@b`, `Name <a@b>`, groups and lists. Pure. */
export function addressesIn(value: string): string[] {
  return [...value.matchAll(/[^\s<>,;:"()[\]]+@[^\s<>,;:"()[\]]+/g)].map((m) => normalizeAddress(m[0]));
}

/** The recipients (To, Cc) and the subject of a raw message, read from its header only. Pure. */
export function recipientsOf(raw: Buffer): { addresses: string[]; subject: string } {
  const fields = headerFields(raw);
  const addresses = fields.filter((f) => f.name === 'to' || f.name === 'cc').flatMap((f) => addressesIn(f.value));
  return { addresses: [...new Set(addresses)], subject: fields.find((f) => f.name === 'subject')?.value ?? '' };
}

/** What the queues of a batch of messages ask the database: the open games named by any of `addresses` or `tags` (receipt-sql.ts receiptCandidates). */
export interface QueueQuestion {
  readonly read: readonly { readonly addresses: string[]; readonly subject: string }[];
  readonly addresses: string[];
  readonly tags: string[];
}

/** The question of `msgs`; no query is needed when it names no address and no tag. Pure. */
export function queueQuestion(msgs: readonly { readonly raw: Buffer }[]): QueueQuestion {
  const read = msgs.map((m) => recipientsOf(m.raw));
  return { read, addresses: [...new Set(read.flatMap((r) => r.addresses))], tags: [...new Set(read.flatMap((r) => subjectTags(r.subject)))] };
}

/**
 * The queue of each message, from the candidate games the question found: the intake's own addressing
 * rule (gameFromAddresses, D.II(2)) per message; a player's reply address names its game. Pure.
 */
export function queuesOf(judgeAddress: string, msgs: readonly { readonly role?: 'game' | 'confirm' | undefined }[], q: QueueQuestion, candidates: readonly GameCandidate[]): string[] {
  return msgs.map((m, i) => {
    const { addresses: named, subject } = q.read[i]!;
    const match = gameFromAddresses(named, subject, candidates);
    if (match.gameId !== undefined) return `game:${match.gameId}`;
    const reply = named.map((a) => parseReplyAddress(judgeAddress, a)).find((r) => r !== undefined);
    return reply ? `game:${reply.gameId}` : m.role === 'confirm' ? 'intake:confirm' : 'intake:other';
  });
}
