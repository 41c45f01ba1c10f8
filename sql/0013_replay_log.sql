-- 0013: what `mailjudge reproduce` needs beyond the archived mail (issue 16).
--
-- The raw messages (inbound_messages) and their decisions are one half of a game's inputs; the
-- other half is what did not come by mail: the GM's and TD's commands run at the console (game
-- create, extend, deadline, process, absence, replace, calendar, rollback), with their full
-- arguments and the judge's clock when they ran, and the worker's runs (an adjudication, a calendar
-- tick that did something) with the instant they ran at. A command that came by email is not
-- logged here: its message replays it. Append-only: the log is evidence.
CREATE TABLE replay_log (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id    text REFERENCES games,
  -- The judge's clock when it ran (the command's `now`, the task's `ctx.now()`).
  at         timestamptz NOT NULL,
  -- The wall clock when it was logged: orders events at the same `at` (a command and a message).
  logged_at  timestamptz NOT NULL DEFAULT clock_timestamp(),
  kind       text NOT NULL CHECK (kind IN ('command', 'task')),
  -- command: game-create, extend, deadline, process, process-now, absence, replace, calendar,
  -- rollback; task: adjudicate-phase, calendar-tick.
  name       text NOT NULL,
  -- The arguments as given (instants as {"$date": "<ISO>"}), or the task's payload and outcome.
  args       jsonb NOT NULL,
  actor      text NOT NULL
);
CREATE INDEX replay_log_game_idx ON replay_log (game_id, at, logged_at);
CREATE TRIGGER replay_log_append_only BEFORE UPDATE OR DELETE ON replay_log
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();
CREATE TRIGGER replay_log_no_truncate BEFORE TRUNCATE ON replay_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_append_only_change();
