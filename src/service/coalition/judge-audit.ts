/**
 * `mailjudge audit` of a Coalition round (issue 33), for the judges (1.3: the Battle Judge is the
 * head judge and sanctions a player who breaks the rules; 5.4.1) — by player or by army:
 *
 * - `--player NAME`: every message from the player's address (the thread, PMs, strategies, the
 *   confirmation mailbox, and those refused, ignored or quarantined), with what the judge took from
 *   it; then, for each locked turn, every order the player sent and what came of it at the lock.
 * - `--army NAME`: every message that held an order, a strategy, a control change, a transfer or a
 *   troop change for the army — including the posts refused (late, 3.1; sender not verified, 1.6) —
 *   with its sender; the control list's history for the army (5.2.1); then for each locked turn who
 *   controlled it at the lock (5.4.2) and which order it carried out (3.3.6: the controller's last).
 *
 * Each receipt shows its receipt time in GMT to the second, the SHA-256 of the raw message, the
 * identity evidence and the decision, and the hash chain is verified (audit-receipts.ts).
 */
import { findCoalitionGame, findCoalitionPlayers, findControlChanges } from '../../db/coalition.js';
import type { Game } from '../../db/games.js';
import { findPeople } from '../../db/people.js';
import type { Db } from '../../db/schema.js';
import { controlAt, withMercenaryJudge } from '../../coalition/armies/control-changes.js';
import { readCoalitionCommands } from '../../coalition/mail-commands.js';
import { parseCoalitionPosts } from '../../coalition/posts/parse-posts.js';
import { stripSecretLines } from '../../mail/inbound/identity.js';
import { parseMessage } from '../../mail/inbound/parse-message.js';
import { auditGmt as gmt, checkIntegrity, findReceipts, integrityLine, receiptLines, type Receipt } from '../audit-receipts.js';
import { problems, type CommandResult } from '../command-result.js';
import type { AuditSubject } from '../game-kind.js';
import { mercenaryJudgeName } from './movement-mail.js';

const key = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

interface OrderRow { id: number; turn: number; army: string; text: string; sender: string; receivedAt: Date; via: string; inbound: number; line: number; afterLockEdit: boolean }
interface TurnRow { turn: number; lockedAt: Date; results: { army: string; order: string; post: string; line: number; outcome: string; reason: string | null }[] }

/** What a result says, in the update's words. */
function resultText(r: TurnRow['results'][number] | undefined, turn: TurnRow | undefined): string {
  if (!turn) return 'the turn is not locked yet';
  if (!r) return `not carried out at the turn ${turn.turn} lock`;
  return `${r.outcome}${r.reason ? `: ${r.reason}` : ''}`;
}

