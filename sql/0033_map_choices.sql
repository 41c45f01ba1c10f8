-- Issue 29: which map pictures a reader of a game wants with its results (`MAPS WIDE|PHONE|BOTH|NONE`
-- by mail): the wide map, the phone layout, both (the default, issue 28), or none. Per game and
-- person, so a game's replay (`mailjudge reproduce`) rebuilds it from that game's own messages.
-- Append-only: the latest row per game and person is the choice in force; the message it came from
-- is kept.
CREATE TABLE map_choices (
  id                 bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  game_id            text NOT NULL REFERENCES games,
  person_id          bigint NOT NULL REFERENCES people,
  maps               text NOT NULL CHECK (maps IN ('both', 'wide', 'phone', 'none')),
  inbound_message_id bigint REFERENCES inbound_messages,
  chosen_at          timestamptz NOT NULL
);
CREATE INDEX map_choices_game_person ON map_choices (game_id, person_id, id);
