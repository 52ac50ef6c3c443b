-- Videos made in the back office (decision record 074): a video row exists from the moment an admin starts one, so
-- members see only the visible ones. `visible` is what members see; published_at is when it went (or goes) public:
-- a draft has none, a scheduled video a time ahead and visible false until the sweep reaches it.
ALTER TABLE videos ALTER COLUMN published_at DROP NOT NULL;
ALTER TABLE videos ADD COLUMN visible boolean NOT NULL DEFAULT true;
ALTER TABLE videos ADD CONSTRAINT videos_visible_published CHECK (NOT visible OR published_at IS NOT NULL);
CREATE INDEX videos_hidden_idx ON videos (id) WHERE NOT visible;

-- How far a transcode has got (0 to 1), for the back office's progress bar.
ALTER TABLE media_assets ADD COLUMN progress real;

-- A resumable upload (tus) of a video's source; `id` is the tus upload id. Received uploads become media assets.
CREATE TABLE video_uploads (
  id text PRIMARY KEY,
  video_id integer NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  file_name text NOT NULL DEFAULT '',
  size bigint NOT NULL CHECK (size >= 0),
  status text NOT NULL DEFAULT 'uploading' CHECK (status IN ('uploading', 'received', 'failed')),
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX video_uploads_video_idx ON video_uploads (video_id, created_at DESC);
