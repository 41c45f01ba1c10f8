/**
 * The judge's own SMTP endpoint, for a deployment where the MX (or a relay) hands mail straight to
 * the judge instead of to a mailbox: RCPT TO is accepted only for the game and confirmation
 * addresses, and at the end of DATA the message goes into the inbound pipeline once per role among
 * its accepted recipients, with the end of DATA as the trusted receipt time.
 *
 * Nothing is lost: the message is acknowledged (250) only after `handle` has stored it; when the
 * handler fails (a failure of the environment: receiveMessage quarantines a message it cannot read
 * and returns) the reply is 451, so the sending MTA keeps it and retries, and the retried bytes
 * are recognised as the same message (source, mailbox, sha256). For the same reason the bytes are
 * stored exactly as received (no trace header is added: a retry would differ by it); the SMTP
 * envelope (client IP, EHLO name, MAIL FROM) goes with it for SPF.
 *
 * No AUTH, no STARTTLS (run it behind the MTA or on a private network), no reverse DNS; messages
 * over {@link MAX_MESSAGE_BYTES} are refused with 552.
 *
 * It protects itself (issue 25; the numbers are settings, {@link SmtpListenLimits}): a total and a
 * per-client-address cap on open connections (421 at once past either), a limit on a connection's
 * whole life (421 and closed, even for a client that trickles a byte every few seconds and so never
 * lets the idle timer fire; a message cut off that way is not stored, and the sender retries), an
 * idle limit, and a maximum line count and header size for a message (552, not stored).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { DEFAULT_SMTP_LISTEN_LIMITS, type SmtpListenLimits } from '../../config/config.js';
import { MAX_MESSAGE_BYTES } from '../../rules/limits.js';
import type { IncomingMessage } from '../inbound/intake.js';
import { STDERR_LOGGER, type SourceLogger } from './source-logger.js';
import { judgeNow } from '../../config/clock.js';

export type InboundRole = 'game' | 'confirm';

/** Options of {@link startSmtpListener}. */
export interface SmtpListenerOptions {
  /** Interface to listen on (default 127.0.0.1). */
  readonly host?: string;
  /** Port (0: any free port; the one chosen is in the result). */
  readonly port: number;
  /** The role of a recipient address the judge takes mail for, or `undefined` to refuse it (550). */
  readonly accepts: (address: string) => Promise<InboundRole | undefined>;
  /** Store and process one message; must store the raw bytes before anything else (used without {@link SmtpListenerOptions.handleAll}). */
  readonly handle?: (msg: IncomingMessage) => Promise<unknown>;
  /** Store a delivery's copies (one per role, in {@link ROLE_ORDER}) at once, in one transaction (issue 29). */
  readonly handleAll?: (msgs: IncomingMessage[]) => Promise<unknown>;
  /** The name in the greeting and EHLO reply (default: the host name). */
  readonly serverName?: string;
  readonly logger?: SourceLogger;
  /** Connection caps, time limits and message limits (default {@link DEFAULT_SMTP_LISTEN_LIMITS}). */
  readonly limits?: Partial<SmtpListenLimits>;
}

/** A listening SMTP endpoint. */
export interface SmtpListener {
  readonly port: number;
  /** Stop accepting connections and wait for open ones to finish (at most a few seconds). */
  stop(): Promise<void>;
}

/** An error whose SMTP reply code is `code` (the text is sent as is). */
function smtpError(code: number, text: string): Error {
  return Object.assign(new Error(text), { responseCode: code });
}

/** A message as read from DATA, or why it is refused (past a limit; the rest was drained, not kept). */
type Read = { readonly raw: Buffer; readonly refused?: undefined } | { readonly raw?: undefined; readonly refused: string };

function readStream(stream: SMTPServerDataStream, limits: Pick<SmtpListenLimits, 'maxLines' | 'maxHeaderBytes'>): Promise<Read> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let lines = 0;
    let inHeader = true;
    let headerBytes = 0;
    let lineBytes = 0; // bytes of the current line so far, without its LF
    let lastByte = -1;
    let refused: string | undefined;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (refused !== undefined) return; // keep draining without buffering
      // Lines and the header section (up to the first empty line), counted across chunk boundaries.
      let pos = 0;
      for (;;) {
        const nl = chunk.indexOf(10, pos);
        const end = nl < 0 ? chunk.length : nl;
        if (inHeader) headerBytes += end - pos + (nl < 0 ? 0 : 1);
        if (end > pos) lastByte = chunk[end - 1]!;
        lineBytes += end - pos;
        if (nl < 0) break;
        lines++;
        if (inHeader && (lineBytes === 0 || (lineBytes === 1 && lastByte === 13))) inHeader = false;
        lineBytes = 0;
        lastByte = 10;
        pos = nl + 1;
      }
      if (headerBytes > limits.maxHeaderBytes) refused = `5.3.4 the message's header is larger than ${limits.maxHeaderBytes} bytes; not accepted`;
      else if (lines > limits.maxLines) refused = `5.3.4 the message has more than ${limits.maxLines} lines; not accepted`;
      // Past MAX_MESSAGE_BYTES the server answers 552 itself.
      if (refused === undefined && size <= MAX_MESSAGE_BYTES) chunks.push(chunk);
      else chunks.length = 0;
    });
    stream.once('end', () => resolve(refused !== undefined ? { refused } : { raw: Buffer.concat(chunks) }));
    stream.once('error', reject);
  });
}

/** What the listener uses of smtp-server's connection object (not in its type declarations). */
interface Connection {
  readonly id: string;
  send(code: number, text: string, context?: false): void;
}

