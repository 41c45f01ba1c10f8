/**
 * Who sent a message (D.II(3) no proxies, D.X(6) no impersonation of a player to the GM): the
 * registered From address, backed by DKIM/SPF/DMARC (mailauth) where the sender's domain publishes
 * DMARC, and by a per-player secret where it does not, as the game's `identity` setting says
 * (DESIGN.md "Reliability and security principles").
 *
 * Three parts:
 * - {@link authenticateMessage} (I/O: DNS) runs mailauth once and reduces its answer to an
 *   {@link AuthResult}. It never throws.
 * - {@link envelopeFromHeaders} (pure) recovers the SMTP envelope (client IP, HELO, MAIL FROM) of a
 *   message fetched over IMAP from the `Received:` header our own MTA wrote and `Return-Path:`.
 * - {@link decideIdentity} (pure) turns the evidence into accept / refuse, with a reason the player
 *   can act on. Secrets are stored only as scrypt hashes ({@link hashSecret}, {@link verifySecret})
 *   and the secret line is never echoed back ({@link stripSecretLines}).
 *
 * Only `pass` is a pass: mailauth reports a bad body hash or a missing key as `neutral`, not
 * `fail` (INFRA.md 5).
 */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import { authenticate, type DNSResolver } from 'mailauth';
import type { IdentityPolicy } from '../../db/schema.js';
import { MAX_MESSAGE_BYTES } from '../../rules/limits.js';
import { readBodyLines } from '../../diplomacy/sheet/body-lines.js';
import { headerFields } from './header-fields.js';

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

