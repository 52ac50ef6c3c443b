-- Account settings (product §7 User): newsletter subscription and confirmed email changes.
ALTER TABLE users ADD COLUMN newsletter_subscribed_at timestamptz;

-- A change of address waits for a click on the link mailed to the new address; the address the
-- link confirms is kept with it, and only the hash of the token is stored.
CREATE TABLE email_change_tokens (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  new_email text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE INDEX email_change_tokens_user_id_idx ON email_change_tokens (user_id);
