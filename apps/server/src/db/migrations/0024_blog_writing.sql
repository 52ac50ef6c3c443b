-- The writer's screen (decision record 073): an article is a draft until it has a publication time, scheduled while
-- that time is ahead, published after. The Markdown the writer typed is kept beside the sanitised HTML readers get
-- (null for an article written as HTML before); `version` makes a save of a stale copy lose (409).
ALTER TABLE blog_articles ALTER COLUMN published_at DROP NOT NULL;
ALTER TABLE blog_articles ADD COLUMN body_markdown text;
ALTER TABLE blog_articles ADD COLUMN version integer NOT NULL DEFAULT 1;
ALTER TABLE blog_articles ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE blog_articles ADD COLUMN created_by integer REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE blog_articles ADD COLUMN updated_by integer REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX blog_articles_backoffice_idx ON blog_articles (updated_at DESC, id DESC);
