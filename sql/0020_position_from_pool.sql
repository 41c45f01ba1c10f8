-- B.8(d),(e): a permanent replacement taken from the pool of reserves because the captain or team
-- did not provide one. Only such a replacement costs the team the position's points (B.8(e)); a
-- stand-in or the captain's own replacement, from the team or outside it, does not (C.14: "The team
-- will be credited the full … points").
ALTER TABLE positions ADD COLUMN from_pool boolean NOT NULL DEFAULT false;
