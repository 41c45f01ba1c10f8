/**
 * How the text of a few settings is read, shared by the configuration schema (config.ts, zod) and the
 * pipe's store path (pipe-settings.ts, which must not load zod: docs/startup.md), so the two read
 * these settings by one definition. Pure.
 */

/** A bare email address (`MAILJUDGE_FROM_ADDRESS`, `MAILJUDGE_CONFIRM_ADDRESS`). */
export const EMAIL = /^[^@\s<>]+@[^@\s<>]+$/;

/** Host names separated by commas (`MAILJUDGE_PIPE_RECEIVED_BY`). */
export const HOSTS_PATTERN = /^\s*[A-Za-z0-9.-]+(\s*,\s*[A-Za-z0-9.-]+)*\s*$/;

/** A whole number in an environment variable (`MAILJUDGE_STATEMENT_TIMEOUT_SECONDS`). */
export const WHOLE_NUMBER = /^\d+$/;

/** The host names of a {@link HOSTS_PATTERN} text, trimmed and lower-cased. */
export function hostsOf(text: string): string[] {
  return text.split(',').map((h) => h.trim().toLowerCase());
}

/** `text` as a URL, or `undefined`. */
export function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** Whether `text` is a URL of one of `protocols` (without the colon: `postgres`). */
export function isUrlOf(protocols: readonly string[], text: string): boolean {
  return protocols.includes(parseUrl(text)?.protocol.slice(0, -1) ?? '');
}

/** The protocols of `DATABASE_URL`. */
export const DATABASE_PROTOCOLS = ['postgres', 'postgresql'] as const;
