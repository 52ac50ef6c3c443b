-- Foundation schema: accounts, sessions, visits, events, features, and the catalog slice.

CREATE TABLE features (
  name text PRIMARY KEY,
  is_active boolean NOT NULL DEFAULT false,
  version text,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb
);

CREATE TABLE models (
  id serial PRIMARY KEY,
  name_en text NOT NULL,
  description text NOT NULL DEFAULT '',
  country text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  username text NOT NULL,
  email text NOT NULL,
  password_hash text NOT NULL,
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'de', 'fr')),
  premium_until timestamptz,
  registration_campaign text,
  registration_region text,
  registration_country text,
  avatar integer,
  chatname text,
  first_name text,
  last_name text,
  street text,
  house text,
  zip text,
  city text,
  country text,
  playdate_notification boolean NOT NULL DEFAULT true,
  camera_mail_notification boolean NOT NULL DEFAULT true,
  age_verified boolean NOT NULL DEFAULT false,
  age integer,
  source text,
  other_source text,
  is_team_member boolean NOT NULL DEFAULT false,
  model_id integer REFERENCES models (id),
  company text CHECK (company IN ('net', 'de', 'ch')),
  playdate_block_hidden boolean NOT NULL DEFAULT false,
  upcoming_playdate_block_hidden boolean NOT NULL DEFAULT false,
  email_verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE user_roles (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL,
  PRIMARY KEY (user_id, role)
);

CREATE TABLE user_features (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  is_active boolean NOT NULL,
  version text,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  PRIMARY KEY (user_id, name)
);

-- Opaque bearer tokens; only their SHA-256 is stored.
CREATE TABLE sessions (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  user_agent text,
  ip text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- Single-use secrets mailed to a user: password resets and log-in links.
CREATE TABLE one_time_keys (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('password_reset', 'login_hash')),
  key_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE visits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  visitor_id uuid NOT NULL,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  browser text,
  country text,
  region text,
  is_mobile boolean NOT NULL DEFAULT false,
  is_international boolean NOT NULL DEFAULT true,
  is_eu boolean NOT NULL DEFAULT false,
  is_new boolean NOT NULL DEFAULT true,
  campaign text,
  referrer text,
  tld text,
  query jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX visits_visitor_idx ON visits (visitor_id);

CREATE TABLE events (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  properties jsonb NOT NULL DEFAULT '{}'::jsonb,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  visit_id uuid REFERENCES visits (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Coins are a ledger: the balance is the sum of the rows.
CREATE TABLE coin_ledger (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  delta integer NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX coin_ledger_user_idx ON coin_ledger (user_id);

CREATE TABLE tags (
  id serial PRIMARY KEY,
  name_en text NOT NULL UNIQUE,
  name_de text NOT NULL,
  name_fr text NOT NULL
);

CREATE TABLE videos (
  id serial PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  duration integer NOT NULL CHECK (duration >= 0),
  published_at timestamptz NOT NULL,
  rating real NOT NULL DEFAULT 0,
  views integer NOT NULL DEFAULT 0,
  total_comments integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX videos_published_idx ON videos (published_at DESC, id DESC);

CREATE TABLE video_tags (
  video_id integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  tag_id integer NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  PRIMARY KEY (video_id, tag_id)
);
CREATE INDEX video_tags_tag_idx ON video_tags (tag_id, video_id);

CREATE TABLE video_models (
  video_id integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  model_id integer NOT NULL REFERENCES models (id) ON DELETE CASCADE,
  PRIMARY KEY (video_id, model_id)
);
CREATE INDEX video_models_model_idx ON video_models (model_id);

CREATE TABLE shoots (
  id serial PRIMARY KEY,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  model_id integer NOT NULL REFERENCES models (id),
  published_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE shoot_videos (
  shoot_id integer NOT NULL REFERENCES shoots (id) ON DELETE CASCADE,
  video_id integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  PRIMARY KEY (shoot_id, video_id)
);
