/**
 * Press as received (D.X), append-only. The author is kept for the TD alone: nothing that reads
 * this table for a publication or a digest may show the author of press that is not white (D.X(2)).
 */
import type { Power } from '../diplomacy/index.js';
import type { Db, StoredPressKind } from './schema.js';

export interface StoredPress {
  readonly id: number;
  readonly gameId: string;
  readonly phase: string;
  /** For the TD only (D.X(2)). */
  readonly authorPower: Power;
  readonly personId: number;
  readonly inboundMessageId: number;
  readonly line: number;
  readonly receivedAt: Date;
  readonly kind: StoredPressKind;
  /** `null`: to all. */
  readonly to: readonly Power[] | null;
  readonly attribution: string | null;
  readonly text: string;
  readonly accepted: boolean;
  readonly refusal: string | null;
}

export type NewPress = Omit<StoredPress, 'id'>;

/** Record a press item; `undefined` when this message line was recorded already. */
export async function insertPress(db: Db, p: NewPress): Promise<StoredPress | undefined> {
  const row = await db
    .insertInto('press_items')
    .values({
      game_id: p.gameId,
      phase: p.phase,
      author_power: p.authorPower,
      person_id: p.personId,
      inbound_message_id: p.inboundMessageId,
      line: p.line,
      received_at: p.receivedAt,
      kind: p.kind,
      to_powers: p.to ? [...p.to] : null,
      attribution: p.attribution,
      body: p.text,
      accepted: p.accepted,
      refusal: p.refusal,
    })
    .onConflict((oc) => oc.columns(['inbound_message_id', 'line']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row && { ...p, id: row.id };
}

/** The press received during a phase (accepted and refused), in receipt order. */
export async function findPhasePress(db: Db, gameId: string, phase: string): Promise<StoredPress[]> {
  const rows = await db.selectFrom('press_items').selectAll().where('game_id', '=', gameId).where('phase', '=', phase).orderBy('received_at').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    gameId: r.game_id,
    phase: r.phase,
    authorPower: r.author_power,
    personId: r.person_id,
    inboundMessageId: r.inbound_message_id,
    line: r.line,
    receivedAt: r.received_at,
    kind: r.kind,
    to: r.to_powers,
    attribution: r.attribution,
    text: r.body,
    accepted: r.accepted,
    refusal: r.refusal,
  }));
}