/** Roles in the order their copies are stored: the confirmation copy first (D.VII(1)). */
const ROLE_ORDER: readonly InboundRole[] = ['confirm', 'game'];

/**
 * Listen for SMTP on `host:port`. Resolves once listening; rejects if the port cannot be bound.
 * Errors of single connections and of the handler are logged, never thrown.
 */
export async function startSmtpListener(options: SmtpListenerOptions): Promise<SmtpListener> {
  const log = options.logger ?? STDERR_LOGGER;
  const limits: SmtpListenLimits = { ...DEFAULT_SMTP_LISTEN_LIMITS, ...options.limits };
  // Accepted recipients of each open connection (the envelope itself keeps only the addresses).
  const accepted = new Map<string, Map<string, InboundRole>>();
  // Open connections per client address, the sessions counted there, and each session's life timer.
  const perIp = new Map<string, number>();
  const counted = new Map<string, string>();
  const lifeTimers = new Map<string, NodeJS.Timeout>();
  const refusedAt = { perIp: 0, expired: 0 };

  const server = new SMTPServer({
    ...(options.serverName ? { name: options.serverName } : {}),
    banner: 'mailjudge',
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    rejectOversized: true,
    logger: false,
    closeTimeout: 3000,
    // The total cap: smtp-server answers 421 past it (before onConnect).
    maxClients: limits.maxConnections,
    socketTimeout: limits.idleSeconds * 1000,
    onConnect(session, callback) {
      const ip = session.remoteAddress;
      const open = perIp.get(ip) ?? 0;
      if (open >= limits.maxConnectionsPerIp) {
        if (refusedAt.perIp++ % 100 === 0) log.warn(`smtp: ${ip} has ${open} connections open, the most one client may have (MAILJUDGE_SMTP_MAX_CONNECTIONS_PER_IP); refusing more with 421 (${refusedAt.perIp} so far)`);
        return callback(smtpError(421, `4.7.0 too many connections from ${ip} (at most ${limits.maxConnectionsPerIp}); try again later`));
      }
      perIp.set(ip, open + 1);
      counted.set(session.id, ip);
      // The whole session's time limit: a byte every few seconds resets the idle timer, not this one.
      const timer = setTimeout(() => {
        lifeTimers.delete(session.id);
        refusedAt.expired++;
        const connection = [...(server as unknown as { connections: Set<Connection> }).connections].find((c) => c.id === session.id);
        connection?.send(421, `4.4.2 session time limit of ${limits.sessionSeconds} s reached; closing (a message not finished is not kept: send it again)`, false);
      }, limits.sessionSeconds * 1000);
      timer.unref();
      lifeTimers.set(session.id, timer);
      callback();
    },
    onRcptTo(address, session, callback) {
      const rcpt = address.address.toLowerCase();
      options.accepts(rcpt).then(
        (role) => {
          if (!role) return callback(smtpError(550, `5.1.1 <${address.address}>: no such game or mailbox here`));
          let roles = accepted.get(session.id);
          if (!roles) accepted.set(session.id, (roles = new Map()));
          roles.set(rcpt, role);
          callback();
        },
        (e: Error) => {
          log.warn(`smtp: cannot look up <${rcpt}>: ${e.message}`);
          callback(smtpError(451, '4.3.0 temporary failure looking up the recipient; try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      readStream(stream, limits).then(
        async ({ raw, refused }) => {
          const receivedAt = judgeNow(); // end of DATA: the trusted receipt time
          if (stream.sizeExceeded) return callback(); // answered 552 by the server (rejectOversized)
          if (refused !== undefined) {
            log.warn(`smtp: refused a message from ${session.remoteAddress} with 552: ${refused}`);
            return callback(smtpError(552, refused));
          }
          const roles = rolesOf(session);
          // What SPF checks: the client's address, its EHLO name and the MAIL FROM ('' for <>).
          const mailFrom = session.envelope.mailFrom;
          const envelope = { ip: session.remoteAddress, helo: session.hostNameAppearsAs, mailFrom: mailFrom ? mailFrom.address : '' };
          try {
            const copies = roles.map((role): IncomingMessage => ({ raw, receivedAt, source: 'smtp', role, mailbox: `smtp:${role}`, envelope }));
            if (options.handleAll) await options.handleAll(copies);
            else for (const copy of copies) await options.handle!(copy);
            callback(null, 'OK: stored');
          } catch (e) {
            log.warn(`smtp: could not store a message (answered 451, the sender will retry): ${(e as Error).message}`);
            callback(smtpError(451, '4.3.0 temporary failure storing the message; try again later'));
          }
        },
        (e: Error) => callback(smtpError(451, `4.3.0 ${e.message}`)),
      );
    },
    onClose(session) {
      accepted.delete(session.id);
      clearTimeout(lifeTimers.get(session.id));
      lifeTimers.delete(session.id);
      const ip = counted.get(session.id);
      if (ip !== undefined) {
        counted.delete(session.id);
        const open = (perIp.get(ip) ?? 1) - 1;
        if (open > 0) perIp.set(ip, open);
        else perIp.delete(ip);
      }
    },
  });

  function rolesOf(session: SMTPServerSession): InboundRole[] {
    const roles = accepted.get(session.id);
    const present = new Set<InboundRole>();
    for (const r of session.envelope.rcptTo) {
      const role = roles?.get(r.address.toLowerCase());
      if (role) present.add(role);
    }
    return ROLE_ORDER.filter((r) => present.has(r));
  }

  server.on('error', (e: Error) => log.warn(`smtp: ${e.message}`));
  await new Promise<void>((resolve, reject) => {
    const onError = (e: Error) => reject(e);
    server.server.once('error', onError);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      server.server.off('error', onError);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
