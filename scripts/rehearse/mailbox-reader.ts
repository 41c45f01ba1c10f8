/**
 * The scripted players' mail reader (issue 30: "the players' side scales"). The players' mail stays in
 * each player's own Dovecot mailbox, delivered there by Postfix; instead of one IMAP connection per
 * player (1,029 at `--full`: 1,029 Dovecot `imap` processes), a bounded pool of connections reads
 * every mailbox through Dovecot's shared namespace (`shared/<address>/INBOX`,
 * test/helpers/mail-servers-process.ts `sharedMailboxes`), with imapflow:
 *
 * - a read pass splits the mailboxes to look at over the connections; each connection asks `STATUS
 *   (UIDNEXT)` of its mailboxes one after another (one round trip each, no SELECT) and opens, read-only,
 *   only those whose UIDNEXT moved, fetches the new messages and closes them again;
 * - which mailboxes to look at (stop 44, `deliveryLog`): with Dovecot's log given, only those it has
 *   logged a delivery to since the last pass (delivery-log.ts), and every mailbox in a sweep every
 *   `sweepMs` (5 s) in case a line is missed; without it, every mailbox every pass, as before;
 * - what to fetch (stop 44, `fetch: 'shown'`, the default): as a mail client does, each new message's
 *   BODYSTRUCTURE first (`UID FETCH n:* (BODYSTRUCTURE RFC822.SIZE)`), then only the parts a player
 *   reads, the text and the attachments asked for by name (`keepAttachment`: the standings CSV), with
 *   the message's header (`BODY.PEEK[HEADER] BODY.PEEK[1.1.MIME] BODY.PEEK[1.1]`), not the map
 *   pictures; `ReadMessage.source` is then a small message built of those (shown-parts.ts), which
 *   mailparser reads as it reads the whole. Small messages (a receipt) and shapes where that would not
 *   hold are fetched whole (`BODY.PEEK[]`), as every message was before (`fetch: 'whole'`);
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
import { DeliveryLog } from './delivery-log.js';
import { reducedSource, shownParts, type FetchPlan, type StructureNode } from './shown-parts.js';

export interface ReadMessage {
  readonly address: string;
  readonly uid: number;
  /** The message as mailparser is to read it: the whole source, or the header and the parts shown (shown-parts.ts). */
  readonly source: Buffer;
  /** The message's size in the mailbox (RFC822.SIZE), and whether `source` is all of it. */
  readonly size: number;
  readonly whole: boolean;
}

export interface MailboxReaderOptions {
  readonly host: string;
  readonly port: number;
  /** The reading user (any user: the shared namespace has no ACLs on the test servers). */
  readonly user: string;
  readonly pass: string;
  /** How many IMAP connections at most (default 4; Dovecot allows 10 per user and IP). */
  readonly connections?: number;
  /** `shown` (default): the structure, then the parts shown and kept; `whole`: every message's whole source. */
  readonly fetch?: 'shown' | 'whole';
  /** The attachments to fetch with the text (`shown`), by file name and type; default none. */
  readonly keepAttachment?: (filename: string, type: string) => boolean;
  /** Dovecot's log file: look only where it logged a delivery, and at every mailbox every `sweepMs`. */
  readonly deliveryLog?: string;
  /** The full sweep's period with `deliveryLog` (default 5000 ms). */
  readonly sweepMs?: number;
  /** How long to wait for a connection's greeting (default imapflow's, 16 s); a connection that gets none is tried again, 3 times in all. */
  readonly greetingTimeoutMs?: number;
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
  /** Of the messages fetched: whole (`BODY[]`), or their shown parts only; their sizes in the mailbox, and the bytes fetched. */
  fetchedWhole: number;
  fetchedParts: number;
  messageBytes: number;
  fetchedBytes: number;
  /** With the delivery log: full sweeps, deliveries the log named, messages a sweep found in a mailbox the log had not named (yet). */
  sweeps: number;
  logDeliveries: number;
  foundBySweep: number;
  /** Connections opened again after imapflow or the server closed them. */
  reconnects: number;
  /** Pass durations in ms: p50, p99, the longest; and the longest pass's mailboxes opened. */
  passMs: { p50: number; p99: number; max: number };
  /** Passes that fetched nothing, their p50 (the cost of looking alone). */
  idlePassMs: { p50: number };
}

interface Box { address: string; path: string; lastUid: number; uidNext: number; misses: number; hinted: boolean }

/** Reads many mailboxes with a few connections; see the file comment. */
export class MailboxReader {
  private readonly boxes: Box[] = [];
  private readonly byAddress = new Map<string, Box>();
  private readonly clients: ImapFlow[] = [];
  private readonly durations: number[] = [];
  private readonly idleDurations: number[] = [];
  private readonly counts = { passes: 0, statusCommands: 0, opened: 0, fetched: 0, fetchedWhole: 0, fetchedParts: 0, messageBytes: 0, fetchedBytes: 0, sweeps: 0, logDeliveries: 0, foundBySweep: 0, reconnects: 0 };
  private readonly size: number;
  private readonly log: DeliveryLog | undefined;
  private nextSweep = 0;

  constructor(private readonly o: MailboxReaderOptions) {
    this.size = Math.max(1, Math.min(8, o.connections ?? 4));
    this.log = o.deliveryLog ? new DeliveryLog(o.deliveryLog) : undefined;
  }

  /** Open the connections (log in once each). */
  async connect(): Promise<void> {
    for (let i = 0; i < this.size; i++) this.clients.push(await this.open());
  }

