-- Catalog, media pipeline and player: media assets, shoot chapters and images, favourites,
-- comments, playback progress, unlocks and free-video tokens, and indexes for list orders.

-- A transcoded source: HLS renditions live under DATA_DIR/media/hls/<id>/.
CREATE TABLE media_assets (
  id serial PRIMARY KEY,
  kind text NOT NULL DEFAULT 'video' CHECK (kind IN ('video', 'about_us', 'censored')),
  title text NOT NULL DEFAULT '',
  source_name text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'ready', 'failed')),
  renditions integer[] NOT NULL DEFAULT '{}',
  width integer,
  height integer,
  duration_ms integer,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE videos ADD COLUMN media_asset_id integer REFERENCES media_assets (id) ON DELETE SET NULL;
ALTER TABLE videos ADD COLUMN featured_at timestamptz;
ALTER TABLE models ADD COLUMN featured_at timestamptz;
ALTER TABLE shoots ADD COLUMN featured_at timestamptz;

CREATE INDEX videos_rating_idx ON videos (rating DESC, id DESC);
CREATE INDEX videos_views_idx ON videos (views DESC, id DESC);
CREATE INDEX videos_duration_idx ON videos (duration DESC, id DESC);
CREATE INDEX videos_media_asset_idx ON videos (media_asset_id);
CREATE INDEX shoots_published_idx ON shoots (published_at DESC, id DESC);
CREATE INDEX shoots_model_idx ON shoots (model_id);
CREATE INDEX shoot_videos_video_idx ON shoot_videos (video_id);

-- A shoot's photos come in chapters; /shoot/{shootId}/images/{chapterId} shows one.
CREATE TABLE shoot_chapters (
  id serial PRIMARY KEY,
  shoot_id integer NOT NULL REFERENCES shoots (id) ON DELETE CASCADE,
  title text NOT NULL,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX shoot_chapters_shoot_idx ON shoot_chapters (shoot_id, position);

CREATE TABLE shoot_images (
  id serial PRIMARY KEY,
  chapter_id integer NOT NULL REFERENCES shoot_chapters (id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  width integer NOT NULL,
  height integer NOT NULL
);
CREATE INDEX shoot_images_chapter_idx ON shoot_images (chapter_id, position);

CREATE TABLE favourites (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('model', 'shoot', 'video', 'image', 'camera')),
  target_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind, target_id)
);
CREATE INDEX favourites_user_recent_idx ON favourites (user_id, kind, created_at DESC);
CREATE INDEX favourites_target_idx ON favourites (kind, target_id);

CREATE TABLE comments (
  id serial PRIMARY KEY,
  video_id integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comments_video_idx ON comments (video_id, created_at DESC, id DESC);

-- The latest position per member and video: drives "continue" and the watch history.
CREATE TABLE playbacks (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  video_id integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  position_seconds integer NOT NULL CHECK (position_seconds >= 0),
  duration_seconds integer CHECK (duration_seconds >= 0),
  play_count integer NOT NULL DEFAULT 1,
  started_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, video_id)
);
CREATE INDEX playbacks_user_recent_idx ON playbacks (user_id, updated_at DESC);
CREATE INDEX playbacks_recent_idx ON playbacks (updated_at DESC);

-- A token that unlocks shoots ("galleries") and videos for whoever redeems it.
CREATE TABLE unlock_tokens (
  id serial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  video_ids integer[] NOT NULL DEFAULT '{}',
  shoot_ids integer[] NOT NULL DEFAULT '{}',
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_unlocks (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('video', 'shoot')),
  target_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind, target_id)
);

-- /free-video?token=: one video, playable by anyone holding the token until it expires.
CREATE TABLE free_video_tokens (
  token_hash text PRIMARY KEY,
  video_id integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
