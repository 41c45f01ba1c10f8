/**
 * Per-player secrets (D.X(6)): stored only as salted hashes, found in a message body, never echoed
 * back. Pure but for the random source of a new secret. Part of src/mail/inbound/identity.ts.
 */
import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import { readBodyLines } from '../../diplomacy/sheet/index.js';

// ---------------------------------------------------------------------------------------------
// Per-player secrets
// ---------------------------------------------------------------------------------------------

const HASH_BYTES = 32;
const SALT_BYTES = 16;

/** A secret as compared: surrounding blanks dropped, Unicode-normalised (NFKC); case matters. */
function normaliseSecret(secret: string): string {
  return secret.trim().normalize('NFKC');
}

function sha256(salt: Buffer, secret: string): Buffer {
  return createHash('sha256').update(salt).update(normaliseSecret(secret), 'utf8').digest();
}

/**
 * A stored hash of a player's secret: `sha256$<salt base64>$<hash base64>`, a fresh random salt each
 * time. Every secret is one the judge made ({@link generateSecret}: 75 random bits), never a word a
 * person chose, so a slow password hash adds nothing against guessing (2^75 SHA-256 guesses is out of
 * anyone's reach) and cost 90 ms of CPU per secret: a 147-board round's 1,029 players took 90 s to
 * seat with scrypt, and every message carrying a secret paid it again to be verified.
 */
export function hashSecret(secret: string): string {
  const salt = randomBytes(SALT_BYTES);
  return `sha256$${salt.toString('base64')}$${sha256(salt, secret).toString('base64')}`;
}

/**
 * Whether `secret` matches a hash made by {@link hashSecret} (constant-time compare), or by the
 * judge before stop 37 (`scrypt$<salt>$<hash>`, still read). A malformed hash never matches.
 */
export function verifySecret(secret: string, stored: string): boolean {
  const parts = stored.split('$');
  if (parts.length !== 3 || (parts[0] !== 'sha256' && parts[0] !== 'scrypt')) return false;
  const salt = Buffer.from(parts[1]!, 'base64');
  const want = Buffer.from(parts[2]!, 'base64');
  if (salt.length === 0 || want.length !== HASH_BYTES) return false;
  const got = parts[0] === 'sha256' ? sha256(salt, secret) : scryptSync(normaliseSecret(secret), salt, HASH_BYTES);
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
