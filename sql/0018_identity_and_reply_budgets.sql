-- 0018: identity for every role and reply budgets that a forger cannot spend (issue 25 items 1-4).
--
-- Which budget a reply to an inbound message came out of. 'own': the person's own mail (the hourly
-- cap MAX_REPLIES_PER_SENDER_PER_HOUR); 'identity': a refusal of a message that failed the identity
-- check, counted per claimed address apart from the person's own budget, so forgeries in someone's
-- name never use up that person's acknowledgements; 'automatic': an answer to an automatic message
-- (RFC 3834: auto-responders, lists, the null sender), at most one a day per address.
ALTER TABLE inbound_decisions ADD COLUMN reply_budget text NOT NULL DEFAULT 'own'
  CHECK (reply_budget IN ('own', 'identity', 'automatic'));
CREATE INDEX inbound_decisions_budget_idx ON inbound_decisions (lower(from_address), reply_budget, decided_at) WHERE replied;
