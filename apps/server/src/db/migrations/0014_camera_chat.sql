-- Camera chat (decision record 036): the messages of a camera's chat room. The id is the order the room
-- shows them in. People's messages are plain text, stored as written (trimmed); the server's carry a key and
-- parameters (each reader sees them in his language) and an English text. A private message (to_user_id set) is
-- seen by its author and its addressee only. Removed messages stay, marked, and are shown to nobody.

CREATE TABLE camera_chat_messages (
  id bigserial PRIMARY KEY,
  camera_id integer NOT NULL REFERENCES cameras (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('public', 'private', 'advertisement', 'feedback', 'pub_reminders', 'pr_reminders', 'pr_requesting')),
  author_user_id integer REFERENCES users (id) ON DELETE CASCADE,
  author_name text NOT NULL CHECK (char_length(author_name) <= 100),
  author_role text NOT NULL CHECK (author_role IN ('member', 'model', 'system')),
  to_user_id integer REFERENCES users (id) ON DELETE CASCADE,
  text text NOT NULL CHECK (char_length(text) <= 2000),
  tip_coins integer CHECK (tip_coins > 0),
  system_key text,
  system_params jsonb,
  -- What may be written once only: a tip's event (tip:<ledger id>), a session's feedback ask, a show's reminder.
  once_key text UNIQUE,
  created_at timestamptz NOT NULL,
  removed_at timestamptz,
  CHECK ((author_role = 'system') = (author_user_id IS NULL)),
  CHECK ((author_role = 'system') = (system_key IS NOT NULL)),
  CHECK ((system_key IS NULL) = (system_params IS NULL)),
  CHECK (kind <> 'private' OR to_user_id IS NOT NULL),
  CHECK (kind IN ('public', 'private') OR author_role = 'system')
);
CREATE INDEX camera_chat_messages_room_idx ON camera_chat_messages (camera_id, id DESC);
CREATE INDEX camera_chat_messages_author_idx ON camera_chat_messages (camera_id, author_user_id) WHERE removed_at IS NULL;