export interface AuthenticateOptions {
  /** DNS lookups, shaped like `dns.promises.resolve`; tests inject a zone (INFRA.md 5). */
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

function domainOf(address: string): string | undefined {
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
        ...(options.resolver ? { resolver: options.resolver as DNSResolver } : {}),
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

// ---------------------------------------------------------------------------------------------
// The envelope from the headers our MTA wrote
// ---------------------------------------------------------------------------------------------

/** A parsed `Received:` header: the `from` clause, the `by` host and protocol, the date. */
export interface ReceivedHop {
  readonly helo?: string;
  readonly ip?: string;
  readonly by?: string;
  readonly with?: string;
  readonly envelopeFrom?: string;
  readonly date?: Date;
}

export interface EnvelopeFromHeaders extends Envelope {
  /** When the edge hop (our MTA's SMTP server) received the message, from its Received header's date. */
  readonly receivedAt?: Date;
}

export interface EnvelopeOptions {
  /**
   * IP addresses of our own relays (a content filter re-injecting mail, a front MX relaying to the
   * mailbox host). A hop *from* one of them is internal and the search goes one header further
   * down. Default: none, i.e. the topmost SMTP hop is the edge.
   */
  readonly internalIps?: readonly string[];
}

/** Protocols of the final delivery into the mailbox (Dovecot/Cyrus LMTP): never the edge hop. */
const DELIVERY_PROTOCOL = /^LMTP[SA]*$/i;

/** Split on top-level whitespace, keeping each `( … )` comment (nested parentheses allowed) as one token. */
function tokens(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  let depth = 0;
  for (const ch of s) {
    if (ch === '(') {
      if (depth === 0 && cur) { out.push(cur); cur = ''; }
      depth++;
      cur += ch;
    } else if (ch === ')' && depth > 0) {
      cur += ch;
      depth--;
      if (depth === 0) { out.push(cur); cur = ''; }
    } else if (/\s/.test(ch) && depth === 0) {
      if (cur) { out.push(cur); cur = ''; }
    } else {
      cur += ch;
    }
  }
  if (cur) out.push(cur);
  return out;
}

function cleanIp(s: string): string | undefined {
  const v = s.replace(/^IPv6:/i, '').replace(/%.*$/, '');
  if (isIP(v)) return v.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(v);
  return mapped && isIP(mapped[1]!) ? mapped[1] : undefined;
}

/**
 * Parse one `Received:` value. Understands the common shapes:
 * Postfix/Sendmail/OpenSMTPD/Gmail `from helo (rdns [ip])`, Exim `from rdns ([ip]:port helo=x)` and
 * `from [ip] (helo=x)`, qmail `from unknown (HELO x) (ip)`, Exchange `from host (ip)`, and Dovecot
 * LMTP `from host ([ip]) by vm with LMTP … (envelope-from <a@b>)`. Pure; unknown parts are left out.
 */
export function parseReceived(value: string): ReceivedHop {
  const semi = value.lastIndexOf(';');
  const body = semi >= 0 ? value.slice(0, semi) : value;
  const dateText = semi >= 0 ? value.slice(semi + 1).replace(/\([^)]*\)/g, ' ').trim() : '';
  const toks = tokens(body);
  const hop: { -readonly [K in keyof ReceivedHop]: ReceivedHop[K] } = {};
  const keyword = (t: string) => /^(from|by|via|with|id|for)$/i.test(t);
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    const next = toks[i + 1];
    if (/^from$/i.test(t) && next && !next.startsWith('(') && !keyword(next)) {
      // The clause: the name after "from" and the comments that follow it, up to the next keyword.
      const comments: string[] = [];
      let k = i + 2;
      for (; k < toks.length && toks[k]!.startsWith('('); k++) comments.push(toks[k]!.slice(1, -1));
      const first = next;
      const inner = comments.join(' ');
      const heloKey = /\bhelo[= ]\s*([^\s)]+)/i.exec(inner);
      const bracket = /\[([^\]\s]+)\]/.exec(inner);
      const bareIp = comments.map((c) => cleanIp(c.trim().split(/\s+/)[0] ?? '')).find((v) => v !== undefined);
      const firstLiteral = /^\[([^\]]+)\]$/.exec(first);
      // Postfix writes the HELO name first and the real client in the comment, so the comment wins;
      // Exim writes `from [ip] (helo=x)` when the client has no name.
      hop.ip = (bracket && cleanIp(bracket[1]!)) ?? bareIp ?? (firstLiteral ? cleanIp(firstLiteral[1]!) : undefined);
      if (heloKey) hop.helo = heloKey[1]!;
      else if (!/^unknown$/i.test(first)) hop.helo = first;
      if (!hop.ip) delete hop.ip;
      i = k - 1;
    } else if (/^by$/i.test(t) && next && !next.startsWith('(')) {
      hop.by = next.toLowerCase();
      i++;
    } else if (/^with$/i.test(t) && next && !next.startsWith('(')) {
      hop.with = next;
      i++;
    } else if (t.startsWith('(') && /^\(\s*envelope-from\s/i.test(t)) {
      const m = /<([^>]*)>/.exec(t);
      if (m) hop.envelopeFrom = m[1]!.trim();
    }
  }
  if (dateText) {
    const d = new Date(dateText);
    if (!Number.isNaN(d.getTime())) hop.date = d;
  }
  return hop;
}

/**
 * The SMTP envelope of a message fetched from our mailbox, recovered from the headers our own MTA
 * added: the client IP and HELO from the edge hop (the topmost `Received:` that is not the LMTP
 * delivery into the mailbox and not from one of `internalIps`), the MAIL FROM from the topmost
 * `Return-Path:` (or the `envelope-from` our hops recorded). Headers below the edge hop were written
 * by the sender's side and are never read. The MAIL FROM only picks the domain SPF checks; the IP
 * it is checked against always comes from our hop, so a planted `Return-Path` cannot make SPF pass.
 * Pure; returns `{}` when nothing can be recovered.
 */
