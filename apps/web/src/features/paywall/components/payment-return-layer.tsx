import { useLocation } from 'react-router';
import { paths } from '@/paths';
import { PaymentReturnNotice } from './payment-return-notice';
import { SubscriptionSuccessDialog } from './subscription-success-dialog';

/** The payment return on every page: its floating notice (the paywall shows it inline instead) and the membership success dialog. */
export function PaymentReturnLayer() {
  const { pathname } = useLocation();
  return (
    <>
      {pathname === paths.paywall() ? null : <PaymentReturnNotice floating />}
      <SubscriptionSuccessDialog />
    </>
  );
}
