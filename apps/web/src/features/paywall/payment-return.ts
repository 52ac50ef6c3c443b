import { useQueryClient } from '@tanstack/react-query';
import type { Payment, PlanPeriod } from '@velora/shared';
import { PAYMENT_RETURN_PARAM, PaymentIdParam } from '@velora/shared';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { showPopup } from '@/components/popups/popup-store';
import { takeSuccessMarker, writeSuccessMarker } from '@/lib/storage';
import { paymentQueryOptions } from './api/get-payment';
import { PAYMENT_HISTORY_QUERY_PREFIX } from './api/get-payment-history';
import { subscriptionQueryOptions } from './api/get-subscription';
import { trackPurchase } from './api/track-purchase';

// The way back from the payment provider: `/paywall?payment={id}` (membership) or `/?payment={id}` (coins, after the
// member redirect to the landing URL). The id is polled until the payment settles; one outcome per payment.

export const POLL_INTERVAL_MS = 1000;
/** How long a pending payment is polled before the page says it is taking longer. */
export const POLL_LIMIT_MS = 30_000;

export type PaymentReturnPhase = 'confirming' | 'succeeded' | 'failed' | 'timeout' | 'error';

export interface PaymentReturnState {
  paymentId: string;
  phase: PaymentReturnPhase;
  /** The last answer of GET /payments/{id}. */
  payment: Payment | null;
  startedAt: number;
  /** A success whose popup waits for the navigation that took the id out of the URL. */
  successPending: boolean;
}

export interface SubscriptionSuccess {
  /** The plan's stored name: only for a marker written before plans carried their period. */
  planName: string | null;
  /** The plan's duration, named in the reader's language. */
  plan: PlanPeriod | null;
}

interface Store {
  current: PaymentReturnState | null;
  /** The membership success dialog (product §2 has no popup type for it: it is this flow's own dialog). */
  subscriptionSuccess: SubscriptionSuccess | null;
}

let store: Store = { current: null, subscriptionSuccess: null };
const listeners = new Set<() => void>();

