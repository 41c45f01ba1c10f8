/**
 * Which mailboxes Dovecot has delivered to (issue 30, stop 44), from its own log: every LMTP delivery
 * writes a line `lmtp(<user>)<pid><session>: Info: msgid=<…>: saved mail to INBOX` (Dovecot's default
 * info logging; the private servers' `log_path`, test/helpers/mail-servers-process.ts). The players'
 * reader (mailbox-reader.ts) reads the log's new lines each pass and asks `STATUS` only of those
 * mailboxes, where it asked every mailbox every pass before: a hint of where to look, like the push a
 * mail client gets (IDLE, NOTIFY), not a way round IMAP, since the mail is still read over IMAP and
 * a full sweep of every mailbox still runs every few seconds in case a line is missed.
 */
import { closeSync, fstatSync, openSync, readSync, statSync } from 'node:fs';

const SAVED = /\blmtp\(([^)\s]+)\)\S*: Info: (?:.*: )?saved mail to /;

/** The users of the delivery lines in `text` (whole lines), in order, lower case, one entry per delivery. */
export function deliveriesIn(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const m = SAVED.exec(line);
    if (m) out.push(m[1]!.toLowerCase());
  }
  return out;
}

/** Follows a log file from its current end (or its start): each `read` gives the deliveries logged since the last. */
export class DeliveryLog {
  private offset: number;
  private partial = '';
  /** Lines read and bytes read, for the summary. */
  readonly counts = { reads: 0, bytes: 0, deliveries: 0 };

  constructor(private readonly path: string, fromStart = false) {
    this.offset = fromStart ? 0 : DeliveryLog.size(path);
  }

  private static size(path: string): number {
    try {
      return statSync(path).size;
    } catch {
      return 0;
    }
  }

  /** The deliveries logged since the last read (a line cut in the middle waits for its end). */
  read(): string[] {
    let fd: number;
    try {
      fd = openSync(this.path, 'r');
    } catch {
      return [];
    }
    const chunks: Buffer[] = [];
    try {
      const size = fstatSync(fd).size;
      if (size < this.offset) { this.offset = 0; this.partial = ''; } // truncated: from its start
      while (this.offset < size) {
        const buf = Buffer.allocUnsafe(Math.min(1 << 20, size - this.offset));
        const n = readSync(fd, buf, 0, buf.length, this.offset);
        if (n <= 0) break;
        chunks.push(buf.subarray(0, n));
        this.offset += n;
      }
    } finally {
      closeSync(fd);
    }
    this.counts.reads++;
    if (chunks.length === 0) return [];
    const text = this.partial + Buffer.concat(chunks).toString('utf8');
    this.counts.bytes += text.length - this.partial.length;
    const end = text.lastIndexOf('\n');
    this.partial = text.slice(end + 1);
    const found = deliveriesIn(text.slice(0, end + 1));
    this.counts.deliveries += found.length;
    return found;
  }
}
