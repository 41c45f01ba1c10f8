/**
 * Authentication of a message's sender with mailauth (DKIM, SPF, DMARC, ARC), reduced to an
 * {@link AuthResult}; I/O (DNS) but never throws. Only `pass` is a pass: mailauth reports a bad body
 * hash or a missing key as `neutral`, not `fail` (INFRA.md 5). Part of src/mail/inbound/identity.ts.
 */
import { promises as dns } from 'node:dns';
import { domainToASCII } from 'node:url';
import { authenticate, type DNSResolver } from 'mailauth';
import { MAX_MESSAGE_BYTES } from '../../rules/limits.js';
import { cachingResolver } from './dns-cache.js';

/** The system's DNS with a minute's cache (dns-cache.ts), when no resolver is given. */
const systemResolver = cachingResolver((name, rrtype) => dns.resolve(name, rrtype));

// ---------------------------------------------------------------------------------------------
// Authentication (mailauth)
// ---------------------------------------------------------------------------------------------

/** The SMTP envelope of a message: the connecting client and the MAIL FROM address. */
export interface Envelope {
  /** The SMTP client's IP address. */
  readonly ip?: string;
  /** The name the client gave in EHLO/HELO. */
  readonly helo?: string;
  /** The MAIL FROM address; `''` for the null sender `<>`. */
  readonly mailFrom?: string;
}

/**
 * What mailauth found, reduced to what the identity decision and the audit need. Verdicts are the
 * RFC 8601 words (`pass`, `fail`, `neutral`, `none`, `softfail`, `policy`, `temperror`,
 * `permerror`); only `pass` counts as a pass.
 */
export interface AuthResult {
  /** `pass` when any signature verifies, else the first signature's verdict, `none` when unsigned. */
  readonly dkim: string;
  /** Signing domains (d=) of the signatures that verify, lower case. */
  readonly dkimDomains: readonly string[];
  readonly spf: string;
  /**
   * DMARC verdict for the From domain. `none` means the domain publishes no DMARC record;
   * `permerror` that the From header does not hold exactly one address (mailauth skips DMARC then).
   */
  readonly dmarc: string;
  /** The policy the From domain publishes (`sp` for a subdomain covered by its organisation's record); `undefined` when it publishes none. */
  readonly dmarcPolicy: 'none' | 'quarantine' | 'reject' | undefined;
  /** The From header's domain as mailauth read it, lower case (ASCII). */
  readonly fromDomain: string | undefined;
  /** The `Authentication-Results:` header mailauth wrote, for the audit trail. */
  readonly header: string;
}

/**
 * An {@link AuthResult} as the decision's identity evidence records it (inbound_decisions.identity,
 * the audit): every field, so that `mailjudge reproduce` decides again from the verdicts the judge
 * had. DNS answers are an input of the decision, like the message's bytes: a lookup that timed out
 * at receipt (`spf=temperror`) must not become `none` in a replay a week later (issue 30, stop 47).
 */
export function authEvidence(auth: AuthResult): { header: string; dkim: string; spf: string; dmarc: string; dkimDomains: string[]; dmarcPolicy: string | null; fromDomain: string | null } {
  return { header: auth.header, dkim: auth.dkim, spf: auth.spf, dmarc: auth.dmarc, dkimDomains: [...auth.dkimDomains], dmarcPolicy: auth.dmarcPolicy ?? null, fromDomain: auth.fromDomain ?? null };
}

/** The {@link AuthResult} a decision's identity evidence recorded, when it recorded all of it (decisions before stop 47 did not). */
export function authFromEvidence(identity: unknown): AuthResult | undefined {
  if (typeof identity !== 'object' || identity === null) return undefined;
  const e = identity as Record<string, unknown>;
  const text = (k: string) => (typeof e[k] === 'string' ? (e[k] as string) : undefined);
  const header = text('header'), dkim = text('dkim'), spf = text('spf'), dmarc = text('dmarc');
  if (header === undefined || dkim === undefined || spf === undefined || dmarc === undefined || !Array.isArray(e.dkimDomains) || !('dmarcPolicy' in e) || !('fromDomain' in e)) return undefined;
  const policy = e.dmarcPolicy;
  return {
    header, dkim, spf, dmarc,
    dkimDomains: (e.dkimDomains as unknown[]).filter((d): d is string => typeof d === 'string'),
    dmarcPolicy: policy === 'none' || policy === 'quarantine' || policy === 'reject' ? policy : undefined,
    fromDomain: typeof e.fromDomain === 'string' ? e.fromDomain : undefined,
  };
}

