-- Issue 31: the read-only web view. Sign-in without passwords: a one-time link (mailed on `WEB`, or
-- printed by `mailjudge web-link`) whose token is kept only as its SHA-256, used once, short-lived;
-- then a session whose id (again only its SHA-256 here) rides in a signed HttpOnly cookie.

-- Where the web view is reached from outside (MAILJUDGE_WEB_URL, else http://<MAILJUDGE_WEB_LISTEN>),
-- written by `mailjudge start` when it serves the view; NULL: no web view, and `WEB` says so.
ALTER TABLE judge_settings ADD COLUMN web_url text;

-- What a link or a session lets its holder see: the TD everything; a GM the games they run; a player
-- the public record of one game and their own power's submissions.
CREATE TABLE web_links (
  id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_sha256   text NOT NULL UNIQUE CHECK (token_sha256 ~ '^[0-9a-f]{64}$'),
  role           text NOT NULL CHECK (role IN ('td', 'gm', 'player')),
  person_id      bigint REFERENCES people,
  tournament_id  bigint REFERENCES tournaments,
  game_id        text REFERENCES games,
  power          text,
  -- Who asked: 'cli' (mailjudge web-link) or 'mail:<inbound id>' (WEB by mail).
  issued_by      text NOT NULL,
  created_at     timestamptz NOT NULL,
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz,
  CHECK (role <> 'player' OR (game_id IS NOT NULL AND power IS NOT NULL)),
  CHECK (role <> 'gm' OR person_id IS NOT NULL)
);

CREATE TABLE web_sessions (
  id_sha256     text PRIMARY KEY CHECK (id_sha256 ~ '^[0-9a-f]{64}$'),
  link_id       bigint NOT NULL REFERENCES web_links,
  created_at    timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL
);
