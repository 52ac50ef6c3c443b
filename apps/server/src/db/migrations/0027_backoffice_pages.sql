-- The back office's custom pages and page meta (issue 27, decision record 076).
--
-- A page can be kept unpublished while it is written: nothing public answers for it until it is published. Existing
-- pages were all live, so they stay published. `version` counts the saves, so two admins saving the same page at
-- once cannot overwrite each other unseen: the second save names the version it read and gets a 409.
ALTER TABLE pages ADD COLUMN published boolean NOT NULL DEFAULT true;
ALTER TABLE pages ADD COLUMN version integer NOT NULL DEFAULT 1;

-- Meta set by hand for one path of the site, whatever answers there (an app screen, a blog article, a custom page):
-- per language, each field empty to keep what the path shows by default. Paths compare without regard to case, as
-- pages' do.
CREATE TABLE path_meta (
  id serial PRIMARY KEY,
  path text NOT NULL CHECK (path LIKE '/%' AND char_length(path) <= 512),
  robots text CHECK (robots IS NULL OR robots IN ('index, follow', 'noindex, follow', 'index, nofollow', 'noindex, nofollow')),
  title_en text NOT NULL DEFAULT '',
  title_de text NOT NULL DEFAULT '',
  title_fr text NOT NULL DEFAULT '',
  description_en text NOT NULL DEFAULT '',
  description_de text NOT NULL DEFAULT '',
  description_fr text NOT NULL DEFAULT '',
  keywords_en text NOT NULL DEFAULT '',
  keywords_de text NOT NULL DEFAULT '',
  keywords_fr text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX path_meta_path_key ON path_meta (lower(path));
