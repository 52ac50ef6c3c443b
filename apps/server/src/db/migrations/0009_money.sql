-- Money (decision record 016). Two units never mix: money (cents of a currency) moves at the payment
-- provider and is recorded in `payments`; coins move only inside this database, as a double-entry ledger.

CREATE TABLE membership_plans (
  id serial PRIMARY KEY,
  token text NOT NULL UNIQUE,
  name text NOT NULL,
  period text NOT NULL CHECK (period IN ('DAY', 'MONTH')),
  period_count integer NOT NULL DEFAULT 1 CHECK (period_count > 0),
  -- The net price before VAT and discounts; what is charged is computed from it (packages/shared pricing rule).
  price_cents integer NOT NULL CHECK (price_cents > 0),
  currency text NOT NULL DEFAULT 'EUR' CHECK (currency ~ '^[A-Z]{3}$'),
  active boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE coin_packages (
  id serial PRIMARY KEY,
  token text NOT NULL UNIQUE,
  coins integer NOT NULL CHECK (coins > 0),
  bonus_coins integer NOT NULL DEFAULT 0 CHECK (bonus_coins >= 0),
  price_cents integer NOT NULL CHECK (price_cents > 0),
  currency text NOT NULL DEFAULT 'EUR' CHECK (currency ~ '^[A-Z]{3}$'),
  active boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0
);

-- One row per checkout. The amounts are fixed when the checkout starts: the price shown is the price charged.
CREATE TABLE payments (
  id bigserial PRIMARY KEY,
  public_id text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  provider_reference text,
  kind text NOT NULL CHECK (kind IN ('subscription', 'renewal', 'coins')),
  plan_id integer REFERENCES membership_plans (id),
  package_id integer REFERENCES coin_packages (id),
  subscription_id bigint,
  coins integer CHECK (coins > 0),
  discount text,
  discount_percent integer NOT NULL DEFAULT 0 CHECK (discount_percent BETWEEN 0 AND 100),
  net_cents integer NOT NULL CHECK (net_cents >= 0),
  vat_rate_bp integer NOT NULL DEFAULT 0 CHECK (vat_rate_bp >= 0),
  vat_cents integer NOT NULL DEFAULT 0 CHECK (vat_cents >= 0),
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  country text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed', 'cancelled', 'refunded')),
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  CHECK (amount_cents = net_cents + vat_cents),
  CHECK ((kind IN ('subscription', 'renewal')) = (plan_id IS NOT NULL)),
  CHECK ((kind = 'coins') = (package_id IS NOT NULL AND coins IS NOT NULL))
);
CREATE INDEX payments_user_idx ON payments (user_id, created_at DESC, id DESC);
CREATE UNIQUE INDEX payments_provider_reference_key ON payments (provider, provider_reference) WHERE provider_reference IS NOT NULL;

-- Every provider event is handled once: a replayed webhook finds its id here and changes nothing.
CREATE TABLE payment_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  payment_id bigint REFERENCES payments (id) ON DELETE SET NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

CREATE TABLE subscriptions (
  id bigserial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  plan_id integer NOT NULL REFERENCES membership_plans (id),
  -- Public: the profile shows it (product §3 subscription type with name and token).
  token text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('active', 'cancelled', 'expired')),
  provider text NOT NULL,
  provider_reference text,
  started_at timestamptz NOT NULL,
  current_period_end timestamptz NOT NULL,
  cancelled_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- At most one running subscription per member ('cancelled' runs to the end of its period, then expires).
CREATE UNIQUE INDEX subscriptions_one_running ON subscriptions (user_id) WHERE status IN ('active', 'cancelled');
CREATE INDEX subscriptions_due_idx ON subscriptions (current_period_end) WHERE status = 'active';
ALTER TABLE payments ADD CONSTRAINT payments_subscription_fk FOREIGN KEY (subscription_id) REFERENCES subscriptions (id);
CREATE INDEX payments_subscription_idx ON payments (subscription_id) WHERE subscription_id IS NOT NULL;
-- A period is charged once: two renewal runs racing for one subscription meet here.
CREATE UNIQUE INDEX payments_one_pending_renewal ON payments (subscription_id) WHERE kind = 'renewal' AND status = 'pending';

-- Coins, double entry: every transaction's entries sum to zero. A member's account never goes below zero (the
-- CHECK is the last line; the debit itself is a conditional UPDATE, so concurrent spends queue on the row lock).
-- 'purchases' is where bought coins come from; 'house' takes the site's share of what is spent and gives grants.
-- The ledger is kept for the books: a user or model with an account (every account has entries) cannot be deleted,
-- only anonymised (RESTRICT says so at the account, instead of failing later at its entries).
CREATE TABLE ledger_accounts (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('member', 'model', 'house', 'purchases')),
  user_id integer UNIQUE REFERENCES users (id) ON DELETE RESTRICT,
  model_id integer UNIQUE REFERENCES models (id) ON DELETE RESTRICT,
  balance bigint NOT NULL DEFAULT 0,
  CHECK (kind <> 'member' OR balance >= 0),
  CHECK ((kind = 'member') = (user_id IS NOT NULL)),
  CHECK ((kind = 'model') = (model_id IS NOT NULL))
);
CREATE UNIQUE INDEX ledger_accounts_system_key ON ledger_accounts (kind) WHERE kind IN ('house', 'purchases');
INSERT INTO ledger_accounts (kind) VALUES ('house'), ('purchases');

