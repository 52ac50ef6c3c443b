import type { CoinPackage } from '@velora/shared';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { isApiError } from '@/lib/http';
import { useCoinPackages } from '../api/get-coin-packages';
import { useStartCheckout } from '../api/start-checkout';
import { checkoutErrorMessage } from '../checkout-error';
import type { PopupProps } from '../popup-props';
import { PriceTag } from './price-tag';
import '../plans-and-prices.css';
import '../coins-and-money-cards.css';

interface PackageRowProps {
  pack: CoinPackage;
  busy: boolean;
  redirecting: boolean;
  onChoose: (packageId: number) => void;
}

/** A package: its coins (and bonus), its price as charged, and its own way to the checkout. */
function PackageRow({ pack, busy, redirecting, onChoose }: PackageRowProps) {
  const { t } = useTranslation();
  const nameId = useId();
  const coins = t('coins.count', { count: pack.coins });
  return (
    <li className="coin-package" data-testid="coin-package">
      <span id={nameId} className="coin-package__coins">
        <strong>{coins}</strong>
        {pack.bonus_coins > 0 ? <span className="coin-package__bonus"> {t('coins.buy.bonus', { count: pack.bonus_coins })}</span> : null}
      </span>
      <PriceTag price={pack.price} compact />
      <button type="button" className="button button--primary button--small" disabled={busy} onClick={() => onChoose(pack.id)}>
        {redirecting ? (
          t('paywall.redirecting')
        ) : (
          <>
            {t('paywall.continue')}{' '}
            <span className="visually-hidden">{t('paywall.continueFor', { plan: coins })}</span>
          </>
        )}
      </button>
    </li>
  );
}

/**
 * Popup type buy-coins: the coin packages, each with its way to the provider's checkout; the provider sends the member
 * back to `/?payment={id}`. Law-limited members (product §4) get the law-limitation popup instead: the app swaps it, and a
 * 451 from the packages closes this one (the app shows that popup for any 451).
 */
export function BuyCoinsPopup({ open, onClose }: PopupProps) {
  const { t } = useTranslation();
  const packages = useCoinPackages();
  const checkout = useStartCheckout();
  const list = packages.data?.packages ?? [];
  const busy = checkout.isPending || checkout.isSuccess;
  const limited = isApiError(packages.error, 451) || isApiError(checkout.error, 451);

  useEffect(() => {
    if (limited) onClose();
  }, [limited, onClose]);

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={t('coins.buy.title')} description={t('coins.buy.intro')} testId="buy-coins-popup">
      <div className="money-popup">
        {packages.isPending ? (
          <p role="status" className="money-popup__loading">
            {t('coins.buy.loading')}
          </p>
        ) : packages.isError ? (
          <ErrorState title={t('coins.buy.loadFailed')} onRetry={() => void packages.refetch()} />
        ) : list.length === 0 ? (
          <StatusMessage title={t('coins.buy.empty')} />
        ) : (
          <ul className="coin-packages" aria-label={t('coins.buy.choose')}>
            {list.map((pack) => (
              <PackageRow
                key={pack.id}
                pack={pack}
                busy={busy}
                redirecting={busy && checkout.variables?.kind === 'coins' && checkout.variables.package_id === pack.id}
                onChoose={(packageId) => checkout.mutate({ kind: 'coins', package_id: packageId })}
              />
            ))}
          </ul>
        )}
        {checkout.isError && !limited ? <FormAlert tone="error">{checkoutErrorMessage(checkout.error, t)}</FormAlert> : null}
      </div>
    </Dialog>
  );
}
