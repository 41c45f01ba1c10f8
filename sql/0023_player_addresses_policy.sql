-- Issue 28: whether the game-start mail gives every player the other players' addresses. D.X(5):
-- "the GM will not impose any prior restrictions on ... direct communications between any player and
-- any one or more other players", so by default the addresses are shared; a GM may keep them private
-- as a house rule stated at the outset (D.I(1)(b)).
ALTER TABLE games ADD COLUMN player_addresses text NOT NULL DEFAULT 'shared' CHECK (player_addresses IN ('shared', 'private'));
