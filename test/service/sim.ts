/**
 * A simulated clock for calendar tests: the real tasks (adjudicate-phase, calendar-tick) run against
 * the real database and the real graphile-worker job table, but "now" is a variable the test moves.
 * Jobs are claimed as a worker claims them (locked while they run, so a job that re-enqueues its own
 * key makes a new one), run when their run_at has come on the simulated clock, and deleted when done.
 * Mail is never sent: tests read the outbox. Players' mail goes through the real inbound pipeline
 * (receiveMessage), which calls the calendar's hooks itself; the notes a message got are read back
 * from recordCommunications, which returns the recorded notes for a message it has seen.
 */
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { recordCommunications } from '../../src/service/diplomacy/record-communications.js';
import { findGame } from '../../src/db/games.js';
import { findPersonByEmail } from '../../src/db/people.js';
import { findPhase } from '../../src/db/phases.js';
import type { Db } from '../../src/db/schema.js';
import { RULE_PROFILES, type Power } from '../../src/diplomacy/index.js';
import { parseMessage } from '../../src/mail/inbound/parse-message.js';
import { receiveMessage, type ReceiveOutcome } from '../../src/service/intake/receive-message.js';
import { parseOrderSheet } from '../../src/diplomacy/sheet/index.js';
import { adjudicatePhaseTask, type AdjudicateOutcome, type AdjudicatePayload } from '../../src/service/diplomacy/adjudicate-phase.js';
import { calendarTickTask, type TickReport } from '../../src/service/diplomacy/calendar-tick.js';

export const JUDGE = 'judge@judge.example.org';
const HOUR = 3_600_000;

export interface JobRun {
  readonly at: Date;
  readonly task: string;
  readonly payload: AdjudicatePayload;
  readonly outcome: AdjudicateOutcome;
}

export class Sim {
  now: Date;
  readonly runs: JobRun[] = [];
  readonly ticks: { at: Date; report: TickReport }[] = [];
  readonly notes = new Map<string, string[]>();
  private counter = 0;

  constructor(readonly db: Db, start: Date) {
    this.now = start;
  }

  get ctx() {
    return { now: () => this.now, fromAddress: JUDGE };
  }

  /** Run every job due on the simulated clock, oldest first, until none is due. */
  async runDueJobs(): Promise<void> {
    for (;;) {
      const r = await sql<{ id: number; identifier: string; payload: unknown }>`
        SELECT j.id, t.identifier, j.payload FROM graphile_worker._private_jobs j
        JOIN graphile_worker._private_tasks t ON t.id = j.task_id
        WHERE j.run_at <= ${this.now} AND j.locked_at IS NULL
        ORDER BY j.run_at, j.id LIMIT 1`.execute(this.db);
      const job = r.rows[0];
      if (!job) return;
      await sql`UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'sim' WHERE id = ${job.id}`.execute(this.db);
      if (job.identifier === 'adjudicate-phase') {
        const payload = job.payload as AdjudicatePayload;
        const outcome = await adjudicatePhaseTask(this.db, this.ctx, payload);
        this.runs.push({ at: this.now, task: job.identifier, payload, outcome });
      }
      // send-mail: the test reads the outbox instead of sending.
      await sql`DELETE FROM graphile_worker._private_jobs WHERE id = ${job.id}`.execute(this.db);
    }
  }

  async tick(): Promise<TickReport> {
    const report = await calendarTickTask(this.db, this.ctx);
    this.ticks.push({ at: this.now, report });
    return report;
  }

  /** Move the clock to `to` in steps of at most `stepMs`, running due jobs and a tick at each step. */
  async advanceTo(to: Date, stepMs = HOUR): Promise<void> {
    while (this.now.getTime() < to.getTime()) {
      this.now = new Date(Math.min(this.now.getTime() + stepMs, to.getTime()));
      await this.runDueJobs();
      await this.tick();
      await this.runDueJobs();
    }
  }

  /** A player's email to the game, received now through the real pipeline. */
  async send(gameId: string, from: string, body: string, subject = 'orders'): Promise<ReceiveOutcome> {
    const game = (await findGame(this.db, gameId))!;
    const id = `<sim-${++this.counter}-${this.now.getTime()}@example.org>`;
    const raw = await new MailComposer({ from, to: game.address, subject, text: body, messageId: id }).compile().build();
    const out = await receiveMessage(this.db, { fromAddress: JUDGE, now: () => this.now }, { raw, receivedAt: this.now, source: 'cli' });
    if (out.kind === 'orders' || out.kind === 'noOrders') {
      // The notes the pipeline recorded for this message (recordCommunications is idempotent).
      const person = (await findPersonByEmail(this.db, from))!;
      const power = out.power as Power;
      const phase = (await findPhase(this.db, gameId, game.currentPhase))!;
      const mail = await parseMessage(raw);
      expect(mail.ok).toBe(true);
      const text = mail.ok ? mail.mail.text : '';
      const sheet = parseOrderSheet(text, { state: phase.stateBefore, power, subject, rules: RULE_PROFILES[game.ruleProfile] });
      const r = await recordCommunications(this.db, {
        gameId, phase: phase.name, power, personId: person.id, inboundMessageId: out.inboundId, receivedAt: this.now, sheet, now: this.now, fromAddress: JUDGE,
      });
      this.notes.set(`${from} ${this.now.toISOString()}`, r.notes);
    }
    return out;
  }

  /** The notes the last message from `from` got. */
  lastNotes(from: string): string[] {
    const keys = [...this.notes.keys()].filter((k) => k.startsWith(`${from} `));
    return this.notes.get(keys[keys.length - 1] ?? '') ?? [];
  }
}

/** The outbox rows of a game, optionally of one kind, oldest first. */
export async function outbox(db: Db, gameId: string, kind?: string) {
  let q = db.selectFrom('outbox').select(['kind', 'to_address', 'subject', 'body_text', 'dedupe_key', 'created_at']).where('game_id', '=', gameId);
  if (kind) q = q.where('kind', '=', kind);
  return q.orderBy('id').execute();
}

/** `HOLD` orders for every unit of `power` in the game's open phase (`A PAR H`). */
export async function holdAll(db: Db, gameId: string, power: Power): Promise<string> {
  const game = (await findGame(db, gameId))!;
  const phase = (await findPhase(db, gameId, game.currentPhase))!;
  return phase.stateBefore.units.filter((u) => u.power === power).map((u) => `${u.kind} ${u.location} H`).join('\n');
}