function commit(next: Partial<Store>): void {
  store = { ...store, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePaymentReturnState(): PaymentReturnState | null {
  return useSyncExternalStore(subscribe, () => store.current);
}

export function useSubscriptionSuccess(): SubscriptionSuccess | null {
  return useSyncExternalStore(subscribe, () => store.subscriptionSuccess);
}

/** Hides a settled outcome's message (a payment still being confirmed keeps its). */
export function dismissPaymentReturn(): void {
  if (store.current && store.current.phase !== 'confirming') commit({ current: null });
}

export function closeSubscriptionSuccess(): void {
  commit({ subscriptionSuccess: null });
}

/** For tests: a new page load. */
export function resetPaymentReturn(): void {
  commit({ current: null, subscriptionSuccess: null });
}

/**
 * Shows the success popups whose one-time markers wait for `userId`, reading and clearing them (product §4): the
 * membership dialog for success_buy, buy-coins-success for coins. A reload after that finds nothing to show.
 */
export function showWaitingSuccessPopups(userId: number): void {
  const membership = takeSuccessMarker('successBuy', userId);
  if (membership) commit({ subscriptionSuccess: { planName: membership.plan_name, plan: membership.plan ?? null } });
  const coins = takeSuccessMarker('successBuyCoins', userId);
  if (coins) showPopup('buy-coins-success', { coins: coins.coins });
}

const isSettled = (phase: PaymentReturnPhase) => phase !== 'confirming';

export interface PaymentReturnOptions {
  userId: number;
  /** The app refreshes what the purchase changed outside this feature (the profile: premium, coins). */
  onSucceeded: (payment: Payment) => void;
}

/**
 * Mounted once for a logged-in member (app/popups): takes `?payment=` from any page, polls GET /payments/{id} every
 * second for up to 30 s, and settles once. Success: the one-time marker, the purchase events, fresh data, the id out
 * of the URL, then the success popup (read from its marker). Failure, timeout, error: the id out of the URL and a
 * message (PaymentReturnNotice).
 */
export function usePaymentReturn({ userId, onSucceeded }: PaymentReturnOptions): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const current = usePaymentReturnState();
  const param = new URLSearchParams(location.search).get(PAYMENT_RETURN_PARAM);
  const latest = useRef({ location, onSucceeded });
  latest.current = { location, onSucceeded };

  // The id leaves the URL once its outcome is known (or when it is not an id at all), so a reload does not repeat it.
  const dropParam = () => {
    const { pathname, search, hash } = latest.current.location;
    const params = new URLSearchParams(search);
    if (!params.has(PAYMENT_RETURN_PARAM)) return;
    params.delete(PAYMENT_RETURN_PARAM);
    const rest = params.toString();
    void navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
  };
  const dropParamRef = useRef(dropParam);
  dropParamRef.current = dropParam;

  // A success marker left by a purchase (a reload before its popup showed) is shown once at the start, unless a return
  // is under way: that one shows its popup itself, after taking its id out of the URL.
  useEffect(() => {
    const timer = setTimeout(() => {
      const state = store.current;
      if (state && (state.phase === 'confirming' || state.successPending)) return;
      showWaitingSuccessPopups(userId);
    }, 0);
    return () => clearTimeout(timer);
  }, [userId]);

  useEffect(() => {
    if (param === null) return;
    if (!PaymentIdParam.safeParse({ id: param }).success) {
      dropParamRef.current();
      return;
    }
    if (store.current?.paymentId === param) {
      if (isSettled(store.current.phase)) dropParamRef.current();
      return;
    }
    commit({ current: { paymentId: param, phase: 'confirming', payment: null, startedAt: Date.now(), successPending: false } });
  }, [param]);

  const confirmingId = current?.phase === 'confirming' ? current.paymentId : null;
  useEffect(() => {
    if (confirmingId === null) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const settle = (phase: PaymentReturnPhase, payment: Payment | null) => {
      const state = store.current;
      if (stopped || state?.paymentId !== confirmingId || isSettled(state.phase)) return;
      const succeeded = phase === 'succeeded' && payment !== null;
      commit({ current: { ...state, phase, payment, successPending: succeeded } });
      if (succeeded) {
        if (payment.kind === 'coins') writeSuccessMarker('successBuyCoins', { user_id: userId, payment_id: payment.id, coins: payment.coins });
        else writeSuccessMarker('successBuy', { user_id: userId, payment_id: payment.id, plan_name: payment.plan?.name ?? null, plan: payment.plan ? { period: payment.plan.period, period_count: payment.plan.period_count } : null });
        trackPurchase(payment);
        void queryClient.invalidateQueries({ queryKey: PAYMENT_HISTORY_QUERY_PREFIX });
        void queryClient.invalidateQueries({ queryKey: subscriptionQueryOptions().queryKey });
        latest.current.onSucceeded(payment);
      }
      dropParamRef.current();
    };

    const poll = async () => {
      const startedAt = store.current?.startedAt ?? Date.now();
      let payment: Payment;
      try {
        payment = await queryClient.fetchQuery(paymentQueryOptions(confirmingId));
      } catch {
        settle('error', null);
        return;
      }
      if (stopped) return;
      if (payment.status === 'pending') {
        if (Date.now() - startedAt >= POLL_LIMIT_MS) settle('timeout', payment);
        else timer = setTimeout(() => void poll(), POLL_INTERVAL_MS);
        return;
      }
      settle(payment.status === 'succeeded' ? 'succeeded' : 'failed', payment);
    };

    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [confirmingId, queryClient, userId]);

  // The success popup opens after the navigation that took the id out of the URL: that navigation closes every popup
  // (product §2) in effects of the root, which run after this one, hence the zero timeout.
  const successPending = current?.successPending === true;
  useEffect(() => {
    if (!successPending || param !== null) return undefined;
    const timer = setTimeout(() => {
      if (store.current?.successPending) commit({ current: { ...store.current, successPending: false } });
      showWaitingSuccessPopups(userId);
    }, 0);
    return () => clearTimeout(timer);
  }, [successPending, param, location.key, userId]);
}
