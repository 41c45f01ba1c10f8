-- Issue 29/30: two changes that every message made and that cannot make anything due sooner no longer
-- send the game back to the calendar tick (sql/0036). Measured in a rehearsal before this, nearly every
-- decided message reset its game's look-at time, so under a steady flow of orders the tick read every
-- game at every tick (~17 statements a game), which undid most of what 0036 saved.
--
-- 1. A Final set, or a preliminary one from a power that had no Final set in the phase. The calendar's
--    times do not depend on who has ordered (reminders are at the game's lead times, digests at the
--    GM's times, contact deadlines from the NMR notices): an order set can only take a player off the
--    reminders, never bring a reminder sooner. The one exception: a preliminary revision of a power
--    whose set was Final puts the power back on the reminders (D.II(1)), so that still resets. What a
--    set itself makes due (B.8(c) a captain standing in who orders becomes the player, D.VII(6)(b) a
--    withheld 1901 phase whose missing orders are in, D.VII(2) the early adjudication) is done in the
--    set's own transaction (service/diplomacy/after-order-set.ts), by every path that stores a set
--    (player-mail.ts, confirm-copy.ts; a rollback also changes the phase, which resets). Sets are
--    never updated or deleted (order_sets_append_only, 0001), so only their insertion is watched.
DROP TRIGGER order_sets_calendar_look ON order_sets;

CREATE FUNCTION mj_calendar_look_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM order_sets WHERE game_id = NEW.game_id AND phase = NEW.phase AND power = NEW.power AND final AND id <> NEW.id) THEN
    UPDATE games SET calendar_look_at = NULL WHERE id = NEW.game_id AND calendar_look_at IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER order_sets_calendar_look_revision AFTER INSERT ON order_sets
  FOR EACH ROW WHEN (NOT NEW.final) EXECUTE FUNCTION mj_calendar_look_revision();

-- 2. A holding's reply token (db/reply-tokens.ts), made the first time its player is answered: no
--    column the calendar reads. Every other change of a holding still resets.
DROP TRIGGER positions_calendar_look ON positions;
CREATE TRIGGER positions_calendar_look AFTER INSERT OR DELETE ON positions
  FOR EACH ROW EXECUTE FUNCTION mj_calendar_look_now();
CREATE TRIGGER positions_calendar_look_update AFTER UPDATE ON positions
  FOR EACH ROW WHEN ((to_jsonb(OLD) - 'reply_token') IS DISTINCT FROM (to_jsonb(NEW) - 'reply_token'))
  EXECUTE FUNCTION mj_calendar_look_now();
