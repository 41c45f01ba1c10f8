/**
 * The Coalition vs Phyrexia wargame (seeds/000_812220f31794b81d.txt), pure: the world, armies and
 * their checks, movement posts, the movement update, battles. The only import surface outside the folder.
 */
export * from './world/square.js';
export * from './world/map.js';
export * from './world/read-map.js';
export * from './world/check-map.js';
export * from './armies/ranks.js';
export * from './armies/army.js';
export * from './armies/check-army.js';
export * from './armies/control.js';
export * from './armies/read-armies.js';
export * from './armies/control-changes.js';
export * from './armies/troop-change.js';
export * from './posts/post.js';
export { formatCoalitionAction, formatCoalitionPost } from './posts/format-post.js';
export { parseCoalitionPosts, type CoalitionIssueCode, type ParseCoalitionPostsOptions, type ParseCoalitionPostsResult } from './posts/parse-posts.js';
export * from './submission.js';
export * from './movement/types.js';
export { selectOrders, readOrderText, compareOrders, checkAfterLockEdits, type ChosenOrder } from './movement/select-orders.js';
export { adjudicateMovement } from './movement/adjudicate-movement.js';
export { countDays, countPurpose, countDayAfterBattle, heal, healAtLock, type HealedAtLock, healTownDefender, healTownDefendersAtLock, findWinner, rollRaiderSpawn, DAYS_TO_DESTROY, MAX_RAIDERS, TOWN_DEFENDER_HEAL, type CountPurpose, type DayCount, type DestroyedBase, type Healed, type Winner } from './movement/day-counts.js';
export { formatMovementUpdate } from './movement/format-movement.js';
export * from './battle/colour-bonus.js';
export * from './battle/resolve-battle.js';
export * from './battle/announce-battles.js';
export { checkOrders, type OrderCheck } from './movement/check-orders.js';
export { updateTurn, type TurnUpdate } from './movement/update-turn.js';
export { battleLosses, formatBattleOutcome, formatLosses, type ArmyLosses } from './battle/format-battle.js';
export * from './battle/battle-timing.js';
export * from './battle/strategies.js';
export * from './battle/read-verdict.js';
export { COALITION_COMMAND_FORMS, readCoalitionCommands, type CoalitionCommand } from './mail-commands.js';
export * from './rulings.js';
export * from './movement/transfer-troops.js';
export * from './armies/place-raider.js';
export * from './armies/at-war.js';