CREATE TABLE ledger_transactions (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('coin_purchase', 'tip', 'paid_chat', 'private_playdate', 'grant', 'refund')),
  -- The member who bought or spent, and the model who earned, where there is one.
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  model_id integer REFERENCES models (id) ON DELETE SET NULL,
  payment_id bigint REFERENCES payments (id),
  -- A retried request (or a replayed event) with the same key books nothing twice.
  idempotency_key text UNIQUE,
  description text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_transactions_user_idx ON ledger_transactions (user_id, created_at DESC, id DESC);
CREATE INDEX ledger_transactions_model_idx ON ledger_transactions (model_id, created_at DESC) WHERE model_id IS NOT NULL;
-- A payment credits its coins once, whatever idempotency key a retry brings.
CREATE UNIQUE INDEX ledger_transactions_purchase_once ON ledger_transactions (payment_id) WHERE kind = 'coin_purchase';

CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  transaction_id bigint NOT NULL REFERENCES ledger_transactions (id) ON DELETE CASCADE,
  account_id bigint NOT NULL REFERENCES ledger_accounts (id),
  amount bigint NOT NULL CHECK (amount <> 0),
  balance_after bigint NOT NULL
);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_id, id);
CREATE INDEX ledger_entries_transaction_idx ON ledger_entries (transaction_id);

-- The foundation's single-table coin ledger becomes opening balances granted by the house, then goes.
INSERT INTO ledger_accounts (kind, user_id, balance)
SELECT 'member', user_id, SUM(delta) FROM coin_ledger GROUP BY user_id HAVING SUM(delta) > 0;
INSERT INTO ledger_transactions (kind, user_id, idempotency_key, description)
SELECT 'grant', user_id, 'opening:' || user_id, 'Opening balance' FROM ledger_accounts WHERE kind = 'member';
INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
SELECT t.id, a.id, a.balance, a.balance
FROM ledger_transactions t JOIN ledger_accounts a ON a.kind = 'member' AND a.user_id = t.user_id
WHERE t.idempotency_key LIKE 'opening:%';
INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
SELECT t.id, h.id, -a.balance, -SUM(a.balance) OVER (ORDER BY t.id)
FROM ledger_transactions t
JOIN ledger_accounts a ON a.kind = 'member' AND a.user_id = t.user_id
CROSS JOIN (SELECT id FROM ledger_accounts WHERE kind = 'house') h
WHERE t.idempotency_key LIKE 'opening:%'
-- Entry ids follow the running balance, as they do for every booking after this one.
ORDER BY t.id;
UPDATE ledger_accounts SET balance = -(SELECT COALESCE(SUM(balance), 0) FROM ledger_accounts WHERE kind = 'member') WHERE kind = 'house';
DROP TABLE coin_ledger;
