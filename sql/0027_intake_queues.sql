-- Issue 29: the intake's queries by index. Receipt names each message's decision queue from the
-- addresses in its To and Cc (src/service/intake/store-message.ts), and every decision looks up the
-- games those addresses name (candidateGames): a game's own address has its index since 0001
-- (games_address_key); a Coalition game's PM and battle addresses are compared lower-cased, which
-- their UNIQUE constraints (case-sensitive) cannot serve.
CREATE INDEX coalition_games_pm_address_idx ON coalition_games (lower(pm_address));
CREATE INDEX coalition_games_battle_address_idx ON coalition_games (lower(battle_address));