  /**
   * One logged-in connection. A connection that fails (no greeting in time, a reset) is tried again
   * after a pause, three times in all: once in a full test run a rehearsal's reader got no greeting
   * from its fresh Dovecot within imapflow's 16 s, and the whole rehearsal failed on it (stop 49).
   */
  private async open(): Promise<ImapFlow> {
    for (let attempt = 1; ; attempt++) {
      const c = new ImapFlow({
        host: this.o.host, port: this.o.port, secure: false, auth: { user: this.o.user, pass: this.o.pass }, logger: false, disableAutoIdle: true,
        ...(this.o.greetingTimeoutMs ? { greetingTimeout: this.o.greetingTimeoutMs } : {}),
      });
      c.on('error', () => {});
      try {
        await c.connect();
        return c;
      } catch (e) {
        c.close();
        if (attempt >= 3) throw e;
        this.counts.reconnects++;
        await new Promise((res) => setTimeout(res, 500 * attempt));
      }
    }
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
    const key = address.toLowerCase();
    if (this.byAddress.has(key)) return;
    const box: Box = { address, path: `shared/${address}/INBOX`, lastUid: 0, uidNext: 1, misses: 0, hinted: false };
    this.boxes.push(box);
    this.byAddress.set(key, box);
  }

  /**
   * The mailboxes this pass looks at: all (no log, or a sweep is due), else those the log named since
   * the last pass, each looked at once: Dovecot logs a delivery after its commit, so the STATUS that
   * follows sees it.
   */
  private due(now: number): { boxes: Box[]; sweep: boolean } {
    if (!this.log) return { boxes: this.boxes, sweep: false };
    for (const user of this.log.read()) {
      const box = this.byAddress.get(user);
      if (!box) continue;
      this.counts.logDeliveries++;
      box.hinted = true;
    }
    let boxes: Box[];
    const sweep = now >= this.nextSweep;
    if (sweep) {
      this.nextSweep = now + (this.o.sweepMs ?? 5_000);
      this.counts.sweeps++;
      boxes = this.boxes;
    } else boxes = this.boxes.filter((b) => b.hinted);
    return { boxes, sweep };
  }

  /** One read pass: the new messages, mailbox by mailbox, each in UID order. */
  async pass(): Promise<ReadMessage[]> {
    const t0 = performance.now();
    const { boxes, sweep } = this.due(t0);
    const byBox = new Map<Box, ReadMessage[]>();
    await Promise.all(this.clients.map(async (_, i) => {
      for (let j = i; j < boxes.length; j += this.clients.length) {
        const box = boxes[j]!;
        const hinted = box.hinted;
        box.hinted = false;
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
        const lock = await c.getMailboxLock(box.path, { readOnly: true });
        let found: ReadMessage[];
        try {
          found = await this.fetchNew(c, box);
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
        if (sweep && !hinted && this.log) this.counts.foundBySweep += found.length;
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

  /** The new messages of the selected mailbox `box`: whole, or (`shown`) the structure first, then the parts shown. */
  private async fetchNew(c: ImapFlow, box: Box): Promise<ReadMessage[]> {
    const found: ReadMessage[] = [];
    const range = `${box.lastUid + 1}:*`;
    const whole = async (uids: string, sizes?: Map<number, number>) => {
      for await (const msg of c.fetch(uids, { uid: true, source: true }, { uid: true })) {
        if (msg.uid <= box.lastUid || !msg.source) continue;
        this.counts.fetchedWhole++;
        this.counts.fetchedBytes += msg.source.length;
        this.counts.messageBytes += sizes?.get(msg.uid) ?? msg.source.length;
        found.push({ address: box.address, uid: msg.uid, source: msg.source, size: sizes?.get(msg.uid) ?? msg.source.length, whole: true });
      }
    };
    if ((this.o.fetch ?? 'shown') === 'whole') {
      await whole(range);
      return found;
    }
    const plans = new Map<string, { plan: FetchPlan; uids: number[] }>();
    const sizes = new Map<number, number>();
    for await (const msg of c.fetch(range, { uid: true, size: true, bodyStructure: true }, { uid: true })) {
      if (msg.uid <= box.lastUid || !msg.bodyStructure) continue;
      sizes.set(msg.uid, msg.size ?? 0);
      const plan = shownParts(msg.bodyStructure as StructureNode, this.o.keepAttachment ?? (() => false));
      const key = plan.whole ? 'whole' : plan.parts.join(' ');
      const group = plans.get(key) ?? { plan, uids: [] };
      group.uids.push(msg.uid);
      plans.set(key, group);
    }
    for (const { plan, uids } of plans.values()) {
      if (plan.whole) {
        await whole(uids.join(','), sizes);
        continue;
      }
      const keys = plan.parts.flatMap((p) => [`${p}.MIME`, p]);
      for await (const msg of c.fetch(uids.join(','), { uid: true, headers: true, bodyParts: keys }, { uid: true })) {
        if (msg.uid <= box.lastUid || !msg.headers) continue;
        const got = new Map([...(msg.bodyParts ?? new Map<string, Buffer>())].map(([k, v]) => [k.toUpperCase(), v]));
        const parts = plan.parts.map((p) => ({ mime: got.get(`${p}.MIME`) ?? Buffer.alloc(0), body: got.get(p) ?? Buffer.alloc(0) }));
        const source = reducedSource(msg.headers, parts);
        this.counts.fetchedParts++;
        this.counts.fetchedBytes += msg.headers.length + parts.reduce((n, p) => n + p.mime.length + p.body.length, 0);
        this.counts.messageBytes += sizes.get(msg.uid) ?? 0;
        found.push({ address: box.address, uid: msg.uid, source, size: sizes.get(msg.uid) ?? 0, whole: false });
      }
    }
    return found;
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
