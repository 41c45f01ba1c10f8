/** The judges' round file of `mailjudge coalition create --file round.json` (src/cli/coalition-create-command.ts). */
import { z } from 'zod';

const Person = z.object({ name: z.string().trim().min(1), email: z.string().regex(/^[^@\s]+@[^@\s]+$/, 'an email address') });
export const RoundFile = z.object({
  id: z.string(),
  address: z.string().regex(/^[^@\s]+@[^@\s]+$/, 'an email address'),
  pmAddress: z.string().regex(/^[^@\s]+@[^@\s]+$/, 'an email address'),
  battleAddress: z.string().regex(/^[^@\s]+@[^@\s]+$/, 'an email address'),
  movementJudge: Person,
  battleJudge: Person,
  // Chapter 6: optional; he controls every mercenary army (without him they hold).
  mercenaryJudge: Person.optional(),
  editWindowMinutes: z.number().int().min(0).max(1440).optional(),
  map: z.object({}).passthrough(),
  armies: z.array(z.object({ name: z.string(), team: z.string(), rank: z.string(), at: z.string(), days: z.number().int().min(0).optional() }).passthrough()),
  players: z.array(Person.extend({ team: z.enum(['coalition', 'phyrexia']), rank: z.string(), authority: z.boolean().optional(), timeZone: z.string().optional() })),
  lock: z.string().datetime({ offset: true }),
  turnHours: z.number().int().min(1).max(336).optional(),
});
