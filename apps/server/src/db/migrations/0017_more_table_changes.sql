-- More tables with caches in front (decision records 051 and 058): the shoots' tables, which the shoot and model lists
-- have read since 0016 without a trigger (other instances then learnt of a change only when the entry expired), and
-- the messages' tables behind each member's unread total, and the feature flags behind the visitors' landing teasers.
-- Same function and channel as 0016.
CREATE TRIGGER shoots_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shoots FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
CREATE TRIGGER shoot_videos_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shoot_videos FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
CREATE TRIGGER shoot_images_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shoot_images FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
CREATE TRIGGER shoot_chapters_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shoot_chapters FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
CREATE TRIGGER messages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON messages FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
CREATE TRIGGER conversation_participants_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON conversation_participants FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
CREATE TRIGGER hidden_messages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hidden_messages FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
CREATE TRIGGER conversations_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON conversations FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
CREATE TRIGGER features_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON features FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
