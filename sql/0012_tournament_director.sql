-- 0012: the tournament director's work (issue 13): the tournament's verifiable dice seed, the
-- round-1 power each team chose for its players (B.5), and the advancement decided after each round
-- (C.7–C.10), so the next round's seating reads who goes on from the database.

-- The tournament's secret dice seed (d100 tie-breaks C.7(f), C.13(c); random powers B.5; random
-- teams B.2). Its SHA-256 is published (audit log) before any roll; the seed itself when the TD
-- reveals it. Generated on first need.
ALTER TABLE tournaments ADD COLUMN dice_seed text CHECK (dice_seed IS NULL OR length(dice_seed) >= 16);

-- B.5: in round 1 the team chooses each player's power.
ALTER TABLE tournament_members ADD COLUMN round1_power power_name;

-- The players who go on from a round (C.7, C.8, C.9, with C.10's replacements of decliners), in
-- the place the rule ranked them. Written once by `mailjudge tournament advance`; never rewritten.
CREATE TABLE round_advancements (
  tournament_id bigint NOT NULL,
  round_number  integer NOT NULL,
  person_id     bigint NOT NULL REFERENCES people,
  place         integer NOT NULL CHECK (place >= 1),
  -- 'qualified': ranked into the next round; 'declined': qualified and declined (C.10);
  -- 'replacement': took a decliner's place (C.10).
  status        text NOT NULL CHECK (status IN ('qualified', 'declined', 'replacement')),
  decided_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tournament_id, round_number, person_id),
  FOREIGN KEY (tournament_id, round_number) REFERENCES rounds (tournament_id, number)
);
CREATE TRIGGER round_advancements_append_only BEFORE UPDATE OR DELETE ON round_advancements
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();
