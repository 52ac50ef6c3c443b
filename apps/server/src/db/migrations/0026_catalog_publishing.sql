-- The back office's catalog (decision record 075). A shoot without published_at is a draft; one whose published_at is
-- still ahead is scheduled: members see a shoot only from its published_at on, and only while its model is published.
-- A model made in the back office starts unpublished; those already on the site stay published.
ALTER TABLE shoots ALTER COLUMN published_at DROP NOT NULL;
-- The gallery image the cover was cut from (the cover's original is a copy of that image's).
ALTER TABLE shoots ADD COLUMN cover_image_id integer REFERENCES shoot_images (id) ON DELETE SET NULL;
ALTER TABLE models ADD COLUMN published boolean NOT NULL DEFAULT true;
