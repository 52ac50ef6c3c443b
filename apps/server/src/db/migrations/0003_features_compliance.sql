-- Feature overrides per campaign, feedback, identity-provider links, age verification, company values.

-- A numeric id beside the name: /feature/feature_feedback/{id} and friends accept either.
ALTER TABLE features ADD COLUMN id serial;
CREATE UNIQUE INDEX features_id_key ON features (id);

-- Per-visit overrides: a visit that arrived through a campaign sees these on top of the site-wide flags.
CREATE TABLE campaign_features (
  campaign text NOT NULL,
  name text NOT NULL,
  is_active boolean NOT NULL,
  version text,
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  PRIMARY KEY (campaign, name)
);

-- The feature-introduce popup was shown to the user (profile: settings.introduce_seen).
CREATE TABLE user_feature_views (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  feature_name text NOT NULL REFERENCES features (name) ON DELETE CASCADE ON UPDATE CASCADE,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, feature_name)
);

-- One rating per user and feature, changed in place.
CREATE TABLE feature_feedback (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  feature_name text NOT NULL REFERENCES features (name) ON DELETE CASCADE ON UPDATE CASCADE,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  message text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, feature_name)
);

-- General feedback about the site (feedback popup).
CREATE TABLE feedback (
  id bigserial PRIMARY KEY,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  message text NOT NULL DEFAULT '',
  type text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feedback_created_idx ON feedback (created_at DESC);

-- Accounts signed in through an OpenID Connect provider: the provider's subject stays linked to one user.
CREATE TABLE user_identities (
  provider text NOT NULL,
  subject text NOT NULL,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE INDEX user_identities_user_idx ON user_identities (user_id);

-- Age-verification attempts. The session secret travels in the provider's URL; only its SHA-256 is kept.
CREATE TABLE age_verifications (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified', 'cancelled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  completed_at timestamptz
);
CREATE INDEX age_verifications_user_idx ON age_verifications (user_id);

-- Operator overrides of the built-in company values (packages/shared rules/company.ts), field by field.
CREATE TABLE companies (
  variant text PRIMARY KEY CHECK (variant IN ('net', 'de', 'ch')),
  overrides jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);
