-- Playdates (decision records 040–042). The minimal table of 0008 grows into the whole playdate: its
-- status, times, price and held coins; a model's private offer and the team's limits; reminders, the room's chat and
-- the member's feedback. Coins of a request are held on the ledger's 'holds' account, then captured (model and house)
-- or released (back to the member); a missed playdate is refunded.

ALTER TABLE playdates
  ADD COLUMN status text NOT NULL DEFAULT 'scheduled'
    CHECK (status IN ('requested', 'scheduled', 'live', 'finished', 'declined', 'expired', 'cancelled', 'missed')),
  -- A request "as soon as possible" has no start until the model accepts.
  ALTER COLUMN starts_at DROP NOT NULL,
  ADD COLUMN price_per_minute integer CHECK (price_per_minute > 0),
  -- Every coin held or paid for it, extensions included.
  ADD COLUMN coins integer NOT NULL DEFAULT 0 CHECK (coins >= 0),
  ADD COLUMN message text CHECK (char_length(message) <= 500),
  ADD COLUMN decline_reason text CHECK (char_length(decline_reason) <= 500),
  ADD COLUMN expires_at timestamptz,
  ADD COLUMN started_at timestamptz,
  ADD COLUMN ended_at timestamptz,
  ADD COLUMN extensions integer NOT NULL DEFAULT 0 CHECK (extensions >= 0),
  -- When the model first published into the room (a live private playdate without it by the grace's end is missed).
  ADD COLUMN model_joined_at timestamptz,
  ADD COLUMN image_variant integer NOT NULL DEFAULT 0 CHECK (image_variant BETWEEN 0 AND 7),
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD CONSTRAINT playdates_private_price CHECK (kind = 'public' OR price_per_minute IS NOT NULL),
  ADD CONSTRAINT playdates_start_known CHECK (status IN ('requested', 'declined', 'expired', 'cancelled') OR starts_at IS NOT NULL),
  ADD CONSTRAINT playdates_request_expires CHECK (status <> 'requested' OR expires_at IS NOT NULL);

-- The model's time: what the overlap checks and the schedule read.
CREATE INDEX playdates_model_active_idx ON playdates (model_id, starts_at) WHERE status IN ('requested', 'scheduled', 'live');
CREATE INDEX playdates_due_idx ON playdates (status, starts_at) WHERE status IN ('scheduled', 'live');
CREATE INDEX playdates_requested_idx ON playdates (expires_at) WHERE status = 'requested';
CREATE INDEX playdates_public_idx ON playdates (starts_at) WHERE kind = 'public';
-- One waiting request per member and model.
CREATE UNIQUE INDEX playdates_one_request ON playdates (member_id, model_id) WHERE status = 'requested';

-- The model's private offer. No row: she takes no requests.
CREATE TABLE playdate_settings (
  model_id integer PRIMARY KEY REFERENCES models (id) ON DELETE CASCADE,
  private_enabled boolean NOT NULL DEFAULT false,
  price_per_minute integer NOT NULL CHECK (price_per_minute > 0),
  durations integer[] NOT NULL,
  hours_days integer[] NOT NULL,
  hours_from_minute integer NOT NULL CHECK (hours_from_minute BETWEEN 0 AND 1439),
  hours_to_minute integer NOT NULL CHECK (hours_to_minute BETWEEN 1 AND 1440),
  time_zone text NOT NULL CHECK (char_length(time_zone) <= 64),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (hours_from_minute < hours_to_minute)
);

-- The team's limits: one row.
CREATE TABLE playdate_limits (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  limits jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Members who asked to be reminded of a playdate; reminded_at once the reminder went out.
CREATE TABLE playdate_reminders (
  playdate_id integer NOT NULL REFERENCES playdates (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  reminded_at timestamptz,
  PRIMARY KEY (playdate_id, user_id)
);
CREATE INDEX playdate_reminders_user_idx ON playdate_reminders (user_id);

-- The chat of a playdate room, plain text as written; the server's lines carry a key and parameters.
CREATE TABLE playdate_messages (
  id bigserial PRIMARY KEY,
  playdate_id integer NOT NULL REFERENCES playdates (id) ON DELETE CASCADE,
  author_user_id integer REFERENCES users (id) ON DELETE SET NULL,
  author_name text NOT NULL CHECK (char_length(author_name) <= 100),
  author_role text NOT NULL CHECK (author_role IN ('member', 'model', 'system')),
  text text NOT NULL CHECK (char_length(text) <= 2000),
  system_key text,
  system_params jsonb,
  created_at timestamptz NOT NULL,
  CHECK ((system_key IS NULL) = (system_params IS NULL)),
  CHECK ((author_role = 'system') = (system_key IS NOT NULL))
);
CREATE INDEX playdate_messages_room_idx ON playdate_messages (playdate_id, id);

-- The member's answer to the playdate-feedback popup: a rating, or dismissed (rating null).
CREATE TABLE playdate_feedback (
  playdate_id integer PRIMARY KEY REFERENCES playdates (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rating integer CHECK (rating BETWEEN 1 AND 5),
  message text CHECK (char_length(message) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The ledger learns to hold: member → holds when a request waits; holds → model and house when it starts; holds →
-- member when it is released. A refund of a missed playdate moves model and house back to the member.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check CHECK (kind IN ('member', 'model', 'house', 'purchases', 'holds'));
DROP INDEX ledger_accounts_system_key;
CREATE UNIQUE INDEX ledger_accounts_system_key ON ledger_accounts (kind) WHERE kind IN ('house', 'purchases', 'holds');
INSERT INTO ledger_accounts (kind) VALUES ('holds');
ALTER TABLE ledger_transactions DROP CONSTRAINT ledger_transactions_kind_check;
ALTER TABLE ledger_transactions ADD CONSTRAINT ledger_transactions_kind_check
  CHECK (kind IN ('coin_purchase', 'tip', 'paid_chat', 'private_playdate', 'grant', 'refund', 'playdate_hold', 'playdate_release'));
