-- Issue 29 (a deadline of many boards): no table scan per game. Every index on positions that leads
-- with game_id is partial (open holdings: ended_at IS NULL), so a read of a game's holdings that does
-- not say `ended_at IS NULL` could not use one and read the whole table: the calendar tick's
-- replacement periods of each game (findReplacementPeriods: replacement_periods joined to positions
-- by game), each minute for every active game (the 100-board benchmark: positions read whole 22
-- times, 700 rows each), and a tournament's position history per earlier board at `tournament assign`
-- (findPositionHistory). This index serves both.
CREATE INDEX positions_game_idx ON positions (game_id, started_at);
