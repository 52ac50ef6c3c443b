-- The live access answers (decision record 061) are kept for a second per camera and member and read cameras
-- (chat mode, owner): another instance's change of a camera must reach every instance's cache as the other watched
-- tables' writes do (decision record 051's triggers).
CREATE TRIGGER cameras_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cameras FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
