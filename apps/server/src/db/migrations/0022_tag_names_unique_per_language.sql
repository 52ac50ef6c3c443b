-- A tag's name is one per language, whatever its case (decision record 071): members filter by the name in their
-- language, and two tags called "Beach" and "beach" would be one filter shown twice. The back office answers 409
-- naming the field; these indexes decide a race between two creations.
CREATE UNIQUE INDEX tags_name_en_lower_key ON tags (lower(name_en));
CREATE UNIQUE INDEX tags_name_de_lower_key ON tags (lower(name_de));
CREATE UNIQUE INDEX tags_name_fr_lower_key ON tags (lower(name_fr));
