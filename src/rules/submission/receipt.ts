/**
 * The receipt time that counts for a message (D.VII(1), D.VII(7)): the judge's own receipt, or the
 * TD's confirmation mailbox's receipt of the same message when that is sooner and the copy names the
 * game's address in To or Cc. Pure.
 */
import { addressedToGame } from './addressing.js';

/** One received copy of a message: the mailbox's receipt instant and the recipients it names. */
export interface MailCopy {
  readonly receivedAt: Date;
  readonly to: readonly string[];
  readonly cc: readonly string[];
}

export interface CountedReceipt {
  readonly receivedAt: Date;
  /** Which copy's time counts. */
  readonly by: 'game' | 'confirm';
}

/**
 * D.VII(1): "Time of submission of orders will be considered to be when the GM receives the orders,
 * or if it is sooner the time that orders are received at the wm-confirm box … provided that all the
 * requirements of [D.VII(7)] have been complied with"; D.VII(7): "Orders received at this address
 * without the GMs correct address in the 'to' or 'cc' line will not be accepted."
 *
 * `confirmCopies` are the confirmation mailbox's copies of the same message (same Message-ID). The
 * earliest one that names `gameAddress` (see {@link addressedToGame}) counts when it is strictly
 * earlier than the game copy; otherwise the game copy's time does.
 */
export function countedReceipt(gameCopy: MailCopy, confirmCopies: readonly MailCopy[], gameAddress: string): CountedReceipt {
  let best: CountedReceipt = { receivedAt: gameCopy.receivedAt, by: 'game' };
  for (const copy of confirmCopies) {
    if (!addressedToGame(copy, gameAddress)) continue;
    if (copy.receivedAt.getTime() < best.receivedAt.getTime()) best = { receivedAt: copy.receivedAt, by: 'confirm' };
  }
  return best;
}
