/**
 * Where the mail sources (IMAP, the SMTP listener) report what they must not throw: a lost
 * connection, a failed flag, a handler error that the sender will retry.
 */
import { log } from '../../config/log.js';

/** A source's log. */
export interface SourceLogger {
  info(message: string): void;
  warn(message: string): void;
}

/** Into the judge's log (src/config/log.ts): warnings, and information at debug level (the default). */
export const STDERR_LOGGER: SourceLogger = {
  info: (message) => log().debug({ event: 'source' }, message),
  warn: (message) => log().warn({ event: 'source' }, message),
};

/** Nothing at all (tests that provoke failures on purpose). */
export const SILENT_LOGGER: SourceLogger = { info: () => {}, warn: () => {} };
