-- 0025 (issue 26 item 11, issue 28): an advancement corrected after a ruling, and when a deadline was
-- last moved.

-- A.3(v), A.6: the TD, as the point of contact for appeals, corrects who goes on from a round after a
-- ruling. The advancement recorded by `mailjudge tournament advance` (round_advancements) is never
-- rewritten; each correction is a row of its own, read in order over it: 'in' puts a player in,
-- 'out' takes one out, each with the TD's reason and the rule it applies. Append-only; every row is
-- audit-logged (tournament.advance-correct) in the same transaction.
CREATE TABLE round_advancement_corrections (
  id            bigserial PRIMARY KEY,
  tournament_id bigint NOT NULL,
  round_number  integer NOT NULL,
  person_id     bigint NOT NULL REFERENCES people,
  change        text NOT NULL CHECK (change IN ('in', 'out')),
  -- The player's place in the round's ranking (C.7–C.9) when the correction was made.
  place         integer CHECK (place IS NULL OR place >= 1),
  reason        text NOT NULL CHECK (length(btrim(reason)) > 0),
  rule          text NOT NULL CHECK (length(btrim(rule)) > 0),
  decided_by    text NOT NULL,
  decided_at    timestamptz NOT NULL,
  FOREIGN KEY (tournament_id, round_number) REFERENCES rounds (tournament_id, number)
);
CREATE INDEX round_advancement_corrections_round ON round_advancement_corrections (tournament_id, round_number, id);
CREATE TRIGGER round_advancement_corrections_append_only BEFORE UPDATE OR DELETE ON round_advancement_corrections
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();
CREATE TRIGGER round_advancement_corrections_no_truncate BEFORE TRUNCATE ON round_advancement_corrections
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_append_only_change();

-- Issue 28: the instant the open phase's deadline was last moved (an extension, the GM's DEADLINE, a
-- holiday's extension; D.VII(4)(a), D.VII(5)). A deadline moved to less than a reminder's lead time
-- away still gets its reminder, at once (src/diplomacy/calendar/reminders.ts). NULL: never moved
-- (or reopened since by a rollback, which opens the turn anew).
ALTER TABLE phases ADD COLUMN deadline_moved_at timestamptz;