export function envelopeFromHeaders(raw: Buffer, options: EnvelopeOptions = {}): EnvelopeFromHeaders {
  const fields = headerFields(raw);
  const internal = new Set((options.internalIps ?? []).map((ip) => cleanIp(ip) ?? ip));
  const hops = fields.filter((f) => f.name === 'received').map((f) => parseReceived(f.value));
  let edge: ReceivedHop | undefined;
  let envelopeFrom: string | undefined;
  for (let i = 0; i < hops.length; i++) {
    const hop = hops[i]!;
    envelopeFrom ??= hop.envelopeFrom;
    if (hop.with && DELIVERY_PROTOCOL.test(hop.with)) continue;
    if (hop.ip && internal.has(hop.ip) && i + 1 < hops.length) continue;
    edge = hop;
    break;
  }
  const rp = fields.find((f) => f.name === 'return-path')?.value;
  const rpAddress = rp === undefined ? undefined : /<([^>]*)>/.exec(rp)?.[1]?.trim() ?? rp.trim();
  const mailFrom = rpAddress ?? envelopeFrom;
  return {
    ...(edge?.ip ? { ip: edge.ip } : {}),
    ...(edge?.helo ? { helo: edge.helo } : {}),
    ...(mailFrom !== undefined ? { mailFrom } : {}),
    ...(edge?.date ? { receivedAt: edge.date } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Per-player secrets
// ---------------------------------------------------------------------------------------------

const SCRYPT_KEYLEN = 32;
const SCRYPT_SALT_BYTES = 16;

/** A secret as compared: surrounding blanks dropped, Unicode-normalised (NFKC); case matters. */
function normaliseSecret(secret: string): string {
  return secret.trim().normalize('NFKC');
}

/** A stored hash of a player's secret: `scrypt$<salt base64>$<hash base64>`, a fresh random salt each time. */
export function hashSecret(secret: string): string {
  const salt = randomBytes(SCRYPT_SALT_BYTES);
  const hash = scryptSync(normaliseSecret(secret), salt, SCRYPT_KEYLEN);
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** Whether `secret` matches a hash made by {@link hashSecret} (constant-time compare). A malformed hash never matches. */
export function verifySecret(secret: string, stored: string): boolean {
  const parts = stored.split('$');
  if (parts.length !== 3 || parts[0] !== 'scrypt') return false;
  const salt = Buffer.from(parts[1]!, 'base64');
  const want = Buffer.from(parts[2]!, 'base64');
  if (salt.length === 0 || want.length !== SCRYPT_KEYLEN) return false;
  const got = scryptSync(normaliseSecret(secret), salt, SCRYPT_KEYLEN);
  return timingSafeEqual(got, want);
}

/** A new secret to issue a player: 15 random base-32 characters in groups (`k7q2m-9xp4h-rt3vc`), 75 bits. */
export function generateSecret(): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789'; // no 0/o, 1/l
  const bytes = randomBytes(15);
  const chars = [...bytes].map((b) => alphabet[b & 31]!).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5, 10)}-${chars.slice(10)}`;
}

/**
 * `Password: …`, `Secret: …`, `Passphrase = …`, possibly quoted (`> `) or in Markdown bold. The value
 * is one word, as {@link generateSecret} makes them, so that press which happens to start with
 * "Secret:" ("Secret: I will support you") is not mistaken for one.
 */
const SECRET_LINE = /^\s*(?:[>|]\s*)*\**\s*(?:password|passwd|passphrase|secret)\s*\**\s*[:=]\s*\**\s*(\S+?)\**\s*$/i;

/**
 * The secret line in the sender's own text (quoted replies, forwarded parts and signatures are
 * not read, as for orders): its value and 1-based line number. The first one counts.
 */
export function findSecretLine(text: string): { value: string; line: number } | undefined {
  for (const l of readBodyLines(text).lines) {
    const m = SECRET_LINE.exec(l.text);
    if (m?.[1]) return { value: m[1], line: l.no };
  }
  return undefined;
}

/**
 * The text with every secret line blanked (quoted ones too), for acknowledgements, logs and the
 * order-sheet parser. The line is emptied, not removed, so line numbers in issues still match what
 * the player wrote.
 */
export function stripSecretLines(text: string): string {
  return text
    .split(/(\r?\n)/)
    .map((part) => (SECRET_LINE.test(part) ? '' : part))
    .join('');
}

/** The secret inputs of {@link decideIdentity} from a body and the person's stored hash. */
export function secretEvidence(text: string, storedHash: string | null | undefined): Pick<IdentityInput, 'registeredSecret' | 'secretLine' | 'secretMatches'> {
  const found = findSecretLine(text);
  const registeredSecret = typeof storedHash === 'string' && storedHash !== '';
  return {
    registeredSecret,
    secretLine: found?.value,
    secretMatches: found && registeredSecret ? verifySecret(found.value, storedHash) : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// The decision
// ---------------------------------------------------------------------------------------------

export interface IdentityInput {
  /** The game's setting (`games.identity`). */
  readonly policy: IdentityPolicy;
  /** {@link authenticateMessage}'s answer; `undefined` when the message was not authenticated. */
  readonly auth: AuthResult | undefined;
  /** The From address as the message parser read it. */
  readonly fromAddress: string;
  /** The From address is a registered person. */
  readonly registered: boolean;
  /** That person has a secret on record. */
  readonly registeredSecret: boolean;
  /** The value of the message's `Password:`/`Secret:` line, if it has one. */
  readonly secretLine: string | undefined;
  /** Whether `secretLine` matches the stored hash; `undefined` when not checked. */
  readonly secretMatches: boolean | undefined;
}

export type IdentityRefusal =
  | 'unregistered'
  | 'from-mismatch'
  | 'dmarc-fail'
  | 'dmarc-none'
  | 'auth-temperror'
  | 'auth-permerror'
  | 'auth-unavailable'
  | 'secret-not-registered'
  | 'secret-missing'
  | 'secret-wrong';

export type IdentityDecision =
  | { ok: true; method: 'dmarc' | 'secret' | 'address'; evidence: string }
  | { ok: false; code: IdentityRefusal; reason: string };

function refuse(code: IdentityRefusal, reason: string): IdentityDecision {
  return { ok: false, code, reason };
}

function dmarcEvidence(a: AuthResult): string {
  const dkim = a.dkim === 'pass' ? `dkim=pass (${a.dkimDomains.join(', ')})` : `dkim=${a.dkim}`;
  return `DMARC pass for ${a.fromDomain ?? '?'} (p=${a.dmarcPolicy ?? '?'}); ${dkim}; spf=${a.spf}`;
}

/** Why authentication gave no usable answer, or `undefined` when it did (pass, fail or none). */
function unusable(a: AuthResult | undefined): IdentityDecision | undefined {
  if (!a) return refuse('auth-unavailable', 'the judge could not check where this message came from; please send it again, and write to your GM if this repeats');
  if (a.dmarc === 'pass' || a.dmarc === 'fail' || a.dmarc === 'none') return undefined;
  if (a.dmarc === 'permerror') {
    return refuse('auth-permerror', 'the From line of this message must hold exactly one address, your registered one; please send your message again from your usual mail program');
  }
  return refuse('auth-temperror', 'the judge could not check your mail domain\'s DNS records just now (a temporary error); please send the message again in a few minutes');
}

function secretRequired(input: IdentityInput, why: string): IdentityDecision {
  if (!input.registeredSecret) {
    return refuse('secret-not-registered', `this game needs your personal secret (${why}) and none is on record for you; ask your GM to issue one, then add a line "Secret: <your secret>" to your messages`);
  }
  if (input.secretLine === undefined) {
    return refuse('secret-missing', `add a line "Secret: <your secret>" to your message (${why}) and send it again`);
  }
  if (input.secretMatches !== true) {
    return refuse('secret-wrong', `the secret in your message is not the one on record for you (${why}); check it and send the message again, or ask your GM to issue a new one`);
  }
  return { ok: true, method: 'secret', evidence: `secret matched (${why})` };
}

/**
 * Decide whether a message really comes from the registered person named in its From header, by
 * the game's identity setting (D.II(3), D.X(6)). Pure; refusals carry a player-facing reason that
 * says what to do.
 *
 * - Always: the From address must be registered, and the From domain mailauth authenticated must be
 *   the domain of that address (two parsers reading one From header differently is a known way to
 *   borrow another domain's DMARC pass).
 * - `address`: the registered address suffices.
 * - `secret`: a matching secret line is required.
 * - `dmarc`: DMARC must pass.
 * - `dmarc-or-secret` (default): where the From domain publishes DMARC, DMARC must pass, and a
 *   correct secret does not rescue a failure. Where it publishes none, a matching secret is required
 *   if the person has one on record; a person with no secret is accepted on the address alone
 *   (DESIGN: "a per-player secret … is accepted where a domain publishes nothing, per the game's
 *   setting"), so that players are not locked out before a secret is issued.
 */
export function decideIdentity(input: IdentityInput): IdentityDecision {
  const { policy, auth, fromAddress } = input;
  if (!input.registered) {
    return refuse('unregistered', `${fromAddress} is not a registered address; send your orders from the address the tournament has on record for you, or ask your GM to register this one`);
  }
  const fromDomain = domainOf(fromAddress);
  if (auth?.fromDomain !== undefined && auth.fromDomain !== fromDomain) {
    return refuse('from-mismatch', 'the From line of this message could not be read unambiguously; please send it again from your usual mail program with only your registered address in From');
  }
  switch (policy) {
    case 'address':
      return { ok: true, method: 'address', evidence: 'registered address (the game accepts the address alone)' };
    case 'secret':
      return secretRequired(input, 'this game identifies players by secret');
    case 'dmarc': {
      const bad = unusable(auth);
      if (bad) return bad;
      const a = auth!;
      if (a.dmarc === 'pass') return { ok: true, method: 'dmarc', evidence: dmarcEvidence(a) };
      if (a.dmarcPolicy === undefined) {
        return refuse('dmarc-none', `your mail domain (${fromDomain ?? '?'}) publishes no DMARC policy, and this game accepts only DMARC-authenticated mail; write from an address at a domain that publishes one, or ask your GM`);
      }
      return refuse('dmarc-fail', dmarcFailReason(a));
    }
    case 'dmarc-or-secret': {
      if (!auth) {
        // Nothing says whether the domain publishes DMARC: only the secret can vouch.
        return input.registeredSecret && input.secretMatches === true ? { ok: true, method: 'secret', evidence: 'secret matched (message not authenticated)' } : unusable(auth)!;
      }
      if (auth.dmarc === 'pass') return { ok: true, method: 'dmarc', evidence: dmarcEvidence(auth) };
      if (auth.dmarcPolicy !== undefined) {
        // The domain publishes DMARC and this message fails it: nothing its owner authorises vouches
        // for the From header, so it is treated as forged. A correct secret does not rescue it: a
        // secret travels in message bodies, which anyone may forward (D.X(4)), so letting the weaker
        // proof override the domain's failure would reduce every DMARC-protected player to the secret.
        return refuse('dmarc-fail', dmarcFailReason(auth));
      }
      const bad = unusable(auth);
      if (bad) return bad; // temperror/permerror: not the same as "publishes nothing"
      const why = `your mail domain ${fromDomain ?? '?'} publishes no DMARC policy`;
      if (input.registeredSecret) return secretRequired(input, why);
      return { ok: true, method: 'address', evidence: 'address only (domain publishes no DMARC, no secret registered)' };
    }
  }
}

function dmarcFailReason(a: AuthResult): string {
  return `this message failed your mail domain's own authentication (DMARC ${a.dmarc} for ${a.fromDomain ?? '?'}, which publishes p=${a.dmarcPolicy ?? '?'}), so the judge cannot accept it as coming from you; send it directly from your own mail account (not through a forwarding service or a different server), and write to your GM if this repeats`;
}

/**
 * Whether the From address of a message is authenticated enough to be written to (issue 16: no
 * backscatter): a verifying DKIM signature aligned with the From domain (relaxed: the same domain
 * or one a subdomain of the other), an SPF pass, or a DMARC pass, as mailauth reports them. An
 * unknown sender whose From is not authenticated is recorded and not answered, so a forged From
 * cannot make the judge mail a victim. Pure.
 */
export function fromAuthenticated(auth: AuthResult, fromAddress: string): boolean {
  const from = domainOf(fromAddress);
  if (!from) return false;
  const aligned = auth.dkim === 'pass' && auth.dkimDomains.some((d) => d === from || from.endsWith(`.${d}`) || d.endsWith(`.${from}`));
  return aligned || auth.spf === 'pass' || auth.dmarc === 'pass';
}
