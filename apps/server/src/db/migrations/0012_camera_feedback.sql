-- Feedback on live shows (product §2 popup camera-feedback): a rating with an optional comment, or a "Not now"
-- (dismissed, rating null). Either keeps the question away for a day; the back office reads the ratings.
CREATE TABLE camera_feedback (
  id serial PRIMARY KEY,
  camera_id integer NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  -- The session the member most likely watched (the camera's latest); null when it had none.
  session_id integer REFERENCES camera_sessions (id) ON DELETE SET NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  dismissed boolean NOT NULL DEFAULT false,
  rating integer CHECK (rating BETWEEN 1 AND 5),
  message text,
  created_at timestamptz NOT NULL,
  CHECK (dismissed = (rating IS NULL))
);
CREATE INDEX camera_feedback_user_camera_idx ON camera_feedback (user_id, camera_id, created_at DESC);
CREATE INDEX camera_feedback_camera_idx ON camera_feedback (camera_id, created_at DESC);
