-- 0005: each player's own abbreviation list (D.III(1)): registered at the outset of the game or with
-- a replacement's first orders, used to read that player's later orders. Append-only: the latest
-- row per game and person is the list in force; the message it came from is kept.
CREATE TABLE player_abbreviations (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id            text NOT NULL REFERENCES games,
  person_id          bigint NOT NULL REFERENCES people,
  -- normalised abbreviation → province id, as the sheet reader produced it
  abbreviations      jsonb NOT NULL CHECK (jsonb_typeof(abbreviations) = 'object'),
  inbound_message_id bigint REFERENCES inbound_messages,
  registered_at      timestamptz NOT NULL
);
CREATE INDEX player_abbreviations_latest_idx ON player_abbreviations (game_id, person_id, id DESC);
CREATE TRIGGER player_abbreviations_append_only BEFORE UPDATE OR DELETE ON player_abbreviations
  FOR EACH ROW EXECUTE FUNCTION refuse_append_only_change();
