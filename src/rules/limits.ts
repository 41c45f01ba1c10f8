/**
 * Every limit on untrusted input, in one place so that they are easy to find, document and test at
 * the cap and one over (the imapflow `limits.js` pattern). Input past a limit is refused with a
 * message naming the limit, never silently truncated into a different meaning.
 */

/** Largest raw RFC 822 message the judge accepts (bytes). Orders are a few hundred bytes. */
export const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;
/** Most lines of extracted body text an order sheet may have. */
export const MAX_SHEET_LINES = 2_000;
/** Longest line (characters) read as an order; longer lines are reported, not parsed. */
export const MAX_LINE_CHARS = 500;
/** Most order lines one sheet may hold (34 units, conditional options, retries: generous). */
export const MAX_ORDERS_PER_SHEET = 200;
/** Longest press message (characters). */
export const MAX_PRESS_CHARS = 20_000;
/**
 * Issue 25 (6): an acknowledgement quotes at most this many lines of what was written (then a count
 * of the rest) and at most this many problems (then a count by kind), so that a reply is bounded by
 * what a person can read (about 12 KB at most) and a long message cannot be turned into a longer
 * answer (a 26 KB message of 1,999 lines once got a 334 KB acknowledgement).
 */
export const MAX_ACK_LINES_SHOWN = 60;
export const MAX_ACK_PROBLEMS_SHOWN = 30;
/** Most replies the judge sends one address in an hour (a mail-loop and abuse guard). */
export const MAX_REPLIES_PER_SENDER_PER_HOUR = 30;
/**
 * Most refusals of messages failing the identity check the judge sends one claimed address in an
 * hour (issue 25): a budget of its own, so forgeries in a person's name never use up that person's
 * acknowledgements; past it the forgeries are recorded and the GM is told of the burst once.
 */
export const MAX_IDENTITY_REFUSALS_PER_ADDRESS_PER_HOUR = 3;
/** Answers to automatic mail (RFC 3834: auto-responders, lists, the null sender) per address per day. */
export const MAX_AUTOMATIC_REPLIES_PER_ADDRESS_PER_DAY = 1;
/**
 * Attempts at deciding a stored message that keep failing for a reason of the environment (the
 * database unreachable, a deadlock): after this many it is quarantined with the last error.
 */
export const MAX_DECIDE_ATTEMPTS = 8;
/** Wait before the retry sweep's second attempt at an undecided message (ms); doubles per attempt. */
export const DECIDE_RETRY_BASE_MS = 60_000;
/** Longest wait between two attempts at an undecided message (ms). */
export const DECIDE_RETRY_MAX_MS = 60 * 60_000;
/** Longest error text recorded with a quarantined or retried message (characters). */
export const MAX_RECORDED_ERROR_CHARS = 2_000;
/**
 * Age after which a partly written `.eml` in the file outbox is a leftover, even when its writer's
 * process id is in use again (ms). Writing one takes milliseconds.
 */
export const STALE_PARTIAL_WRITE_MS = 10 * 60_000;
/**
 * How long the judge waits on the smarthost (ms): to connect, for its greeting, and for any answer
 * once connected (nodemailer's defaults are 2 min, 30 s and 10 min: a smarthost that stops answering
 * would hold a worker, and the outbox row's lock, for ten minutes a mail). A timeout is a temporary
 * failure: the mail is tried again, with the same Message-ID (issue 16).
 */
export const SMTP_CONNECTION_TIMEOUT_MS = 30_000;
export const SMTP_GREETING_TIMEOUT_MS = 30_000;
export const SMTP_SOCKET_TIMEOUT_MS = 60_000;

/** Bounces of one address within {@link BOUNCE_FLAG_WINDOW_DAYS} after which the GM's notice flags it as failing (issue 27). */
export const BOUNCE_FLAG_COUNT = 3;
/** The window of {@link BOUNCE_FLAG_COUNT}, in days. */
export const BOUNCE_FLAG_WINDOW_DAYS = 30;