export interface AuthenticateOptions {
  /** DNS lookups, shaped like `dns.promises.resolve`; tests inject a zone (INFRA.md 5). Default: the system's, cached a minute. */
  readonly resolver?: (name: string, rrtype: string) => Promise<unknown>;
  /** Our host name, written into the Authentication-Results header. */
  readonly mta?: string;
  /** Give up (every verdict `temperror`) after this long; default {@link AUTH_TIMEOUT_MS}. */
  readonly timeoutMs?: number;
}

/** How long one authentication may take, DNS included, before it is a `temperror`. */
export const AUTH_TIMEOUT_MS = 30_000;

function failed(verdict: 'temperror' | 'permerror', why: string): AuthResult {
  const comment = why.replace(/[()\r\n]/g, ' ').trim();
  return {
    dkim: verdict,
    dkimDomains: [],
    spf: verdict,
    dmarc: verdict,
    dmarcPolicy: undefined,
    fromDomain: undefined,
    header: `Authentication-Results: mailjudge; dkim=${verdict} (${comment}); spf=${verdict}; dmarc=${verdict}`,
  };
}

function verdict(v: string | undefined): string {
  return v === 'temperr' ? 'temperror' : (v ?? 'none');
}

function asciiDomain(domain: string): string {
  const d = domain.trim().toLowerCase().replace(/\.$/, '');
  return domainToASCII(d) || d;
}

export function domainOf(address: string): string | undefined {
  const at = address.lastIndexOf('@');
  return at < 0 ? undefined : asciiDomain(address.slice(at + 1).replace(/>.*$/, ''));
}

/**
 * Check DKIM, SPF and DMARC for one raw message with mailauth and reduce the answer to an
 * {@link AuthResult}. Never throws: a mailauth exception or a timeout gives `temperror` everywhere
 * with the error in `header`; a message over {@link MAX_MESSAGE_BYTES} gives `permerror`.
 */
export async function authenticateMessage(raw: Buffer, envelope: Envelope, options: AuthenticateOptions = {}): Promise<AuthResult> {
  if (raw.length > MAX_MESSAGE_BYTES) return failed('permerror', `message larger than ${MAX_MESSAGE_BYTES} bytes`);
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('authentication timed out')), options.timeoutMs ?? AUTH_TIMEOUT_MS);
    });
    const r = await Promise.race([
      authenticate(raw, {
        ...(envelope.ip ? { ip: envelope.ip } : {}),
        ...(envelope.helo ? { helo: envelope.helo } : {}),
        ...(envelope.mailFrom !== undefined ? { sender: envelope.mailFrom } : {}),
        ...(options.mta ? { mta: options.mta } : {}),
        resolver: (options.resolver ?? systemResolver) as DNSResolver,
        // BIMI (logos) decides nothing here; skipping it saves a DNS lookup per message.
        disableBimi: true,
      }),
      timeout,
    ]);
    const sigs = r.dkim?.results ?? [];
    const passing = sigs.filter((s) => s.status?.result === 'pass');
    const from = r.dkim?.headerFrom ?? [];
    const dm = r.dmarc;
    // mailauth returns no DMARC result when the From header holds zero or several addresses. That
    // is not "publishes nothing": treated as such it would let `From: victim@dmarc.example,
    // x@elsewhere` skip the DMARC check.
    const dmarc = dm ? verdict(dm.status?.result) : 'permerror';
    const recordFound = dm !== false && typeof dm.rr === 'string' && dm.rr !== '';
    const p = dm ? String(dm.policy ?? '').toLowerCase() : '';
    const headerText = r.headers ?? '';
    const arAt = headerText.indexOf('Authentication-Results:');
    return {
      dkim: passing.length > 0 ? 'pass' : verdict(sigs[0]?.status?.result),
      dkimDomains: [...new Set(passing.map((s) => asciiDomain(s.signingDomain)))],
      spf: r.spf ? verdict(r.spf.status?.result) : 'none',
      dmarc,
      // RFC 7489 6.6.3: a record with a missing or unknown p= is applied as p=none.
      dmarcPolicy: recordFound ? (p === 'reject' || p === 'quarantine' ? p : 'none') : undefined,
      fromDomain: from.length === 1 && from[0] ? domainOf(from[0]) : undefined,
      header: (arAt >= 0 ? headerText.slice(arAt) : headerText).trimEnd(),
    };
  } catch (e) {
    return failed('temperror', e instanceof Error ? e.message : String(e));
  } finally {
    if (timer) clearTimeout(timer);
  }
}
