-- Content around the catalog: landings, custom pages, the blog, the contact and report forms, and the
-- used-captcha memory that makes each solved captcha single-use.

-- One landing (/welcome/{id}) in several languages: a row per language, one of them the default.
CREATE TABLE landings (
  id integer NOT NULL,
  language text NOT NULL CHECK (language IN ('en', 'de', 'fr')),
  is_default boolean NOT NULL DEFAULT false,
  title text NOT NULL,
  subtitle text NOT NULL DEFAULT '',
  body_html text NOT NULL DEFAULT '',
  hero_image text,
  cta_label text,
  cta_url text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (id, language)
);
CREATE UNIQUE INDEX landings_default_key ON landings (id) WHERE is_default;

-- Custom pages looked up by path (product §2 "any other path"). `source` is the HTML of a document or the
-- target of a transforming link; landing pages name a landing per audience instead.
CREATE TABLE pages (
  id serial PRIMARY KEY,
  path text NOT NULL CHECK (path LIKE '/%' AND char_length(path) <= 512),
  type text NOT NULL CHECK (type IN ('landing', 'transforming_links', 'document')),
  title text NOT NULL DEFAULT '',
  source text,
  password_hash text,
  landing_de integer,
  landing_en integer,
  meta_title text,
  meta_description text,
  meta_keywords text,
  meta_robots text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX pages_path_key ON pages (lower(path));

CREATE TABLE blog_categories (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name_en text NOT NULL,
  name_de text NOT NULL,
  name_fr text NOT NULL,
  position integer NOT NULL DEFAULT 0
);

-- An article is written per language; `topic` ties the translations of one article together.
CREATE TABLE blog_articles (
  id serial PRIMARY KEY,
  alias text NOT NULL CHECK (alias ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  language text NOT NULL CHECK (language IN ('en', 'de', 'fr')),
  topic text,
  title text NOT NULL,
  excerpt text NOT NULL DEFAULT '',
  body_html text NOT NULL,
  category_id integer NOT NULL REFERENCES blog_categories (id),
  author text NOT NULL DEFAULT '',
  cover_image text,
  published_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (language, alias)
);
CREATE INDEX blog_articles_list_idx ON blog_articles (language, published_at DESC, id DESC);
CREATE INDEX blog_articles_category_idx ON blog_articles (category_id);
CREATE INDEX blog_articles_topic_idx ON blog_articles (topic);

CREATE TABLE contact_messages (
  id bigserial PRIMARY KEY,
  subject text NOT NULL,
  message text NOT NULL,
  email text NOT NULL,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE content_reports (
  id bigserial PRIMARY KEY,
  category text NOT NULL,
  name text NOT NULL,
  email text NOT NULL,
  url text NOT NULL,
  is_depicted boolean NOT NULL,
  is_agreed boolean NOT NULL CHECK (is_agreed),
  reason text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_review', 'resolved', 'rejected')),
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX content_reports_status_idx ON content_reports (status, created_at);

-- A solved captcha counts once: its challenge id is kept here until the challenge would have expired anyway.
CREATE TABLE captcha_uses (
  challenge_id text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX captcha_uses_expires_idx ON captcha_uses (expires_at);
