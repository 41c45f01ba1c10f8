/**
 * Where the mail sources (IMAP, the SMTP listener) report what they must not throw: a lost
 * connection, a failed flag, a handler error that the sender will retry.
 */

/** A source's log. */
export interface SourceLogger {
  info(message: string): void;
  warn(message: string): void;
}

/** Warnings to stderr, nothing else (the default). */
export const STDERR_LOGGER: SourceLogger = {
  info: () => {},
  warn: (message) => void process.stderr.write(`${message}\n`),
};

/** Nothing at all (tests that provoke failures on purpose). */
export const SILENT_LOGGER: SourceLogger = { info: () => {}, warn: () => {} };