export async function auditCoalition(db: Db, game: Game, subject: AuditSubject): Promise<CommandResult> {
  const setup = await findCoalitionGame(db, game.id);
  const players = await findCoalitionPlayers(db, game.id);
  const armies = setup?.world.armies ?? [];
  const orderRows: OrderRow[] = (await db.selectFrom('coalition_orders').selectAll().where('game_id', '=', game.id).orderBy('received_at').orderBy('id').execute())
    .map((r) => ({ id: r.id, turn: r.turn, army: r.army, text: r.text, sender: r.sender_name, receivedAt: r.received_at, via: r.via, inbound: r.inbound_message_id, line: r.line, afterLockEdit: r.after_lock_edit }));
  const knownArmies = [...new Map([...armies.map((a) => a.name), ...orderRows.map((o) => o.army)].map((n) => [key(n), n])).values()];
  const phase = subject.phase?.toUpperCase();
  const bad: string[] = [];
  const listed = `players: ${players.map((p) => p.name).join(', ') || 'none'}; armies: ${knownArmies.join(', ') || 'none'}`;
  if (subject.by === 'power') bad.push(`--power ${subject.name}: ${game.id} is a Coalition round, which has no powers; audit --player <name> or --army <name> (${listed})`);
  if (phase !== undefined && !/^T[1-9]\d*$/.test(phase)) bad.push(`--phase ${subject.phase}: a Coalition turn, such as T1 or T2`);
  const player = subject.by === 'player' ? players.find((p) => key(p.name) === key(subject.name)) : undefined;
  const army = subject.by === 'army' ? knownArmies.find((a) => key(a) === key(subject.name)) : undefined;
  if (subject.by === 'player' && !player) bad.push(`--player ${subject.name}: no player of that name in ${game.id} (${listed})`);
  if (subject.by === 'army' && !army) bad.push(`--army ${subject.name}: no army of that name in ${game.id} (${listed})`);
  if (bad.length > 0) return problems(bad);
  const turnFilter = phase ? Number(phase.slice(1)) : undefined;

  const turns: TurnRow[] = (await db.selectFrom('coalition_turns').select(['turn', 'locked_at', 'result']).where('game_id', '=', game.id).orderBy('turn').execute())
    .map((t) => ({ turn: t.turn, lockedAt: t.locked_at, results: ((t.result as { movement?: { results?: TurnRow['results'] } }).movement?.results ?? []) }));
  const resultOf = (o: OrderRow) => turns.find((t) => t.turn === o.turn)?.results.find((r) => r.post === String(o.inbound) && r.line === o.line);
  const people = await findPeople(db, players.map((p) => p.personId));
  const changes = (await db.selectFrom('coalition_control as c').leftJoin('people as p', 'p.id', 'c.requested_by')
    .select(['c.army', 'c.controller', 'c.effective_at', 'c.inbound_message_id', 'c.reason', 'p.name as requester']).where('c.game_id', '=', game.id).orderBy('c.effective_at').orderBy('c.id').execute());
  const strategies = await db.selectFrom('coalition_strategies as s').innerJoin('coalition_battles as b', 'b.id', 's.battle_id')
    .select(['s.army', 's.sender_name', 's.role', 's.received_at', 's.inbound_message_id', 'b.square', 'b.announced_turn']).where('b.game_id', '=', game.id).orderBy('s.received_at').execute();
  const transfers = await db.selectFrom('coalition_transfer_details').select(['from_army', 'to_army', 'sender_name', 'inbound_message_id', 'turn']).where('game_id', '=', game.id).execute();
  const troopChanges = await db.selectFrom('coalition_troop_changes').select(['army', 'sender_name', 'inbound_message_id', 'turn']).where('game_id', '=', game.id).execute();

  const mercJudge = setup ? await mercenaryJudgeName(db, setup) : null;
  const controlList = await findControlChanges(db, game.id);
  const controllerAt = (armyName: string, at: Date) => withMercenaryJudge(controlAt(armies, players, controlList, at), armies, mercJudge).get(key(armyName)) ?? null;
  const mine = (name: string) => key(name) === key(army ?? '');

  let receipts: Receipt[];
  let heading: string[];
  let extra: (r: Receipt) => string[];
  let perTurn: { turn: number; lockedAt: string; lines: string[] }[] = [];
  const orderLine = (o: OrderRow, withSender: boolean) =>
    `      order for ${o.army} (line ${o.line}, ${o.via === 'pm' ? 'PMed to the Movement Judge' : 'posted in the thread'}${o.afterLockEdit ? ', After Lock Edit 6.3.2' : ''}${withSender ? `, by ${o.sender}` : ''}): "${o.text}" → turn ${o.turn}: ${resultText(resultOf(o), turns.find((t) => t.turn === o.turn))}`;
  const lockedTurns = turns.filter((t) => turnFilter === undefined || t.turn === turnFilter);

  if (player) {
    const email = people.get(player.personId)?.email.toLowerCase();
    receipts = await findReceipts(db, { gameId: game.id, emails: email ? [email] : [], ...(phase ? { phase } : {}) });
    const controls = armies.filter((a) => key(controllerAt(a.name, new Date(8.64e15)) ?? '') === key(player.name)).map((a) => a.name);
    heading = [
      `Audit of the player ${player.name} in ${game.id}${phase ? `, ${phase}` : ''} (times GMT, to the second)`,
      `  player: ${player.name} <${email ?? '?'}>, ${player.team === 'coalition' ? 'Coalition' : 'Phyrexia'} ${player.rank}${player.authority ? ', with authority over the control list (5.2.2.1)' : ''}${player.contingency ? `; contingency ${player.contingency} (5.2.3)` : ''}`,
      `  controls now: ${controls.join(', ') || 'no army'}`,
    ];
    extra = (r) => [
      ...orderRows.filter((o) => o.inbound === r.inbound).map((o) => orderLine(o, false)),
      ...strategies.filter((s) => s.inbound_message_id === r.inbound).map((s) => `      strategy for ${s.army} in the battle at ${s.square} (as ${s.role}, 5.2.3)`),
      ...changes.filter((c) => c.inbound_message_id === r.inbound).map((c) => `      control: ${c.army} to ${c.controller ?? 'nobody'}, effective ${gmt(c.effective_at)} (5.2.1)`),
    ];
    perTurn = lockedTurns.map((t) => {
      const sent = orderRows.filter((o) => o.turn === t.turn && key(o.sender) === key(player.name));
      const held = armies.filter((a) => key(controllerAt(a.name, t.lockedAt) ?? '') === key(player.name)).map((a) => a.name);
      return {
        turn: t.turn, lockedAt: gmt(t.lockedAt),
        lines: [
          `  controlled at the lock (5.4.2): ${held.join(', ') || 'no army'}`,
          ...(sent.length === 0 ? ['  no order sent'] : sent.map((o) => `  ${o.army}: "${o.text}" (received ${gmt(o.receivedAt)}${o.via === 'pm' ? ', by PM' : ''}): ${resultText(resultOf(o), t)}`)),
        ],
      };
    });
  } else {
    const name = army!;
    const ids = new Set<number>([
      ...orderRows.filter((o) => mine(o.army)).map((o) => o.inbound),
      ...strategies.filter((s) => mine(s.army)).map((s) => s.inbound_message_id),
      ...changes.filter((c) => mine(c.army) && c.inbound_message_id !== null).map((c) => c.inbound_message_id!),
      ...transfers.filter((x) => mine(x.from_army) || mine(x.to_army)).map((x) => x.inbound_message_id),
      ...troopChanges.filter((x) => mine(x.army)).map((x) => x.inbound_message_id),
      ...(await refusedPostsFor(db, game.id, name)),
    ]);
    receipts = await findReceipts(db, { gameId: game.id, emails: [], inboundIds: [...ids], ...(phase ? { phase } : {}) });
    const now = armies.find((a) => mine(a.name));
    heading = [
      `Audit of the army ${name} in ${game.id}${phase ? `, ${phase}` : ''} (times GMT, to the second)`,
      `  army: ${now ? `${now.team.charAt(0).toUpperCase()}${now.team.slice(1)} ${now.rank} at ${now.at}; controlled by ${controllerAt(name, new Date(8.64e15)) ?? 'nobody'} now` : 'no longer on the map'}`,
      ...changes.filter((c) => mine(c.army)).map((c) => `  control list: to ${c.controller ?? 'nobody'} from ${gmt(c.effective_at)}${c.requester ? `, requested by ${c.requester}` : ''}${c.inbound_message_id ? ` (message #${c.inbound_message_id})` : ''} (5.2.1)`),
    ];
    extra = (r) => {
      const own = orderRows.filter((o) => o.inbound === r.inbound && mine(o.army));
      const strat = strategies.filter((s) => s.inbound_message_id === r.inbound && mine(s.army));
      const refused = own.length === 0 && strat.length === 0 && ['late', 'refused'].includes(r.outcome) ? [`      a post naming ${name}: not stored as an order (${r.reason ?? r.outcome})`] : [];
      return [
        ...own.map((o) => orderLine(o, true)),
        ...strat.map((s) => `      strategy for ${s.army} in the battle at ${s.square}, by ${s.sender_name} (as ${s.role}, 5.2.3)`),
        ...changes.filter((c) => c.inbound_message_id === r.inbound && mine(c.army)).map((c) => `      control: ${c.army} to ${c.controller ?? 'nobody'}, effective ${gmt(c.effective_at)} (5.2.1)`),
        ...refused,
      ];
    };
    perTurn = lockedTurns.map((t) => {
      const controller = controllerAt(name, t.lockedAt);
      const results = t.results.filter((x) => mine(x.army));
      const sent = orderRows.filter((o) => o.turn === t.turn && mine(o.army));
      return {
        turn: t.turn, lockedAt: gmt(t.lockedAt),
        lines: [
          `  controller at the lock (5.4.2): ${controller ?? 'nobody'}`,
          ...(sent.length === 0 ? ['  no order: it did not move'] : sent.map((o) => `  "${o.text}" by ${o.sender} (received ${gmt(o.receivedAt)}${o.via === 'pm' ? ', by PM' : ''}, message #${o.inbound} line ${o.line}): ${resultText(results.find((x) => x.post === String(o.inbound) && x.line === o.line), t)}`)),
        ],
      };
    });
  }
  const integrity = await checkIntegrity(db, receipts);
  const json = {
    game: game.id, kind: game.kind, by: subject.by, subject: player?.name ?? army, phase: phase ?? null, receipts,
    orders: orderRows.filter((o) => (player ? key(o.sender) === key(player.name) : mine(o.army)) && (turnFilter === undefined || o.turn === turnFilter))
      .map((o) => ({ turn: o.turn, army: o.army, text: o.text, sender: o.sender, receivedAt: o.receivedAt.toISOString(), via: o.via, inbound: o.inbound, line: o.line, result: resultOf(o) ?? null })),
    turns: perTurn, integrity,
  };
  const lines = [...heading, '', ...receiptLines(receipts, extra), ''];
  for (const t of perTurn) lines.push(`Turn ${t.turn} (locked ${t.lockedAt}):`, ...t.lines);
  if (perTurn.length > 0) lines.push('');
  lines.push(integrityLine(integrity));
  return { ok: true, text: lines.join('\n'), json };
}

/**
 * The messages of the game that were not stored as orders (late, 3.1; refused, e.g. the sender not
 * verified, 1.6) but hold a post naming `army`: read again from the stored raw message.
 */
async function refusedPostsFor(db: Db, gameId: string, army: string): Promise<number[]> {
  const rows = await db.selectFrom('inbound_decisions as d').innerJoin('inbound_messages as m', 'm.id', 'd.inbound_message_id')
    .select(['m.id', 'm.raw']).where('d.game_id', '=', gameId).where('d.outcome', 'in', ['late', 'refused']).execute();
  const out: number[] = [];
  for (const r of rows) {
    const parsed = await parseMessage(r.raw);
    if (!parsed.ok) continue;
    const { rest } = readCoalitionCommands(stripSecretLines(parsed.mail.text));
    if (parseCoalitionPosts(rest).posts.some((p) => key(p.army) === key(army))) out.push(r.id);
  }
  return out;
}
