-- Chapter 6: "neutral armies controlled by the Mercenary Judge, who cannot be a player on either
-- Player team". Optional: without one the mercenary armies hold. 6.3.2 After Lock Edit: the
-- movement update is computed edit_window_minutes after the lock (or as soon as the Mercenary Judge
-- mails EDIT or NO EDIT), so that he has his moment to change one Raider's move.
ALTER TABLE coalition_games
  ADD COLUMN mercenary_judge_person_id bigint REFERENCES people,
  ADD COLUMN edit_window_minutes integer NOT NULL DEFAULT 60 CHECK (edit_window_minutes BETWEEN 0 AND 1440);
-- The turn whose After Lock Edit is settled (the Mercenary Judge mailed EDIT or NO EDIT): its update
-- need not wait for the end of the window.
ALTER TABLE coalition_games ADD COLUMN edit_decided_turn integer;
-- 6.3.2: an order that is the Mercenary Judge's After Lock Edit (received after the lock).
ALTER TABLE coalition_orders ADD COLUMN after_lock_edit boolean NOT NULL DEFAULT false;
