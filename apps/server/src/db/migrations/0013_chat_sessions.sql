-- Chat sessions on cameras (decision record 037): a member's stay in a camera's chat (free or paid), every
-- paid minute charged (one row per session and minute: the key that keeps a minute from being charged twice), and the
-- rules of a room: its slow mode and word filter, its bans and mutes.
--
-- camera_id and model_id of a session are recorded, not referenced: the money a session moved is history that
-- outlives the camera (a model's deletion removes her camera; her sessions and charges stay).

CREATE TABLE chat_sessions (
  id serial PRIMARY KEY,
  camera_id integer NOT NULL,
  model_id integer NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The log-in the member entered with: its log-out ends the session (101).
  auth_session_id integer,
  kind text NOT NULL CHECK (kind IN ('free', 'paid')),
  price_per_minute integer CHECK (price_per_minute > 0),
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  end_code integer,
  minutes_charged integer NOT NULL DEFAULT 0 CHECK (minutes_charged >= 0),
  coins_charged bigint NOT NULL DEFAULT 0 CHECK (coins_charged >= 0),
  paid_until timestamptz,
  free_seconds_left integer CHECK (free_seconds_left >= 0),
  -- The last time the member was seen in the room `chat:<camera id>` (the exit-window check, 103).
  last_seen_at timestamptz NOT NULL,
  CHECK ((ended_at IS NULL) = (end_code IS NULL)),
  CHECK ((kind = 'paid') = (price_per_minute IS NOT NULL)),
  CHECK ((kind = 'free') = (free_seconds_left IS NOT NULL))
);
CREATE UNIQUE INDEX chat_sessions_open_idx ON chat_sessions (camera_id, user_id) WHERE ended_at IS NULL;
CREATE INDEX chat_sessions_user_idx ON chat_sessions (user_id, started_at DESC);
CREATE INDEX chat_sessions_camera_idx ON chat_sessions (camera_id, started_at DESC);
CREATE INDEX chat_sessions_open_paid_idx ON chat_sessions (paid_until) WHERE ended_at IS NULL AND kind = 'paid';

CREATE TABLE chat_session_charges (
  session_id integer NOT NULL REFERENCES chat_sessions (id) ON DELETE CASCADE,
  minute integer NOT NULL CHECK (minute >= 1),
  ledger_transaction_id bigint NOT NULL,
  coins integer NOT NULL CHECK (coins > 0),
  model_coins integer NOT NULL CHECK (model_coins >= 0),
  charged_at timestamptz NOT NULL,
  PRIMARY KEY (session_id, minute)
);

CREATE TABLE camera_chat_settings (
  camera_id integer PRIMARY KEY REFERENCES cameras (id) ON DELETE CASCADE,
  slow_mode_seconds integer NOT NULL DEFAULT 0 CHECK (slow_mode_seconds BETWEEN 0 AND 300),
  banned_words text[] NOT NULL DEFAULT '{}'
);

CREATE TABLE camera_chat_bans (
  camera_id integer NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  banned_at timestamptz NOT NULL,
  PRIMARY KEY (camera_id, user_id)
);

CREATE TABLE camera_chat_mutes (
  camera_id integer NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  muted_until timestamptz NOT NULL,
  PRIMARY KEY (camera_id, user_id)
);
