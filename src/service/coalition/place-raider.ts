/**
 * 6.3.2 Spawning: "Where it appears is the Mercenary Judge's" (issue 12): a Raider spawned at an
 * update is placed by his PLACE line (movement-mail.ts) or `mailjudge coalition place`, checked by
 * checkRaiderPlacement (6.3, 6.3.1); it joins the world with 0 days and everyone is told where.
 */
import { appendAudit } from '../../db/audit-log.js';
import { findCoalitionGame, findCoalitionPlayers, setCoalitionWorld, type CoalitionPlayer, type CoalitionSetup } from '../../db/coalition.js';
import { findGame, lockGame, type Game } from '../../db/games.js';
import { insertReplayEntry } from '../../db/replay-log.js';
import type { Db, Trx } from '../../db/schema.js';
import { checkRaiderPlacement, parseWorldMap, type Army } from '../../coalition/index.js';
import { gmtSeconds } from '../../mail/inbound/intake.js';
import { problems, type CommandResult } from '../command-result.js';
import { sendNotice } from '../notify.js';
import { coalitionPeople, everyone } from './game-people.js';

const key = (s: string) => s.trim().toLowerCase();

export async function placeSpawnedRaider(trx: Trx, fromAddress: string, p: { game: Game; setup: CoalitionSetup; players: readonly CoalitionPlayer[]; army: string; square: string; judge: string; actor: string; at: Date; inboundId?: number }): Promise<{ ok: boolean; text: string }> {
  const waiting = p.setup.world.pendingRaiders ?? [];
  const raider = waiting.find((w) => key(w.name) === key(p.army));
  if (!raider) return { ok: false, text: `no spawned Raider "${p.army}" waits to be placed (${waiting.length > 0 ? `waiting: ${waiting.map((w) => w.name).join(', ')}` : 'none waits'}; 6.3.2)` };
  const map = parseWorldMap(p.setup.world.map);
  if (!map.ok) return { ok: false, text: 'the stored map does not read' };
  const check = checkRaiderPlacement(map.map, p.setup.world.armies as unknown as Army[], p.square);
  if (!check.ok) return { ok: false, text: check.reason };
  const army = { name: raider.name, team: 'mercenary' as const, rank: raider.rank, at: check.at, mercenary: 'raider', days: 0 };
  await setCoalitionWorld(trx, p.game.id, { ...p.setup.world, armies: [...p.setup.world.armies, army], pendingRaiders: waiting.filter((w) => w !== raider) });
  await appendAudit(trx, { gameId: p.game.id, actor: p.actor, action: 'coalition.raider-placed', detail: { army: raider.name, rank: raider.rank, at: check.at, spawnedAt: raider.turn, ...(p.inboundId !== undefined ? { inboundId: p.inboundId } : {}) } });
  const people = await coalitionPeople(trx, p.game, p.setup, p.players);
  await sendNotice(trx, fromAddress, {
    game: p.game, template: 'coalition-raider-placed', key: `raider-placed:${p.game.id}:${raider.name}`,
    context: () => ({ game: { id: p.game.id, board: p.game.boardName, address: p.game.address }, army: raider.name, rank: raider.rank, at: check.at, turn: raider.turn, judge: p.judge, placedAt: gmtSeconds(p.at) }),
  }, everyone(people));
  return { ok: true, text: `${raider.name} (${raider.rank}) appears at ${check.at}; everyone is told (6.3.2)` };
}

/** `mailjudge coalition place`: the same from the console, logged for `mailjudge reproduce` (replay_log). */
export async function runCoalitionPlace(db: Db, gameId: string, army: string, square: string, actor: string, now: Date, fromAddress: string): Promise<CommandResult> {
  return db.transaction().execute(async (trx): Promise<CommandResult> => {
    await lockGame(trx, gameId);
    const game = await findGame(trx, gameId);
    const setup = game ? await findCoalitionGame(trx, gameId) : undefined;
    if (!game || !setup) return problems([`no Coalition game ${gameId}`]);
    const people = await coalitionPeople(trx, game, setup, []);
    const judge = people.mercenaryJudge?.name ?? `${people.movementJudge.name} (Movement Judge)`;
    const r = await placeSpawnedRaider(trx, fromAddress, { game, setup, players: await findCoalitionPlayers(trx, gameId), army, square, judge, actor, at: now });
    if (!r.ok) return problems([r.text]);
    await insertReplayEntry(trx, { gameId, at: now, kind: 'command', name: 'coalition-place', args: { gameId, army, square }, actor });
    return { ok: true, text: r.text, json: { game: gameId, army, at: square } };
  });
}
