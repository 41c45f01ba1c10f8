/**
 * The tournament's verifiable dice (DESIGN.md "Verifiable dice"): a secret seed made once, its
 * SHA-256 written to the audit log before any roll is used; every roll is recomputable from the seed
 * once the TD reveals it (`mailjudge dice verify`).
 */
import { randomBytes } from 'node:crypto';
import { appendAudit } from '../../db/audit-log.js';
import type { Trx } from '../../db/schema.js';
import { findDiceSeed, setDiceSeedOnce, type Tournament } from '../../db/tournaments.js';
import { commitment } from '../../dice/index.js';

/** The tournament's seed, made (and its commitment audited) on first need. */
export async function ensureDiceSeed(trx: Trx, t: Tournament, actor: string): Promise<string> {
  const existing = await findDiceSeed(trx, t.id);
  if (existing) return existing;
  const seed = await setDiceSeedOnce(trx, t.id, randomBytes(32).toString('hex'));
  await appendAudit(trx, { actor, action: 'tournament.dice-commitment', detail: { tournament: t.slug, commitment: commitment(seed) } });
  return seed;
}
