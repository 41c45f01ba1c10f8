/**
 * `mailjudge audit --game G (--power P | --player NAME | --army NAME) [--phase S1901M|T2]`: the TD's
 * or the judges' view of a dispute. The game's kind gathers the receipts and says what counted
 * (src/service/diplomacy/diplomacy-audit.ts: by power, D.VII(1), D.VII(7); src/service/coalition/judge-audit.ts:
 * by player and by army, 1.3, 3.3.6, 5.4.2); the receipts, hashes and the verified hash chain are
 * shared (src/service/audit-receipts.ts).
 */
import { findGame } from '../db/games.js';
import type { Db } from '../db/schema.js';
import { problems, type CommandResult } from './command-result.js';
import type { AuditSubject } from './game-kind.js';
import { kindOf } from './game-kinds.js';

export interface AuditOptions {
  readonly game: string;
  readonly power?: string;
  readonly player?: string;
  readonly army?: string;
  readonly phase?: string;
}

export async function runAudit(db: Db, o: AuditOptions): Promise<CommandResult> {
  const named = (['power', 'player', 'army'] as const).filter((k) => o[k] !== undefined);
  if (named.length !== 1) return problems([`name one of --power <power> (a Diplomacy game), --player <name> or --army <name> (a Coalition round)${named.length > 1 ? `, not ${named.map((k) => `--${k}`).join(' and ')}` : ''}`]);
  const game = await findGame(db, o.game);
  if (!game) return problems([`no game "${o.game}"`]);
  const by = named[0]!;
  const subject: AuditSubject = { by, name: o[by]!, ...(o.phase ? { phase: o.phase } : {}) };
  return kindOf(game).views.audit(db, game, subject);
}
