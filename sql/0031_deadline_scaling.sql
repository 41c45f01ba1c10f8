-- Issue 29 (a deadline of many boards): no table scan per game. The adjudication reads a game's
-- consents to a short turn (D.VII(4)(a)) three times; without an index each read scanned every
-- game's consents.
CREATE INDEX deadline_consents_game_idx ON deadline_consents (game_id, phase);
