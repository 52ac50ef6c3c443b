import {
  INSUFFICIENT_COINS,
  PAYMENT_HISTORY_PER_PAGE,
  type PaymentHistory,
  type PaymentHistoryItem,
  type TipResult,
  type TipSplit,
} from '@velora/shared';
import type { Platform } from '../../platform';
import type { Queryable } from '../../db/database';
import { HttpError, conflict, notFound } from '../../lib/http-error';
import { capPage, offsetOf, pagesOf } from '../../lib/paging';
import { coinsRepository as repo, type BookedRow, type HistoryRow, type NewEntry, type NewTransaction } from './coins.repository';

/** The ledger needs only the database and a clock for booking times, so users, payments and the seed can use it. */
export type CoinsDeps = Pick<Platform, 'db' | 'now'>;

/** What a credit booked: the ledger transaction and the member's balance right after it. */
export interface Booking {
  transactionId: number;
  balance: number;
  /** True when the idempotency key (or the payment) was booked before and nothing was booked now. */
  replayed: boolean;
}

export interface CreditPurchase {
  userId: number;
  coins: number;
  /** payments.id of the payment that bought the coins; it credits once, whatever key a retry brings. */
  paymentId: number;
  idempotencyKey: string;
}

/** One minute of paid chat to book: what the chat-sessions module hands the ledger (decision record 037). */
export interface ChatMinuteCharge {
  userId: number;
  modelId: number;
  coins: number;
  split: TipSplit;
  /** `chat:<session>:<minute>`: the same minute is never booked twice. */
  idempotencyKey: string;
  description: string;
}

export type ChatMinuteBooking =
  | { ok: true; transactionId: number; balance: number; replayed: boolean }
  /** insufficient: the member cannot pay it; model: the model's side cannot be booked (she is gone). Nothing booked. */
  | { ok: false; reason: 'insufficient' | 'model'; balance: number };

/**
 * One booking of a playdate (decision record 040): signed moves of the member, the model, the holds and the house
 * accounts that sum to zero. `key` is `playdate:<id>:hold|capture|release|refund|extend:<n>`: booked once.
 */
export interface PlaydateBooking {
  kind: 'playdate_hold' | 'private_playdate' | 'playdate_release' | 'refund';
  key: string;
  userId: number;
  modelId: number;
  description: string;
  member?: number;
  model?: number;
  holds?: number;
  house?: number;
}

/** Paid chat minutes given back (decision record 062): what the member paid for them, and the model's share of it. */
export interface ChatRefund {
  userId: number;
  modelId: number;
  coins: number;
  model: number;
  /** `chat:<session>:refund`: a session's minutes are given back once. */
  idempotencyKey: string;
  description: string;
}

export type PlaydateBooked = { ok: true; transactionId: number; balance: number; replayed: boolean } | { ok: false; balance: number };

export interface ModelEarnings {
  model_id: number;
  /** Coins credited to the model and not yet paid out. */
  balance: number;
  /** Every coin ever credited to the model. */
  earned: number;
  tips: number;
}

/** Far below bigint and Number.MAX_SAFE_INTEGER even summed over every booking a site will ever make. */
export const MAX_BOOKING_COINS = 100_000_000;

const plural = (n: number) => `${n} ${n === 1 ? 'coin' : 'coins'}`;

export const insufficientCoins = (balance: number, needed: number) =>
  new HttpError(409, INSUFFICIENT_COINS, `You have ${plural(balance)}; this tip needs ${needed}.`);

export const keyReused = () =>
  conflict('This idempotency key was already used for a different request. Use a new key for a new request.', {
    idempotency_key: 'Already used for a different request',
  });

function checkCoins(coins: number): void {
  if (!Number.isSafeInteger(coins) || coins < 1 || coins > MAX_BOOKING_COINS) {
    throw new RangeError(`A booking moves 1 to ${MAX_BOOKING_COINS} whole coins, got ${coins}`);
  }
}

function checkKey(key: string): void {
  if (typeof key !== 'string' || key.length < 1 || key.length > 200) throw new RangeError('An idempotency key is 1 to 200 characters');
}

const isForeignKeyViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23503';

