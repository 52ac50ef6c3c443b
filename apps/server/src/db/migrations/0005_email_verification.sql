-- Double opt-in (product §4, §7: POST /user/verification_email, POST /user/confirm_email).
-- A table of its own: one_time_keys only admits the purposes of its CHECK, and a confirmation
-- link confirms one address, so the address it was sent to is kept with it.
CREATE TABLE email_verification_tokens (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE INDEX email_verification_tokens_user_id_idx ON email_verification_tokens (user_id);
