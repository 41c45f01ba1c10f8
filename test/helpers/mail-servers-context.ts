/**
 * What the mail global setup (test/helpers/mail-servers-global-setup.ts) hands the test files about
 * the run's Dovecot and Postfix (vitest `provide`/`inject`).
 */

/** The domains Postfix delivers to Dovecot; every address in them is a mailbox. */
export const MAIL_DOMAINS = ['example.org', 'judge.example.org'] as const;
/** Every test mailbox's IMAP password. */
export const MAIL_PASSWORD = 'secret';

/** The run's mail servers, all on 127.0.0.1. */
export interface MailServersInfo {
  readonly host: string;
  /** Dovecot IMAP (plain text, no TLS). */
  readonly imapPort: number;
  /** Dovecot LMTP (the fastest way to seed a mailbox). */
  readonly lmtpPort: number;
  /** Postfix SMTP: relays the test domains to Dovecot, bounces everything else locally. */
  readonly smtpPort: number;
  /** The instance directory (configs, logs, mail). */
  readonly dir: string;
  /** Dovecot's config file, for `doveadm -c`. */
  readonly dovecotConf: string;
  /** Postfix's config directory, for `postqueue -c`. */
  readonly postfixConfigDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    mail: MailServersInfo;
  }
}
