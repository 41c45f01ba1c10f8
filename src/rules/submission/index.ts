/**
 * Pure submission rules: when a message counts as received, whether it is on time or late, which game
 * it is for, the per-sender reply cap, and the Coalition lock and order-selection rules. Time is always
 * a parameter.
 */
export { isOnTime, lateDecision, type LateDecision, type LatePolicy, type TimeResolution } from './on-time.js';
export { countedReceipt, type CountedReceipt, type MailCopy } from './receipt.js';
export { addressedToGame, gameFromAddresses, normalizeAddress, subjectTags, type GameCandidate, type GameMatch } from './addressing.js';
export { rateLimit, replyBudgetWindow, RATE_LIMIT_WINDOW_MS, type RateLimitDecision, type ReplyBudgetLimits, type ReplyBudgetName } from './rate-limit.js';
