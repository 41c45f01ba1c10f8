-- 0007: the kind of game a row of `games` is (issue 14): every kind plugs into the intake, the
-- service and the worker through one interface (src/service/game-kind.ts). Existing games are
-- Diplomacy boards.
ALTER TABLE games ADD COLUMN kind text NOT NULL DEFAULT 'diplomacy' CHECK (kind IN ('diplomacy', 'coalition'));
