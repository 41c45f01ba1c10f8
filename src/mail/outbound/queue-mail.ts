/**
 * Queue one rendered email in the caller's transaction: the outbox row (deduplicated by its key) and,
 * only when the row is new, the `send-mail` job that delivers it. Every mail the judge sends goes
 * through here, so "exactly one copy of each email" rests on one function.
 */
import { enqueueOutbox, outboxMessageId } from '../../db/outbox.js';
import type { Game } from '../../db/games.js';
import type { Db } from '../../db/schema.js';
import { enqueueJob } from '../../db/jobs.js';
import { renderMail } from './render.js';

export interface QueuedMail {
  readonly dedupeKey: string;
  readonly gameId: string | null;
  /** The template under templates/, also the outbox kind. */
  readonly template: string;
  readonly context: object;
  readonly to: string;
  /** Default: the judge's address (the confirmation mailbox answers from its own). */
  readonly from?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Render `mail.template` and queue it; returns the outbox id and whether it was new. */
export async function queueMail(trx: Db, fromAddress: string, mail: QueuedMail): Promise<{ id: number; created: boolean }> {
  const r = renderMail(mail.template, mail.context);
  const domain = fromAddress.split('@')[1] ?? 'localhost';
  const queued = await enqueueOutbox(trx, {
    dedupeKey: mail.dedupeKey,
    gameId: mail.gameId,
    kind: mail.template,
    to: mail.to,
    ...(mail.from ? { fromAddress: mail.from } : {}),
    subject: r.subject,
    bodyText: r.text,
    messageId: outboxMessageId(mail.dedupeKey, domain),
    ...(mail.headers ? { headers: mail.headers } : {}),
  });
  if (queued.created) await enqueueJob(trx, 'send-mail', { outboxId: queued.id }, { jobKey: `send:${queued.id}` });
  return queued;
}

/** What every game email's template reads as `game`. */
export function gameView(game: Pick<Game, 'id' | 'boardName' | 'address'>): { id: string; board: string; address: string } {
  return { id: game.id, board: game.boardName, address: game.address };
}
