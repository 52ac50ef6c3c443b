-- Site settings in the back office (decision record 072): revisions for edits made from a stale screen (409), the
-- recommended plan, VAT rates per country as data, and change notifications for every table prices and flags are read
-- from, so a cache on another instance drops what it holds within a second (decision record 051).

ALTER TABLE features ADD COLUMN revision integer NOT NULL DEFAULT 1;
ALTER TABLE membership_plans ADD COLUMN revision integer NOT NULL DEFAULT 1;
ALTER TABLE coin_packages ADD COLUMN revision integer NOT NULL DEFAULT 1;

-- Chosen by an admin; none chosen means the paywall marks the best value per month (decision record 045).
ALTER TABLE membership_plans ADD COLUMN recommended boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX membership_plans_one_recommended ON membership_plans ((true)) WHERE recommended;

-- Basis points (1900 = 19 %), taxed where the buyer is; the rates packages/shared shipped with (2025-08) to start.
CREATE TABLE vat_rates (
  country text PRIMARY KEY CHECK (country ~ '^[A-Z]{2}$'),
  rate_bp integer NOT NULL CHECK (rate_bp BETWEEN 0 AND 5000),
  revision integer NOT NULL DEFAULT 1
);
INSERT INTO vat_rates (country, rate_bp) VALUES
  ('AT', 2000), ('BE', 2100), ('BG', 2000), ('HR', 2500), ('CY', 1900), ('CZ', 2100), ('DK', 2500), ('EE', 2400),
  ('FI', 2550), ('FR', 2000), ('DE', 1900), ('GR', 2400), ('HU', 2700), ('IE', 2300), ('IT', 2200), ('LV', 2100),
  ('LT', 2100), ('LU', 1700), ('MT', 1800), ('NL', 2100), ('PL', 2300), ('PT', 2300), ('RO', 2100), ('SK', 2300),
  ('SI', 2200), ('ES', 2100), ('SE', 2500), ('GB', 2000);

CREATE TRIGGER campaign_features_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON campaign_features FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
CREATE TRIGGER user_features_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_features FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
CREATE TRIGGER membership_plans_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON membership_plans FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
CREATE TRIGGER coin_packages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON coin_packages FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
CREATE TRIGGER vat_rates_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vat_rates FOR EACH STATEMENT EXECUTE FUNCTION velora_notify_table_change();
