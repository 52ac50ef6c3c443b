-- Live cams (decision record 032): a model's camera, its tags, its live sessions, its planned shows and
-- the go-live mails already sent. The stream key is stored as a hash only: it is shown once, when it is made.

CREATE TABLE camera_tags (
  id serial PRIMARY KEY,
  name_en text NOT NULL UNIQUE,
  name_de text NOT NULL,
  name_fr text NOT NULL
);

-- 'tags' and 'mails' are static segments of /api/cameras/… and never a camera's name.
CREATE TABLE cameras (
  id serial PRIMARY KEY,
  model_id integer NOT NULL UNIQUE REFERENCES models (id) ON DELETE CASCADE,
  name text NOT NULL UNIQUE CHECK (name ~ '^[a-z0-9][a-z0-9_-]{1,31}$' AND name NOT IN ('tags', 'mails')),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 80),
  description text NOT NULL DEFAULT '',
  chat_mode text NOT NULL DEFAULT 'free' CHECK (chat_mode IN ('free', 'paid')),
  price_per_minute integer CHECK (price_per_minute BETWEEN 1 AND 200),
  stream_key_hash text UNIQUE,
  stream_key_hint text,
  stream_key_created_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((chat_mode = 'paid') = (price_per_minute IS NOT NULL))
);

CREATE TABLE camera_tag_links (
  camera_id integer NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  tag_id integer NOT NULL REFERENCES camera_tags (id) ON DELETE CASCADE,
  PRIMARY KEY (camera_id, tag_id)
);
CREATE INDEX camera_tag_links_tag_idx ON camera_tag_links (tag_id, camera_id);

-- One row per time on air. Open (ended_at null) while a publisher sends, and during the grace period after a dropped
-- connection (grace_until set); at most one open session per camera.
CREATE TABLE camera_sessions (
  id serial PRIMARY KEY,
  camera_id integer NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('browser', 'whip', 'rtmp', 'demo')),
  started_at timestamptz NOT NULL,
  ended_at timestamptz,
  end_reason integer,
  grace_until timestamptz,
  peak_viewers integer NOT NULL DEFAULT 0 CHECK (peak_viewers >= 0),
  last_viewers integer NOT NULL DEFAULT 0 CHECK (last_viewers >= 0),
  CHECK ((ended_at IS NULL) = (end_reason IS NULL))
);
CREATE UNIQUE INDEX camera_sessions_open_idx ON camera_sessions (camera_id) WHERE ended_at IS NULL;
CREATE INDEX camera_sessions_camera_idx ON camera_sessions (camera_id, started_at DESC);
CREATE INDEX camera_sessions_grace_idx ON camera_sessions (grace_until) WHERE ended_at IS NULL AND grace_until IS NOT NULL;

CREATE TABLE camera_shows (
  id serial PRIMARY KEY,
  camera_id integer NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  CHECK (ends_at > starts_at)
);
CREATE INDEX camera_shows_camera_idx ON camera_shows (camera_id, ends_at);

-- The last go-live mail per member and camera: at most one per CAMERA_MAIL_INTERVAL.
CREATE TABLE camera_mail_sends (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  camera_id integer NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, camera_id)
);