/** Double entry's one rule, checked before anything is written: a transaction's entries sum to zero. */
async function post(tx: Queryable, transactionId: number, entries: NewEntry[]): Promise<void> {
  const sum = entries.reduce((s, e) => s + e.amount, 0);
  if (sum !== 0 || entries.some((e) => e.amount === 0)) throw new Error(`Unbalanced ledger transaction ${transactionId}: entries sum to ${sum}`);
  await repo.insertEntries(tx, transactionId, entries);
}

function describe(row: HistoryRow): string {
  switch (row.kind) {
    case 'subscription':
      return `Membership: ${row.plan_name ?? 'plan'}`;
    case 'renewal':
      return `Membership renewal: ${row.plan_name ?? 'plan'}`;
    case 'coins':
    case 'coin_purchase':
      return row.source === 'payment' ? `${plural(row.coins ?? 0)}` : (row.description ?? 'Coin purchase');
    case 'tip':
      return `Tip to ${row.model_name ?? 'a model'}`;
    case 'paid_chat':
      return row.description ?? 'Paid chat';
    case 'private_playdate':
      return row.description ?? 'Private playdate';
    case 'grant':
      return row.description ?? 'Coins from Velora';
    case 'refund':
      return row.description ?? 'Refund';
    case 'playdate_hold':
      return row.description ?? 'Private playdate (coins held)';
    case 'playdate_release':
      return row.description ?? 'Private playdate (held coins returned)';
  }
}

const toHistoryItem = (row: HistoryRow): PaymentHistoryItem => ({
  id: row.id,
  // A playdate's held coins are its price in the member's history; coins coming back from a hold are a refund.
  kind: row.kind === 'coin_purchase' ? 'coins' : row.kind === 'playdate_hold' ? 'private_playdate' : row.kind === 'playdate_release' ? 'refund' : row.kind,
  description: describe(row),
  amount_cents: row.amount_cents,
  currency: row.currency,
  coins: row.coins === null ? null : Number(row.coins),
  plan: row.plan_period && row.plan_period_count !== null ? { period: row.plan_period, period_count: row.plan_period_count } : null,
  model_name: row.model_name,
  status: row.status,
  created_at: new Date(row.at).getTime(),
});

/**
 * The coin ledger (decision record 016): double entry over ledger_accounts, every booking one transaction whose
 * entries sum to zero. Members' accounts never go below zero: the only debit is one conditional UPDATE (and a
 * CHECK behind it). Idempotency keys are namespaced by what booked them (tip:<user>:, grant:, purchase:), so a
 * client's key can never replay another member's or another kind's booking.
 */
