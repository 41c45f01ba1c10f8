/**
 * The scripted players' mail reader (issue 30: "the players' side scales"). The players' mail stays in
 * each player's own Dovecot mailbox, delivered there by Postfix; instead of one IMAP connection per
 * player (1,029 at `--full`: 1,029 Dovecot `imap` processes), a bounded pool of connections reads
 * every mailbox through Dovecot's shared namespace (`shared/<address>/INBOX`,
 * test/helpers/mail-servers-process.ts `sharedMailboxes`), with imapflow:
 *
 * - a read pass splits the mailboxes over the connections; each connection asks `STATUS (UIDNEXT)` of
 *   its mailboxes one after another (one round trip each, no SELECT) and opens, read-only, only those
 *   whose UIDNEXT moved, fetching the new messages (`UID FETCH n:*`) and closing them again;
 * - a pass returns the new messages in mailbox order, each mailbox's in UID order, as the
 *   per-player connections did.
 *
 * Why not IMAP NOTIFY (RFC 5465, which Dovecot 2.3 has): imapflow does not speak it, and Dovecot's
 * NOTIFY over other users' shared mailboxes is one namespace per user, a path not worth a hand-written
 * IMAP client here. Why not LIST-STATUS (RFC 5819): the shared namespace is not listable with the test
 * servers' static userdb (it cannot enumerate users), so each mailbox is named. Measured in
 * docs/rehearsal.md ("The players' read pass").
 */
import { ImapFlow } from 'imapflow';

export interface ReadMessage {
  readonly address: string;
  readonly uid: number;
  readonly source: Buffer;
}

export interface MailboxReaderOptions {
  readonly host: string;
  readonly port: number;
  /** The reading user (any user: the shared namespace has no ACLs on the test servers). */
  readonly user: string;
  readonly pass: string;
  /** How many IMAP connections at most (default 4; Dovecot allows 10 per user and IP). */
  readonly connections?: number;
}

/** What the passes cost: the players' side of the rehearsal's summary. */
export interface ReaderFigures {
  connections: number;
  mailboxes: number;
  passes: number;
  /** STATUS commands sent, mailboxes opened (their UIDNEXT had moved), messages fetched. */
  statusCommands: number;
  opened: number;
  fetched: number;
  /** Connections opened again after imapflow or the server closed them. */
  reconnects: number;
  /** Pass durations in ms: p50, p99, the longest; and the longest pass's mailboxes opened. */
  passMs: { p50: number; p99: number; max: number };
  /** Passes that fetched nothing, their p50 (the cost of looking alone). */
  idlePassMs: { p50: number };
}

interface Box { address: string; path: string; lastUid: number; uidNext: number; misses: number }

/** Reads many mailboxes with a few connections; see the file comment. */
export class MailboxReader {
  private readonly boxes: Box[] = [];
  private readonly clients: ImapFlow[] = [];
  private readonly durations: number[] = [];
  private readonly idleDurations: number[] = [];
  private readonly counts = { passes: 0, statusCommands: 0, opened: 0, fetched: 0, reconnects: 0 };
  private readonly size: number;

  constructor(private readonly o: MailboxReaderOptions) {
    this.size = Math.max(1, Math.min(8, o.connections ?? 4));
  }

  /** Open the connections (log in once each). */
  async connect(): Promise<void> {
    for (let i = 0; i < this.size; i++) this.clients.push(await this.open());
  }

  private async open(): Promise<ImapFlow> {
    const c = new ImapFlow({ host: this.o.host, port: this.o.port, secure: false, auth: { user: this.o.user, pass: this.o.pass }, logger: false, disableAutoIdle: true });
    c.on('error', () => {});
    await c.connect();
    return c;
  }

  /**
   * Connection i, opened again when it was closed: imapflow closes a socket idle for 5 minutes
   * (its socketTimeout), and a STATUS on a closed connection fails like a mailbox that does not exist
   * yet, so every pass after it read nothing (found at 147 teams, where the seating kept the players'
   * loop from passing for 10 minutes).
   */
  private async client(i: number): Promise<ImapFlow> {
    const c = this.clients[i]!;
    if (c.usable) return c;
    this.counts.reconnects++;
    const fresh = await this.open();
    this.clients[i] = fresh;
    return fresh;
  }

  /** Watch `address`'s INBOX from its first message. */
  add(address: string): void {
    if (this.boxes.some((b) => b.address === address)) return;
    this.boxes.push({ address, path: `shared/${address}/INBOX`, lastUid: 0, uidNext: 1, misses: 0 });
  }

  /** One read pass over every mailbox: the new messages, mailbox by mailbox, each in UID order. */
  async pass(): Promise<ReadMessage[]> {
    const t0 = performance.now();
    const byBox = new Map<Box, ReadMessage[]>();
    await Promise.all(this.clients.map(async (_, i) => {
      for (let j = i; j < this.boxes.length; j += this.clients.length) {
        const box = this.boxes[j]!;
        const c = await this.client(i);
        // STATUS of a mailbox nobody has mailed yet answers NO (it does not exist): nothing new.
        const st = await c.status(box.path, { uidNext: true }).catch(() => undefined);
        this.counts.statusCommands++;
        // New mail: UIDNEXT past the last UID read (UIDs of a Maildir without expunges are dense). A
        // mailbox that said so and then gave nothing is asked again, at most 20 times for one UIDNEXT.
        if (!st || st.uidNext === undefined || st.uidNext <= box.lastUid + 1) continue;
        if (st.uidNext === box.uidNext && box.misses >= 20) continue;
        if (st.uidNext !== box.uidNext) box.misses = 0;
        box.uidNext = st.uidNext;
        this.counts.opened++;
        const found: ReadMessage[] = [];
        const lock = await c.getMailboxLock(box.path, { readOnly: true });
        try {
          for await (const msg of c.fetch(`${box.lastUid + 1}:*`, { uid: true, source: true }, { uid: true })) {
            if (msg.uid <= box.lastUid || !msg.source) continue;
            found.push({ address: box.address, uid: msg.uid, source: msg.source });
          }
        } finally {
          lock.release();
        }
        // Leave nothing selected: Dovecot answers STATUS of the selected mailbox from the session's view,
        // which moves only when that mailbox is synced again, so a player's new mail would go unseen
        // for as long as his mailbox stayed selected (a round-3 player missed his results and the
        // proposal that way at 7 teams).
        await c.mailboxClose();
        if (found.length === 0) box.misses++;
        found.sort((a, b) => a.uid - b.uid);
        if (found.length > 0) box.lastUid = found[found.length - 1]!.uid;
        this.counts.fetched += found.length;
        byBox.set(box, found);
      }
    }));
    const ms = performance.now() - t0;
    this.counts.passes++;
    this.durations.push(ms);
    if (byBox.size === 0) this.idleDurations.push(ms);
    return this.boxes.flatMap((b) => byBox.get(b) ?? []);
  }

  figures(): ReaderFigures {
    const pct = (v: number[], p: number) => {
      if (v.length === 0) return 0;
      const s = [...v].sort((a, b) => a - b);
      return Math.round(s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!);
    };
    return {
      connections: this.clients.length, mailboxes: this.boxes.length, ...this.counts,
      passMs: { p50: pct(this.durations, 50), p99: pct(this.durations, 99), max: Math.round(Math.max(0, ...this.durations)) },
      idlePassMs: { p50: pct(this.idleDurations, 50) },
    };
  }

  async close(): Promise<void> {
    for (const c of this.clients) await c.logout().catch(() => c.close());
  }
}
