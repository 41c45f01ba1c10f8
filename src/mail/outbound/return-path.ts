/**
 * The per-recipient return path (VERP, issue 27): every mail goes out with the SMTP envelope sender
 * `judge+b.<outbox id>.<mac>@<judge's domain>`, so the delivery report a receiving MTA sends back
 * names the one outbox row it answers. The mac is an HMAC-SHA256 of `b.<id>` under the judge's own
 * key (judge_keys 'verp'), so nobody can forge a report that fails someone else's mail: a guessed
 * address carries no valid mac and is read as an ordinary report (matched, if at all, by the
 * original Message-ID it quotes). Pure but for the hash.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Letters of the mac: lower case (mailbox servers fold case), no 0/o, 1/l. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** Characters of the mac: 10 × 5 bits = 50 bits. */
const MAC_LENGTH = 10;

function mac(key: Buffer, outboxId: number): string {
  const h = createHmac('sha256', key).update(`b.${outboxId}`).digest();
  return [...h.subarray(0, MAC_LENGTH)].map((b) => ALPHABET[b & 31]!).join('');
}

/** `judge+b.42.k7q2m9xpab@judge.example.org` for outbox row 42 of the judge `judge@judge.example.org`. */
export function bounceAddress(judgeAddress: string, outboxId: number, key: Buffer): string {
  const at = judgeAddress.lastIndexOf('@');
  return `${judgeAddress.slice(0, at)}+b.${outboxId}.${mac(key, outboxId)}${judgeAddress.slice(at)}`.toLowerCase();
}

/** The outbox id a return path of this judge names, when its mac is right; otherwise `undefined`. */
export function parseBounceAddress(judgeAddress: string, address: string, key: Buffer): number | undefined {
  const at = judgeAddress.lastIndexOf('@');
  const local = judgeAddress.slice(0, at).toLowerCase();
  const domain = judgeAddress.slice(at + 1).toLowerCase();
  const a = address.trim().replace(/^<|>$/g, '').toLowerCase();
  if (!a.startsWith(`${local}+b.`) || !a.endsWith(`@${domain}`)) return undefined;
  const m = /^(\d{1,15})\.([a-z2-9]+)$/.exec(a.slice(local.length + 3, a.length - domain.length - 1));
  if (!m) return undefined;
  const id = Number(m[1]);
  const want = Buffer.from(mac(key, id));
  const got = Buffer.from(m[2]!);
  return got.length === want.length && timingSafeEqual(got, want) ? id : undefined;
}
