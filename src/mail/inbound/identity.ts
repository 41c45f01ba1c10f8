/**
 * Who sent a message (D.II(3) no proxies, D.X(6) no impersonation of a player to the GM): the
 * registered From address, backed by DKIM/SPF/DMARC (mailauth) where the sender's domain publishes
 * DMARC, and by a per-player secret where it does not, as the game's `identity` setting says
 * (DESIGN.md "Reliability and security principles").
 *
 * Its parts live beside it: authenticate.ts, received-hops.ts, secrets.ts; this module decides.
 * Three parts:
 * - {@link authenticateMessage} (I/O: DNS) runs mailauth once and reduces its answer to an
 *   {@link AuthResult}. It never throws.
 * - {@link envelopeFromHeaders} (pure) recovers the SMTP envelope (client IP, HELO, MAIL FROM) of a
 *   message fetched over IMAP from the `Received:` header our own MTA wrote and `Return-Path:`.
 * - {@link decideIdentity} (pure) turns the evidence into accept / refuse, with a reason the player
 *   can act on. Secrets are stored only as salted hashes ({@link hashSecret}, {@link verifySecret})
 *   and the secret line is never echoed back ({@link stripSecretLines}).
 *
 * Only `pass` is a pass: mailauth reports a bad body hash or a missing key as `neutral`, not
 * `fail` (INFRA.md 5).
 */
import type { IdentityPolicy } from '../../db/schema.js';
import { domainOf, type AuthResult } from './authenticate.js';
import { findSecretLine, verifySecret } from './secrets.js';

export * from './authenticate.js';
export * from './received-hops.js';
export * from './secrets.js';

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
  /**
   * Issue 25: the From address was read from the raw header (raw-from.ts) because the parsers could
   * not read it; DMARC cannot be evaluated on it (mailauth: permerror), so only the secret can vouch.
   */
  readonly fromRecovered?: boolean;
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
      // A From only our lenient reader could read: DMARC cannot be evaluated, the person's secret decides.
      if (auth.dmarc === 'permerror' && input.fromRecovered) return secretRequired(input, 'your From line could not be read by the mail checker');
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
