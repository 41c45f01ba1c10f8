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
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { MAX_MESSAGE_BYTES } from '../../rules/limits.js';
import type { IncomingMessage } from '../inbound/intake.js';
import { STDERR_LOGGER, type SourceLogger } from './source-logger.js';

export type InboundRole = 'game' | 'confirm';

/** Options of {@link startSmtpListener}. */
export interface SmtpListenerOptions {
  /** Interface to listen on (default 127.0.0.1). */
  readonly host?: string;
  /** Port (0: any free port; the one chosen is in the result). */
  readonly port: number;
  /** The role of a recipient address the judge takes mail for, or `undefined` to refuse it (550). */
  readonly accepts: (address: string) => Promise<InboundRole | undefined>;
  /** Store and process one message; must store the raw bytes before anything else. */
  readonly handle: (msg: IncomingMessage) => Promise<unknown>;
  /** The name in the greeting and EHLO reply (default: the host name). */
  readonly serverName?: string;
  readonly logger?: SourceLogger;
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

function readStream(stream: SMTPServerDataStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      // Past the limit the server answers 552 itself; keep draining without buffering.
      if (size <= MAX_MESSAGE_BYTES) chunks.push(chunk);
      size += chunk.length;
    });
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

/** Roles in the order their copies are stored: the confirmation copy first (D.VII(1)). */
const ROLE_ORDER: readonly InboundRole[] = ['confirm', 'game'];

/**
 * Listen for SMTP on `host:port`. Resolves once listening; rejects if the port cannot be bound.
 * Errors of single connections and of the handler are logged, never thrown.
 */
export async function startSmtpListener(options: SmtpListenerOptions): Promise<SmtpListener> {
  const log = options.logger ?? STDERR_LOGGER;
  // Accepted recipients of each open connection (the envelope itself keeps only the addresses).
  const accepted = new Map<string, Map<string, InboundRole>>();

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
      readStream(stream).then(
        async (raw) => {
          const receivedAt = new Date(); // end of DATA: the trusted receipt time
          if (stream.sizeExceeded) return callback(); // answered 552 by the server (rejectOversized)
          const roles = rolesOf(session);
          // What SPF checks: the client's address, its EHLO name and the MAIL FROM ('' for <>).
          const mailFrom = session.envelope.mailFrom;
          const envelope = { ip: session.remoteAddress, helo: session.hostNameAppearsAs, mailFrom: mailFrom ? mailFrom.address : '' };
          try {
            for (const role of roles) {
              await options.handle({ raw, receivedAt, source: 'smtp', role, mailbox: `smtp:${role}`, envelope });
            }
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
