-- Staff and their security (decision record 070): team kinds per person, two-factor sign-in (TOTP with one-time
-- recovery codes) for everyone who works on the site, and an append-only audit log of every back-office and studio
-- write.

-- The kinds of a team member (decision record 024's capability table). Kinds only with the team flag: removing someone
-- from the team takes their kinds with it in the same row.
ALTER TABLE users ADD COLUMN team_kinds text[] NOT NULL DEFAULT '{}'
  CHECK (team_kinds <@ ARRAY['support', 'moderator', 'finance', 'admin']::text[]);
ALTER TABLE users ADD CONSTRAINT users_team_kinds_need_team CHECK (is_team_member OR team_kinds = '{}');

-- A person's authenticator: the TOTP secret (AES-256-GCM under a key of the data folder, never in clear), confirmed
-- once a first code from it was right. `last_step` is the 30-second step of the last code accepted: a code is good
-- once (RFC 6238 §5.2).
CREATE TABLE user_second_factors (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret_sealed text NOT NULL,
  confirmed_at timestamptz,
  last_step bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER user_second_factors_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_second_factors FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();

-- One-time recovery codes, stored as SHA-256 of the code (they are random, 50 bits: no slow hash needed).
CREATE TABLE user_recovery_codes (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, code_hash)
);

-- When this session's second factor was last proven; back-office and studio calls need it within the last hours.
ALTER TABLE sessions ADD COLUMN second_factor_at timestamptz;

-- Who did what, when, to what, with the state before and after. No foreign key to users: an entry outlives its actor.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor_id integer,
  actor_name text NOT NULL,
  action text NOT NULL,
  subject_type text,
  subject_id text,
  before jsonb,
  after jsonb,
  request jsonb,
  ip text,
  request_id text
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, at DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, at DESC);
CREATE INDEX audit_log_subject_idx ON audit_log (subject_type, subject_id, at DESC);

-- Nothing edits or deletes it: not the app, not a mistaken script with the app's database role.
CREATE FUNCTION velora_audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege'; END $$;
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION velora_audit_log_is_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION velora_audit_log_is_append_only();
