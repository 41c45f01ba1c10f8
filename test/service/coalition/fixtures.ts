/**
 * What the Coalition service tests share: the judge's address, the example map, troops, and a mail
 * sent through the real intake with its receipt time, and the outbox rows a person received.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { parseWorldMap, readArmies, updateTurn } from '../../../src/coalition/index.js';
import type { Db } from '../../../src/db/schema.js';
import { DiceStream } from '../../../src/dice/index.js';
import { receiveMessage } from '../../../src/service/intake/receive-message.js';
import { ROOT } from '../../helpers/cli.js';

export const JUDGE = 'judge@judge.example.org';
export const at = (iso: string): Date => new Date(iso);
/** `data/coalition/example-map.json`, as a round file holds it. */
export const exampleMap = (): object => JSON.parse(readFileSync(join(ROOT, 'data/coalition/example-map.json'), 'utf8')) as object;
/** One troop slot of an army list (2.1): power and toughness both `size`, `alive` all by default. */
export const troop = (creature: string, colours: string[], size: number, slot: number, count: number, alive = count) => ({ creature, colours, power: size, toughness: size, slot, count, alive });

/** A mail from `from` to `to`, received at `receivedAt`, through the real intake. */
export async function sendMail(db: Db, m: { from: string; to: string; text: string; receivedAt: Date; id: string; subject: string }) {
  const raw = await new MailComposer({ from: m.from, to: m.to, subject: m.subject, text: m.text, messageId: `<${m.id}@example.org>` }).compile().build();
  return receiveMessage(db, { fromAddress: JUDGE, now: () => m.receivedAt }, { raw, receivedAt: m.receivedAt, source: 'cli' });
}

/** The game's mail to `to` (of one kind if given), oldest first. */
export function outboxTo(db: Db, game: string, to: string, kind?: string) {
  let q = db.selectFrom('outbox').select(['kind', 'subject', 'body_text', 'to_address']).where('game_id', '=', game).where('to_address', '=', to);
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('id').execute();
}

/**
 * A turn-1 seed for game `game` whose update spawns a Raider (`spawn`, 3 in 20 with no Raider on the
 * map, 6.3.2) or does not, found with the pure update: a test whose text depends on the roll fixes it.
 */
export function turnOneSeed(mapJson: object, armyJson: Parameters<typeof readArmies>[0], lock: Date, game: string, spawn: boolean): string {
  const parsed = parseWorldMap(mapJson);
  if (!parsed.ok) throw new Error('map');
  const armies = readArmies(armyJson, []);
  for (let i = 0; i < 500; i++) {
    const candidate = `turn-one-seed-${String(i).padStart(6, '0')}`;
    if (Boolean(updateTurn({ map: parsed.map, armies, lock }, [], new DiceStream(candidate, `${game}:T1`)).raiderSpawn) === spawn) return candidate;
  }
  throw new Error(`no seed with spawn ${spawn}`);
}
