/**
 * Secrets for every role (issue 25, issue 33 item 8, D.X(6)): players, GMs, TDs and the Coalition
 * judges are issued a personal secret by default, so that a command, like an order set, cannot be
 * sent in their name on the From address alone from a domain that publishes no DMARC. The documented
 * line is `Secret: <secret>` (the judge also accepts `Password:`, the older form). A person who has
 * a secret already (another game, another role) keeps it: a new one would lock them out there.
 */
import { setPersonSecretHash, type Person } from '../db/people.js';
import type { IdentityPolicy, Trx } from '../db/schema.js';
import { generateSecret, hashSecret } from '../mail/inbound/identity.js';

/** The secret line every mail documents: `Secret: <your secret>`. */
export const SECRET_LINE_FORM = 'Secret: <your secret>';

/** Issue `person` a new secret (only its hash is stored) unless they have one or the policy is `address`; the new secret, once. */
export async function issueSecretIfNone(trx: Trx, person: Person, policy: IdentityPolicy): Promise<string | undefined> {
  if (policy === 'address' || person.secretHash !== null) return undefined;
  const secret = generateSecret();
  await setPersonSecretHash(trx, person.id, hashSecret(secret));
  return secret;
}

/**
 * What a start or appointment mail says about the secret: the new one with how to use it, or that
 * the one sent before stands; nothing under the `address` policy. `what` names what the line
 * goes in: `every message`, `every GM command`, `every TD command`.
 */
export function secretNote(secret: string | undefined, policy: IdentityPolicy, what: string): string | undefined {
  if (policy === 'address') return undefined;
  const when = policy === 'secret' ? '' : ' (required when your mail domain publishes no DMARC policy)';
  return secret
    ? `Your secret: ${secret}\nAdd the line "Secret: ${secret}" to ${what}${when}. Keep it to yourself: the judge keeps only a hash of it and will never show it again. (The older form "Password: <your secret>" is read the same way.)`
    : `Use the secret the judge sent you before: it is the one on record for you. Add the line "Secret: <your secret>" to ${what}${when}.`;
}
