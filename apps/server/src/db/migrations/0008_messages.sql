-- Messages (product §7 Messages): conversations between two users, each user's inbox of site messages,
-- and the offline messages of a private playdate. Decision record 012.

-- The minimal playdate that offline messages need. The playdates issue extends this table (status,
-- price, room, requests, feedback) instead of creating another one.
CREATE TABLE playdates (
  id serial PRIMARY KEY,
  model_id integer NOT NULL REFERENCES models (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('public', 'private')),
  member_id integer REFERENCES users (id) ON DELETE SET NULL,
  title text NOT NULL,
  starts_at timestamptz NOT NULL,
  duration_minutes integer NOT NULL CHECK (duration_minutes > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind = 'private' OR member_id IS NULL)
);
CREATE INDEX playdates_member_idx ON playdates (member_id, starts_at DESC) WHERE member_id IS NOT NULL;
CREATE INDEX playdates_model_idx ON playdates (model_id, starts_at DESC);

-- A model's accounts (users.model_id) are looked up by model: playdate participants, a model's message name.
CREATE INDEX users_model_idx ON users (model_id) WHERE model_id IS NOT NULL;

-- direct: two users, the lower id in user_low; site: the inbox of user_low; playdate: a private playdate.
CREATE TABLE conversations (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('direct', 'site', 'playdate')),
  user_low integer REFERENCES users (id) ON DELETE CASCADE,
  user_high integer REFERENCES users (id) ON DELETE CASCADE,
  playdate_id integer REFERENCES playdates (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (
    (kind = 'direct' AND user_low IS NOT NULL AND user_high IS NOT NULL AND user_low < user_high AND playdate_id IS NULL)
    OR (kind = 'site' AND user_low IS NOT NULL AND user_high IS NULL AND playdate_id IS NULL)
    OR (kind = 'playdate' AND playdate_id IS NOT NULL AND user_low IS NULL AND user_high IS NULL)
  )
);
-- One conversation per pair, per inbox and per playdate: two first messages racing meet here (INSERT ... ON CONFLICT).
CREATE UNIQUE INDEX conversations_direct_key ON conversations (user_low, user_high) WHERE kind = 'direct';
CREATE UNIQUE INDEX conversations_site_key ON conversations (user_low) WHERE kind = 'site';
CREATE UNIQUE INDEX conversations_playdate_key ON conversations (playdate_id) WHERE kind = 'playdate';

-- Each participant's own view: read up to a message, and "delete conversation" (everything up to a message hidden).
CREATE TABLE conversation_participants (
  conversation_id bigint NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  last_read_id bigint NOT NULL DEFAULT 0,
  cleared_up_to_id bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (conversation_id, user_id)
);
CREATE INDEX conversation_participants_user_idx ON conversation_participants (user_id, conversation_id);

-- Site messages have no sender and a group; people's messages have a sender and no group. Plain text, never HTML.
CREATE TABLE messages (
  id bigserial PRIMARY KEY,
  conversation_id bigint NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
  sender_id integer REFERENCES users (id) ON DELETE CASCADE,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  subject text CHECK (char_length(subject) <= 200),
  site_group text CHECK (site_group IN ('news', 'offers', 'playdates', 'account')),
  popup boolean NOT NULL DEFAULT false,
  popup_shown_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((sender_id IS NULL) = (site_group IS NOT NULL)),
  CHECK (NOT popup OR sender_id IS NULL)
);
-- The newest message of a conversation, unread counts and pages (by id); new messages since a time (by created_at).
CREATE INDEX messages_conversation_idx ON messages (conversation_id, id);
CREATE INDEX messages_conversation_time_idx ON messages (conversation_id, created_at, id);
CREATE INDEX messages_popup_idx ON messages (conversation_id, id) WHERE popup AND popup_shown_at IS NULL;

-- Deleting one message hides it for that user only (mailbox semantics): the other party keeps it.
CREATE TABLE hidden_messages (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  message_id bigint NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  hidden_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, message_id)
);
CREATE INDEX hidden_messages_message_idx ON hidden_messages (message_id);

-- Groups of site messages a user does not want; account messages always arrive.
CREATE TABLE site_message_unsubscriptions (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  site_group text NOT NULL CHECK (site_group IN ('news', 'offers', 'playdates')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, site_group)
);
