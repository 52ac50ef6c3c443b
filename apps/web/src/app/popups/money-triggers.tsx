import { useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@velora/shared';
import { REALTIME_MONEY_EVENTS } from '@velora/shared';
import { useCallback, useEffect } from 'react';
import { hidePopup, showPopup, usePopup } from '@/components/popups/popup-store';
import { PROFILE_QUERY_KEY } from '@/features/auth/api/get-profile';
import { useSession } from '@/features/auth/session';
import { invalidateCoinBalance } from '@/features/coins/api/get-balance';
import { onCoinsChanged } from '@/features/coins/coins-changes';
import { useTipOfferTrigger } from '@/features/coins/use-tip-offer-trigger';
import { hasLawLimitations, isAgeVerificationActive } from '@/features/compliance/rules';
import { PaymentReturnLayer } from '@/features/paywall/components/payment-return-layer';
import { useDiscountPopupTrigger, useSubscriptionPopupGate } from '@/features/paywall/money-popup-triggers';
import { usePaymentReturn } from '@/features/paywall/payment-return';
import { balanceQueryOptions } from '@/features/coins/api/get-balance';
import { useVisit } from '@/features/tracking/api/get-visit';
import { useRealtimeEvent } from '@/lib/realtime';
import { useSiteConfig } from '../site-config';

/** product §4: law-limited members cannot spend coins either; their tip popups give way to the law-limitation popup. */
function useLawLimitedTips(limited: boolean): void {
  const tip = usePopup('model-tip')?.show === true;
  const offer = usePopup('model-tip-offer')?.show === true;
  useEffect(() => {
    if (!limited || (!tip && !offer)) return;
    hidePopup('model-tip');
    hidePopup('model-tip-offer');
    showPopup('law-limitation');
  }, [limited, tip, offer]);
}

function LoggedInMoney({ profile, premium }: { profile: Profile; premium: boolean }) {
  const queryClient = useQueryClient();
  const { data: visit } = useVisit();
  const limited = hasLawLimitations(profile);
  // The money features change what the profile says (premium_until, coins): the session is the app's to refresh.
  const refreshProfile = useCallback(() => void queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }), [queryClient]);
  const onPurchase = useCallback(() => {
    refreshProfile();
    void invalidateCoinBalance(queryClient);
  }, [queryClient, refreshProfile]);

  usePaymentReturn({ userId: profile.id, onSucceeded: onPurchase });
  // The server says the coins changed (a paid-chat minute, a purchase elsewhere): the header follows without a reload.
  useRealtimeEvent<{ coins: number }>(REALTIME_MONEY_EVENTS.balance, (event) => {
    if (typeof event?.coins !== 'number') return;
    queryClient.setQueryData<Profile | null>(PROFILE_QUERY_KEY, (current) => (current ? { ...current, coins: event.coins } : current));
    queryClient.setQueryData(balanceQueryOptions().queryKey, { coins: event.coins });
  });
  useEffect(() => onCoinsChanged(refreshProfile), [refreshProfile]);
  useSubscriptionPopupGate({
    userId: profile.id,
    premium,
    features: profile.features,
    ageVerificationOn: isAgeVerificationActive(profile, visit?.features),
  });
  // One money offer a session: a discount when one applies, else a tip offer (never to law-limited members).
  const discount = useDiscountPopupTrigger({ userId: profile.id, features: profile.features });
  useTipOfferTrigger({ userId: profile.id, enabled: discount === null && !limited });
  useLawLimitedTips(limited);
  return <PaymentReturnLayer />;
}

/** Mounted once by the modal host: payments, coins and their popups exist for logged-in members on the main site. */
export function MoneyTriggers() {
  const { profile, isPremium } = useSession();
  const { variant } = useSiteConfig();
  if (!profile || variant === 'io') return null;
  return <LoggedInMoney key={profile.id} profile={profile} premium={isPremium} />;
}