export function createCoinsService(deps: CoinsDeps) {
  const { db, now } = deps;

  /** A booking whose key is taken: the first result when it was the same request, 409 otherwise. */
  function replayOf(found: BookedRow | null, expected: Pick<BookedRow, 'kind' | 'user_id' | 'member_amount'> & Partial<BookedRow>): BookedRow {
    const same =
      found !== null &&
      found.kind === expected.kind &&
      found.user_id === expected.user_id &&
      Number(found.member_amount) === expected.member_amount &&
      (expected.model_id === undefined || found.model_id === expected.model_id) &&
      (expected.payment_id === undefined || Number(found.payment_id) === expected.payment_id);
    if (!same) throw keyReused();
    return found;
  }

  /** From a system account to a member; replays the first booking of the same key. */
  async function creditMember(
    tx: Queryable,
    c: { kind: 'grant' | 'coin_purchase'; from: 'house' | 'purchases'; userId: number; coins: number; paymentId: number | null; key: string; description: string | null },
  ): Promise<Booking> {
    checkCoins(c.coins);
    const id = await repo.insertTransaction(tx, {
      kind: c.kind,
      userId: c.userId,
      modelId: null,
      paymentId: c.paymentId,
      idempotencyKey: c.key,
      description: c.description,
      createdAt: now(),
    });
    if (id === null) {
      const found = (await repo.findByKey(tx, c.key)) ?? (c.paymentId === null ? null : await repo.findPurchaseOf(tx, c.paymentId));
      const row = replayOf(found, { kind: c.kind, user_id: c.userId, member_amount: c.coins, ...(c.paymentId === null ? {} : { payment_id: c.paymentId }) });
      return { transactionId: row.id, balance: Number(row.member_balance_after), replayed: true };
    }
    // Member first, the shared system row last: see the lock order in the repository.
    const member = await repo.creditMember(tx, c.userId, c.coins);
    const system = await repo.moveSystem(tx, c.from, -c.coins);
    await post(tx, id, [
      { accountId: member.id, amount: c.coins, balanceAfter: member.balance },
      { accountId: system.id, amount: -c.coins, balanceAfter: system.balance },
    ]);
    return { transactionId: id, balance: Number(member.balance), replayed: false };
  }

  /** Signed moves of the member, the model, the holds and the house that sum to zero, once per key. */
  async function bookMoves(tx: Queryable, b: PlaydateBooking): Promise<PlaydateBooked> {
    checkKey(b.key);
    const moves = { member: b.member ?? 0, model: b.model ?? 0, holds: b.holds ?? 0, house: b.house ?? 0 };
    if (moves.member + moves.model + moves.holds + moves.house !== 0) throw new RangeError(`Booking ${b.key} does not sum to zero`);
    for (const v of Object.values(moves)) if (v !== 0) checkCoins(Math.abs(v));
    const found = await repo.findByKey(tx, b.key);
    if (found) return { ok: true, transactionId: found.id, balance: await repo.memberBalance(tx, b.userId), replayed: true };
    const entries: NewEntry[] = [];
    // Lock order of the repository: the member, the model, then the system accounts.
    let balance: number | null = null;
    if (moves.member < 0) {
      const member = await repo.debitMember(tx, b.userId, -moves.member);
      if (!member) return { ok: false, balance: await repo.memberBalance(tx, b.userId) };
      entries.push({ accountId: member.id, amount: moves.member, balanceAfter: member.balance });
      balance = Number(member.balance);
    } else if (moves.member > 0) {
      const member = await repo.creditMember(tx, b.userId, moves.member);
      entries.push({ accountId: member.id, amount: moves.member, balanceAfter: member.balance });
      balance = Number(member.balance);
    }
    const id = await repo.insertTransaction(tx, {
      kind: b.kind,
      userId: b.userId,
      modelId: b.modelId,
      paymentId: null,
      idempotencyKey: b.key,
      description: b.description.slice(0, 200),
      createdAt: now(),
    });
    if (id === null) throw new Error(`Booking ${b.key} booked concurrently`);
    if (moves.model !== 0) {
      await repo.ensureModelAccount(tx, b.modelId);
      const model = await repo.moveModel(tx, b.modelId, moves.model);
      entries.push({ accountId: model.id, amount: moves.model, balanceAfter: model.balance });
    }
    for (const kind of ['holds', 'house'] as const) {
      if (moves[kind] === 0) continue;
      const system = await repo.moveSystem(tx, kind, moves[kind]);
      entries.push({ accountId: system.id, amount: moves[kind], balanceAfter: system.balance });
    }
    await post(tx, id, entries);
    return { ok: true, transactionId: id, balance: balance ?? (await repo.memberBalance(tx, b.userId)), replayed: false };
  }

  return {
    /**
     * Credits bought coins: purchases −coins, member +coins. Called by the payments module inside its webhook
     * transaction `tx`, so the payment and its coins commit together. Idempotent by key and by payment: a second
     * call books nothing and returns the first result (replayed: true); the same key for other coins is a 409.
     */
    creditPurchase(tx: Queryable, p: CreditPurchase): Promise<Booking> {
      checkKey(p.idempotencyKey);
      return creditMember(tx, {
        kind: 'coin_purchase',
        from: 'purchases',
        userId: p.userId,
        coins: p.coins,
        paymentId: p.paymentId,
        key: `purchase:${p.idempotencyKey}`,
        description: null,
      });
    },

    /**
     * Coins from the house to a member (seed, support), `reason` shown in their history. Idempotent by key. Books in
     * its own transaction, or in `tx` when the caller has one open (the seed does).
     */
    grant(userId: number, coins: number, reason: string, idempotencyKey: string, tx?: Queryable): Promise<Booking> {
      checkKey(idempotencyKey);
      const description = reason.trim().slice(0, 200) || null;
      const book = (q: Queryable) => creditMember(q, { kind: 'grant', from: 'house', userId, coins, paymentId: null, key: `grant:${idempotencyKey}`, description });
      return tx ? book(tx) : db.transaction(book);
    },

    /**
     * Books a tip: member −coins (the one conditional debit), model +split.model, house +split.house. 409
     * INSUFFICIENT_COINS when the balance does not cover it, 404 for an unknown model. `idempotencyKey` is the
     * client's key, namespaced here by the member; the same key again returns the first tip.
     */
    async bookTip(t: { userId: number; modelId: number; coins: number; split: TipSplit; idempotencyKey: string | null }): Promise<TipResult> {
      checkCoins(t.coins);
      if (t.split.model + t.split.house !== t.coins || t.split.model < 0 || t.split.house < 0) throw new RangeError('A tip split must add up to the tip');
      const key = t.idempotencyKey === null ? null : `tip:${t.userId}:${t.idempotencyKey}`;
      const booking: NewTransaction = { kind: 'tip', userId: t.userId, modelId: t.modelId, paymentId: null, idempotencyKey: key, description: null, createdAt: now() };
      try {
        return await db.transaction(async (tx): Promise<TipResult> => {
          const id = await repo.insertTransaction(tx, booking);
          if (id === null) {
            const row = replayOf(await repo.findByKey(tx, key!), { kind: 'tip', user_id: t.userId, member_amount: -t.coins, model_id: t.modelId });
            return { tip_id: row.id, model_id: t.modelId, coins: t.coins, balance: Number(row.member_balance_after) };
          }
          const member = await repo.debitMember(tx, t.userId, t.coins);
          if (!member) throw insufficientCoins(await repo.memberBalance(tx, t.userId), t.coins);
          const entries: NewEntry[] = [{ accountId: member.id, amount: -t.coins, balanceAfter: member.balance }];
          if (t.split.model > 0) {
            await repo.ensureModelAccount(tx, t.modelId);
            const model = await repo.creditModel(tx, t.modelId, t.split.model);
            entries.push({ accountId: model.id, amount: t.split.model, balanceAfter: model.balance });
          }
          if (t.split.house > 0) {
            const house = await repo.moveSystem(tx, 'house', t.split.house);
            entries.push({ accountId: house.id, amount: t.split.house, balanceAfter: house.balance });
          }
          await post(tx, id, entries);
          return { tip_id: id, model_id: t.modelId, coins: t.coins, balance: Number(member.balance) };
        });
      } catch (error) {
        // The model went (or never was): its foreign key is the check that cannot race.
        if (isForeignKeyViolation(error)) throw notFound(`No model with id ${t.modelId}`);
        throw error;
      }
    },

    /**
     * Books one minute of paid chat inside the caller's transaction `tx` (the chat session's row is locked there):
     * member −coins, model +split.model, house +split.house, kind paid_chat. Idempotent by key: a replay books nothing
     * and answers the first booking. Refusals book nothing and leave `tx` usable.
     */
    async bookChatMinute(tx: Queryable, c: ChatMinuteCharge): Promise<ChatMinuteBooking> {
      checkCoins(c.coins);
      checkKey(c.idempotencyKey);
      if (c.split.model + c.split.house !== c.coins || c.split.model < 0 || c.split.house < 0) throw new RangeError('A chat minute split must add up to its price');
      if (!(await repo.modelExists(tx, c.modelId))) return { ok: false, reason: 'model', balance: await repo.memberBalance(tx, c.userId) };
      const found = await repo.findByKey(tx, c.idempotencyKey);
      if (found) {
        const row = replayOf(found, { kind: 'paid_chat', user_id: c.userId, member_amount: -c.coins, model_id: c.modelId });
        return { ok: true, transactionId: row.id, balance: Number(row.member_balance_after), replayed: true };
      }
      // Debit first: a refused debit writes nothing, so the transaction row is only inserted when the minute is paid.
      const member = await repo.debitMember(tx, c.userId, c.coins);
      if (!member) return { ok: false, reason: 'insufficient', balance: await repo.memberBalance(tx, c.userId) };
      const id = await repo.insertTransaction(tx, {
        kind: 'paid_chat',
        userId: c.userId,
        modelId: c.modelId,
        paymentId: null,
        idempotencyKey: c.idempotencyKey,
        description: c.description,
        createdAt: now(),
      });
      // The caller holds the session's lock, so a racing booking of this key cannot be between the look-up and here.
      if (id === null) throw new Error(`Paid chat minute ${c.idempotencyKey} booked concurrently`);
      const entries: NewEntry[] = [{ accountId: member.id, amount: -c.coins, balanceAfter: member.balance }];
      if (c.split.model > 0) {
        await repo.ensureModelAccount(tx, c.modelId);
        const model = await repo.creditModel(tx, c.modelId, c.split.model);
        entries.push({ accountId: model.id, amount: c.split.model, balanceAfter: model.balance });
      }
      if (c.split.house > 0) {
        const house = await repo.moveSystem(tx, 'house', c.split.house);
        entries.push({ accountId: house.id, amount: c.split.house, balanceAfter: house.balance });
      }
      await post(tx, id, entries);
      return { ok: true, transactionId: id, balance: Number(member.balance), replayed: false };
    },

    /**
     * Books a playdate's coins inside the caller's transaction `tx` (the playdate's row is locked there by its
     * conditional update). Idempotent by key: a replay books nothing. A member debit the balance does not cover books
     * nothing and answers ok: false (the caller rolls back or refuses).
     */
    bookPlaydate: (tx: Queryable, b: PlaydateBooking): Promise<PlaydateBooked> => bookMoves(tx, b),

    /**
     * Gives a paid chat's minutes without video back inside the caller's transaction `tx` (the session's row is locked
     * there, decision record 062): member +coins, model −model, house −the rest, kind refund, key
     * `chat:<session>:refund`. Idempotent by key: a replay books nothing.
     */
    async bookChatRefund(tx: Queryable, r: ChatRefund): Promise<{ transactionId: number; balance: number; replayed: boolean }> {
      if (r.model < 0 || r.model > r.coins) throw new RangeError('A chat refund takes back at most what the model was credited');
      const booked = await bookMoves(tx, {
        kind: 'refund',
        key: r.idempotencyKey,
        userId: r.userId,
        modelId: r.modelId,
        description: r.description,
        member: r.coins,
        ...(r.model > 0 ? { model: -r.model } : {}),
        ...(r.coins > r.model ? { house: r.model - r.coins } : {}),
      });
      // A credit to the member is never refused.
      if (!booked.ok) throw new Error(`Chat refund ${r.idempotencyKey} was refused`);
      return { transactionId: booked.transactionId, balance: booked.balance, replayed: booked.replayed };
    },

    /** What a booked playdate transaction credited the model and the house (a refund takes back exactly that). */
    async playdateSplitOf(tx: Queryable, key: string): Promise<{ model: number; house: number }> {
      const rows = await repo.entriesOfKey(tx, key);
      const sum = (kind: string) => rows.filter((r) => r.kind === kind).reduce((s, r) => s + Number(r.amount), 0);
      return { model: sum('model'), house: sum('house') };
    },

    /** The member's coins: their account's balance, 0 before their first coin. */
    balance: (userId: number): Promise<number> => repo.memberBalance(db, userId),

    /** The member's most recent tip to a model that still exists, for the tip offer. */
    lastTip: (userId: number) => repo.lastTip(db, userId),

    /** What a model has earned, for payouts: the account's balance (owed), all credits ever, the number of tips. */
    async modelEarnings(modelId: number): Promise<ModelEarnings> {
      const row = await repo.modelEarnings(db, modelId);
      return { model_id: modelId, balance: Number(row.balance), earned: Number(row.earned), tips: row.tips };
    },

    /** GET /user/get_payment_history: payments and coin movements in one list, newest first. */
    async history(userId: number, requestedPage: number): Promise<PaymentHistory> {
      const page = capPage(requestedPage);
      const [total, rows] = await Promise.all([
        repo.historyCount(db, userId),
        repo.historyPage(db, userId, PAYMENT_HISTORY_PER_PAGE, offsetOf(page, PAYMENT_HISTORY_PER_PAGE)),
      ]);
      return { items: rows.map(toHistoryItem), page, per_page: PAYMENT_HISTORY_PER_PAGE, total, pages: pagesOf(total, PAYMENT_HISTORY_PER_PAGE) };
    },
  };
}
export type CoinsService = ReturnType<typeof createCoinsService>;
