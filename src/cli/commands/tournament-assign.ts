/**
 * `mailjudge tournament assign` without a slug (DESIGN.md "The tournament CLI contracts"): one
 * round's seating as JSON on stdin → `{boards, broken, commitment}` on stdout. Pure; bad input
 * throws InputError naming every problem. Registered in src/cli/tournament-assign-command.ts.
 */
import { z } from 'zod';
import { POWERS, type Power } from '../../diplomacy/index.js';
import { assignBoards, validateAssignInput, type AssignInput, type AssignOutput } from '../../tournament/assign/index.js';
import { InputError, parseJsonText, validate } from '../position-json.js';

const PowerName = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .refine((s): s is Power => (POWERS as readonly string[]).includes(s), { message: `a power: one of ${POWERS.join(', ')}` });

const AssignJson = z.object({
  round: z.number().int().min(1),
  teamRound: z.boolean(),
  seed: z.string().min(1, 'give the round\'s secret seed (its SHA-256 is the commitment)'),
  players: z.array(
    z.object({
      id: z.string().min(1),
      team: z.string().min(1).nullable(),
      power: PowerName.optional(),
    }),
  ),
  history: z
    .array(
      z.object({
        round: z.number().int().min(1),
        board: z.string().min(1),
        seats: z.record(z.string(), z.string().min(1)).superRefine((seats, ctx) => {
          for (const k of Object.keys(seats))
            if (!(POWERS as readonly string[]).includes(k.trim().toUpperCase())) ctx.addIssue({ code: 'custom', path: [k], message: `unknown power "${k}" (one of ${POWERS.join(', ')})` });
        }),
      }),
    )
    .default([]),
});

/** Read and check an assignment request, or throw {@link InputError} with every problem. */
export function readAssignInput(text: string): AssignInput {
  const json = validate(AssignJson, parseJsonText(text));
  const input: AssignInput = {
    round: json.round,
    teamRound: json.teamRound,
    seed: json.seed,
    players: json.players.map((p) => ({ id: p.id, team: p.team, ...(p.power !== undefined ? { power: p.power as Power } : {}) })),
    history: json.history.map((h) => ({
      round: h.round,
      board: h.board,
      seats: Object.fromEntries(Object.entries(h.seats).map(([k, v]) => [k.trim().toUpperCase(), v])) as Partial<Record<Power, string>>,
    })),
  };
  const problems = validateAssignInput(input);
  if (problems.length > 0) throw new InputError(problems);
  return input;
}

/** The whole command: request text → seating. */
export function runTournamentAssign(text: string): AssignOutput {
  return assignBoards(readAssignInput(text));
}
