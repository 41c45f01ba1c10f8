/**
 * The SMTP envelope (client IP, HELO, MAIL FROM) of a message fetched over IMAP, recovered from the
 * `Received:` header our own MTA wrote and `Return-Path:`. Pure. Part of src/mail/inbound/identity.ts.
 */
import { isIP } from 'node:net';
import type { Envelope } from './authenticate.js';
import { headerFields } from './header-fields.js';

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
