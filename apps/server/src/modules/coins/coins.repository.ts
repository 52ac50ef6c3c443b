import type { Queryable } from '../../db/database';

export type LedgerKind = 'coin_purchase' | 'tip' | 'paid_chat' | 'private_playdate' | 'grant' | 'refund' | 'playdate_hold' | 'playdate_release';
/** holds: coins of playdate requests waiting for the model (decision record 040). */
export type SystemAccount = 'house' | 'purchases' | 'holds';

export interface AccountBalance {
  id: number;
  balance: number;
}

export interface NewTransaction {
  kind: LedgerKind;
  userId: number | null;
  modelId: number | null;
  paymentId: number | null;
  idempotencyKey: string | null;
  description: string | null;
  createdAt: Date;
}

export interface NewEntry {
  accountId: number;
  amount: number;
  balanceAfter: number;
}

/** A booked transaction as the member saw it: what moved on their account and what it left. */
export interface BookedRow {
  id: number;
  kind: LedgerKind;
  user_id: number | null;
  model_id: number | null;
  payment_id: number | null;
  /** The member's entry (signed); null when the transaction has none. */
  member_amount: number | null;
  member_balance_after: number | null;
}

export interface HistoryRow {
  id: string;
  kind: 'subscription' | 'renewal' | 'coins' | LedgerKind;
  source: 'payment' | 'ledger';
  amount_cents: number | null;
  currency: string | null;
  coins: number | null;
  status: 'pending' | 'succeeded' | 'failed' | 'cancelled' | 'refunded';
  at: Date;
  plan_name: string | null;
  plan_period: 'DAY' | 'MONTH' | null;
  plan_period_count: number | null;
  model_name: string | null;
  description: string | null;
}

export interface ModelEarningsRow {
  balance: number;
  earned: number;
  tips: number;
}

/** Payments a member sees in their history: those the provider decided (not abandoned or still open checkouts). */
const SHOWN_PAYMENT_STATUSES = ['succeeded', 'failed', 'refunded'];

// The history is one list over two tables: payments (the payments module's, read here and only read) and the
// member's ledger entries. Paging a merged list needs one ORDER BY over both, so it is one statement here rather
// than two services' pages merged in memory (which cannot page correctly). A coin purchase is listed once, as its
// payment; the ledger side leaves out purchase transactions that belong to a payment.
const HISTORY_ITEMS = `
  SELECT 'payment:' || p.public_id AS id, p.kind, 'payment' AS source, p.amount_cents, p.currency, p.coins, p.status,
         COALESCE(p.completed_at, p.created_at) AS at, p.id AS seq, mp.name AS plan_name, mp.period AS plan_period,
         mp.period_count AS plan_period_count, NULL AS model_name, NULL AS description
    FROM payments p LEFT JOIN membership_plans mp ON mp.id = p.plan_id
   WHERE p.user_id = $1 AND p.status = ANY($2::text[])
  UNION ALL
  SELECT 'coins:' || t.id, t.kind, 'ledger', NULL, NULL, e.amount, 'succeeded',
         t.created_at, t.id, NULL, NULL, NULL, m.name_en, t.description
    FROM ledger_accounts a
    JOIN ledger_entries e ON e.account_id = a.id
    JOIN ledger_transactions t ON t.id = e.transaction_id
    LEFT JOIN models m ON m.id = t.model_id
   WHERE a.kind = 'member' AND a.user_id = $1 AND NOT (t.kind = 'coin_purchase' AND t.payment_id IS NOT NULL)`;

const BOOKED_COLUMNS = `t.id, t.kind, t.user_id, t.model_id, t.payment_id, e.amount AS member_amount, e.balance_after AS member_balance_after`;
const BOOKED_FROM = `ledger_transactions t
  LEFT JOIN LATERAL (
    SELECT le.amount, le.balance_after FROM ledger_entries le JOIN ledger_accounts la ON la.id = le.account_id
     WHERE le.transaction_id = t.id AND la.kind = 'member' LIMIT 1
  ) e ON true`;

