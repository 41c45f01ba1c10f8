-- Issue 29 / 30: the calendar tick looks only at the games that may have something due.
-- Every minute (every real second under a rehearsal's fast clock) the tick read every active game in
-- its own transaction, about 18 statements each, whether anything was due or not: 1,000 games were
-- 18,000 statements a minute, and a 147-board rehearsal spent a good part of a core on it.
--
-- games.calendar_look_at: when the tick must look at the game again. NULL: at the next tick. After a
-- tick that did nothing, the tick sets it to the first instant the pure calendar has something due
-- (a reminder's or digest's time, an NMR contact deadline, a procedure's next step), at most an hour
-- ahead (docs/scaling.md). Anything that changes what is due, or when, sets it back to NULL: the
-- triggers below, on every table the tick's decisions read (the sets in, who holds each power, the
-- phase and its deadline, the calendar settings, windows and holidays, votes, NMR notices, stand-ins,
-- a withheld phase), and any change of the games row itself.
ALTER TABLE games ADD COLUMN calendar_look_at timestamptz;
CREATE INDEX games_calendar_look_idx ON games (calendar_look_at) WHERE status = 'active';

-- A row of a game's table changed: the game is looked at by the next tick.
CREATE FUNCTION mj_calendar_look_now() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gid text := CASE WHEN TG_OP = 'DELETE' THEN OLD.game_id ELSE NEW.game_id END;
BEGIN
  UPDATE games SET calendar_look_at = NULL WHERE id = gid AND calendar_look_at IS NOT NULL;
  IF TG_OP = 'UPDATE' AND OLD.game_id IS DISTINCT FROM NEW.game_id THEN
    UPDATE games SET calendar_look_at = NULL WHERE id = OLD.game_id AND calendar_look_at IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['phases', 'positions', 'order_sets', 'civil_disorder', 'proposals', 'withheld_phases',
                           'nmr_notices', 'game_calendars', 'deadline_consents', 'unavailable_windows', 'extensions'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION mj_calendar_look_now()', t || '_calendar_look', t);
  END LOOP;
END $$;

-- Tables that name their game through another row: the trigger's arguments name that row's table
-- and the column pointing at it (votes and results → their proposal, a stand-in's period → its holding).
CREATE FUNCTION mj_calendar_look_via() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ref bigint := (to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END) ->> TG_ARGV[1])::bigint;
BEGIN
  EXECUTE format('UPDATE games SET calendar_look_at = NULL WHERE id = (SELECT game_id FROM %I WHERE id = $1) AND calendar_look_at IS NOT NULL', TG_ARGV[0]) USING ref;
  RETURN NULL;
END $$;
CREATE TRIGGER votes_calendar_look AFTER INSERT OR UPDATE OR DELETE ON votes FOR EACH ROW EXECUTE FUNCTION mj_calendar_look_via('proposals', 'proposal_id');
CREATE TRIGGER proposal_results_calendar_look AFTER INSERT OR UPDATE OR DELETE ON proposal_results FOR EACH ROW EXECUTE FUNCTION mj_calendar_look_via('proposals', 'proposal_id');
CREATE TRIGGER replacement_periods_calendar_look AFTER INSERT OR UPDATE OR DELETE ON replacement_periods FOR EACH ROW EXECUTE FUNCTION mj_calendar_look_via('positions', 'position_id');

-- Holidays (D.VII(5)): a tournament's apply to its games, one without a tournament to every game.
CREATE FUNCTION mj_calendar_look_holiday() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  every boolean := (TG_OP <> 'INSERT' AND OLD.tournament_id IS NULL) OR (TG_OP <> 'DELETE' AND NEW.tournament_id IS NULL);
BEGIN
  UPDATE games SET calendar_look_at = NULL
   WHERE calendar_look_at IS NOT NULL
     AND (every
          OR (TG_OP <> 'INSERT' AND tournament_id = OLD.tournament_id)
          OR (TG_OP <> 'DELETE' AND tournament_id = NEW.tournament_id));
  RETURN NULL;
END $$;
CREATE TRIGGER holidays_calendar_look AFTER INSERT OR UPDATE OR DELETE ON holidays FOR EACH ROW EXECUTE FUNCTION mj_calendar_look_holiday();

-- A person's time zone places reminders, contact deadlines (a weekend on the player's clock) and the
-- GM's daily digests: the games they hold a power in, or run.
CREATE FUNCTION mj_calendar_look_person() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE games SET calendar_look_at = NULL
   WHERE calendar_look_at IS NOT NULL
     AND (gm_person_id = NEW.id OR id IN (SELECT game_id FROM positions WHERE person_id = NEW.id AND ended_at IS NULL));
  RETURN NULL;
END $$;
CREATE TRIGGER people_calendar_look AFTER UPDATE OF time_zone ON people FOR EACH ROW
  WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION mj_calendar_look_person();

-- Any change of the game's own row (its phase, status, policies, GM) but the look-at time itself.
CREATE FUNCTION mj_calendar_look_game() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The rows compared only when there is a time to clear (most updates of a game find none).
  IF NEW.calendar_look_at IS NOT NULL THEN
    IF (to_jsonb(NEW) - 'calendar_look_at') IS DISTINCT FROM (to_jsonb(OLD) - 'calendar_look_at') THEN
      NEW.calendar_look_at := NULL;
    END IF;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER games_calendar_look BEFORE UPDATE ON games FOR EACH ROW EXECUTE FUNCTION mj_calendar_look_game();
