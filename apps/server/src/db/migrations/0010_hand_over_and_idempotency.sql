-- A sister domain hands a logged-in user over with a one-time code (60 s) instead of the session token.
ALTER TABLE one_time_keys DROP CONSTRAINT one_time_keys_purpose_check;
ALTER TABLE one_time_keys ADD CONSTRAINT one_time_keys_purpose_check CHECK (purpose IN ('password_reset', 'login_hash', 'hand_over'));

-- The first answer to a call that creates something, by the Idempotency-Key its caller sent: a retry gets it again
-- instead of creating a second message, comment, tip or checkout. A row without status is a call still running.
CREATE TABLE idempotency_keys (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  status integer,
  body text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, endpoint, key)
);

CREATE INDEX idempotency_keys_expires_at_idx ON idempotency_keys (expires_at);
