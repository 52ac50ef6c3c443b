-- Caches in front of these tables are dropped when they change (decision record 051). This process reads its own
-- writes off the statements; these triggers tell the other instances that share the database, once per statement,
-- as `schema.table` on the channel velora_table_changes (delivered at commit, never for a rollback).
CREATE FUNCTION velora_notify_table_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('velora_table_changes', TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME); RETURN NULL; END $$;

CREATE TRIGGER users_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
CREATE TRIGGER user_roles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
CREATE TRIGGER videos_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON videos FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
CREATE TRIGGER video_tags_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON video_tags FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
CREATE TRIGGER video_models_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON video_models FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
CREATE TRIGGER tags_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tags FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
CREATE TRIGGER models_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON models FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
CREATE TRIGGER favourites_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON favourites FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