/**
 * SQL of the coin ledger. Every write here runs on the transaction the service opened; accounts are always locked
 * in one order (the member, the model, then the system accounts house and purchases last) so concurrent bookings queue and
 * never deadlock, and the shared system rows are held for the shortest time.
 */
export const coinsRepository = {
  /** Null when the idempotency key (or, for a purchase, its payment) is booked already. */
  async insertTransaction(tx: Queryable, t: NewTransaction): Promise<number | null> {
    // Without a conflict target: both the key and the one-purchase-per-payment index make it a replay. A racing
    // insert of the same key waits here for the other transaction and then sees its row, so nothing books twice.
    const rows = await tx.query<{ id: number }>(
      `INSERT INTO ledger_transactions (kind, user_id, model_id, payment_id, idempotency_key, description, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id`,
      [t.kind, t.userId, t.modelId, t.paymentId, t.idempotencyKey, t.description, t.createdAt],
    );
    return rows[0]?.id ?? null;
  },

  async findByKey(db: Queryable, idempotencyKey: string): Promise<BookedRow | null> {
    const rows = await db.query<BookedRow>(`SELECT ${BOOKED_COLUMNS} FROM ${BOOKED_FROM} WHERE t.idempotency_key = $1`, [idempotencyKey]);
    return rows[0] ?? null;
  },

  async entriesOfKey(db: Queryable, idempotencyKey: string): Promise<Array<{ kind: string; amount: number }>> {
    return db.query(
      `SELECT a.kind, e.amount FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
         JOIN ledger_accounts a ON a.id = e.account_id WHERE t.idempotency_key = $1`,
      [idempotencyKey],
    );
  },

  async findPurchaseOf(db: Queryable, paymentId: number): Promise<BookedRow | null> {
    const rows = await db.query<BookedRow>(`SELECT ${BOOKED_COLUMNS} FROM ${BOOKED_FROM} WHERE t.kind = 'coin_purchase' AND t.payment_id = $1`, [
      paymentId,
    ]);
    return rows[0] ?? null;
  },

  /** Credits a member, creating the account on first use (one statement: safe when two first credits race). */
  async creditMember(tx: Queryable, userId: number, coins: number): Promise<AccountBalance> {
    const rows = await tx.query<AccountBalance>(
      `INSERT INTO ledger_accounts (kind, user_id, balance) VALUES ('member', $1, $2)
       ON CONFLICT (user_id) DO UPDATE SET balance = ledger_accounts.balance + EXCLUDED.balance
       RETURNING id, balance`,
      [userId, coins],
    );
    return rows[0]!;
  },

  /**
   * The one conditional debit: it takes the row lock, so concurrent spends of one member queue here, and a spend
   * the balance does not cover (when the one before it commits) updates nothing. Null: not enough coins.
   */
  async debitMember(tx: Queryable, userId: number, coins: number): Promise<AccountBalance | null> {
    const rows = await tx.query<AccountBalance>(
      `UPDATE ledger_accounts SET balance = balance - $2
        WHERE kind = 'member' AND user_id = $1 AND balance >= $2
        RETURNING id, balance`,
      [userId, coins],
    );
    return rows[0] ?? null;
  },

  async memberBalance(db: Queryable, userId: number): Promise<number> {
    const rows = await db.query<{ balance: number }>(`SELECT balance FROM ledger_accounts WHERE kind = 'member' AND user_id = $1`, [userId]);
    return Number(rows[0]?.balance ?? 0);
  },

  /** Whether the model exists (a paid chat minute checks before it books, so a missing model is not an aborted transaction). */
  async modelExists(db: Queryable, modelId: number): Promise<boolean> {
    const rows = await db.query('SELECT 1 FROM models WHERE id = $1', [modelId]);
    return rows.length > 0;
  },

  /** Creates the model's account if there is none. Throws a foreign-key violation (23503) when the model does not exist. */
  async ensureModelAccount(tx: Queryable, modelId: number): Promise<void> {
    await tx.query(`INSERT INTO ledger_accounts (kind, model_id) VALUES ('model', $1) ON CONFLICT (model_id) DO NOTHING`, [modelId]);
  },

  /** Moves a model's account by `delta`; a refund may take back what a playdate credited (negative: coins leave it). */
  async moveModel(tx: Queryable, modelId: number, delta: number): Promise<AccountBalance> {
    const rows = await tx.query<AccountBalance>(
      `UPDATE ledger_accounts SET balance = balance + $2 WHERE kind = 'model' AND model_id = $1 RETURNING id, balance`,
      [modelId, delta],
    );
    return rows[0]!;
  },

  async creditModel(tx: Queryable, modelId: number, coins: number): Promise<AccountBalance> {
    const rows = await tx.query<AccountBalance>(
      `UPDATE ledger_accounts SET balance = balance + $2 WHERE kind = 'model' AND model_id = $1 RETURNING id, balance`,
      [modelId, coins],
    );
    return rows[0]!;
  },

  /** Moves a system account by `delta` (negative: coins leave it). */
  async moveSystem(tx: Queryable, kind: SystemAccount, delta: number): Promise<AccountBalance> {
    const rows = await tx.query<AccountBalance>(`UPDATE ledger_accounts SET balance = balance + $2 WHERE kind = $1 RETURNING id, balance`, [kind, delta]);
    return rows[0]!;
  },

  async insertEntries(tx: Queryable, transactionId: number, entries: NewEntry[]): Promise<void> {
    await tx.query(
      `INSERT INTO ledger_entries (transaction_id, account_id, amount, balance_after)
       SELECT $1, a, m, b FROM unnest($2::bigint[], $3::bigint[], $4::bigint[]) AS e(a, m, b)`,
      [transactionId, entries.map((e) => e.accountId), entries.map((e) => e.amount), entries.map((e) => e.balanceAfter)],
    );
  },

  /** The member's most recent tip to a model that still exists. */
  async lastTip(db: Queryable, userId: number): Promise<{ model_id: number; coins: number } | null> {
    const rows = await db.query<{ model_id: number; coins: number }>(
      `SELECT t.model_id, -e.amount AS coins
         FROM ledger_accounts a
         JOIN ledger_entries e ON e.account_id = a.id
         JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE a.kind = 'member' AND a.user_id = $1 AND t.kind = 'tip' AND t.model_id IS NOT NULL
        ORDER BY e.id DESC LIMIT 1`,
      [userId],
    );
    return rows[0] ?? null;
  },

  async historyCount(db: Queryable, userId: number): Promise<number> {
    const rows = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM (${HISTORY_ITEMS}) h`, [userId, SHOWN_PAYMENT_STATUSES]);
    return rows[0]?.total ?? 0;
  },

  /** Newest first; at the same moment a payment comes before a coin movement, and the later booked first. */
  historyPage(db: Queryable, userId: number, limit: number, offset: number): Promise<HistoryRow[]> {
    return db.query<HistoryRow>(
      `SELECT id, kind, source, amount_cents, currency, coins, status, at, plan_name, plan_period, plan_period_count, model_name, description
         FROM (${HISTORY_ITEMS}) h
        ORDER BY at DESC, source DESC, seq DESC
        LIMIT $3 OFFSET $4`,
      [userId, SHOWN_PAYMENT_STATUSES, limit, offset],
    );
  },

  async modelEarnings(db: Queryable, modelId: number): Promise<ModelEarningsRow> {
    const rows = await db.query<ModelEarningsRow>(
      `SELECT a.balance,
              COALESCE(SUM(e.amount) FILTER (WHERE e.amount > 0), 0)::bigint AS earned,
              count(*) FILTER (WHERE t.kind = 'tip')::int AS tips
         FROM ledger_accounts a
         JOIN ledger_entries e ON e.account_id = a.id
         JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE a.kind = 'model' AND a.model_id = $1
        GROUP BY a.id, a.balance`,
      [modelId],
    );
    return rows[0] ?? { balance: 0, earned: 0, tips: 0 };
  },
};
