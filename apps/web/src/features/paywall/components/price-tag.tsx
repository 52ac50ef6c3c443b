import type { Price } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { useContentLanguage } from '@/lib/content-language';
import { formatMoney, formatRate } from '../format';

/** A price as charged (VAT included): the regular price struck through when a discount applies, and the VAT it holds. */
export function PriceTag({ price, compact = false }: { price: Price; compact?: boolean }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const money = (cents: number) => formatMoney(cents, price.currency, language);
  const discounted = price.original_amount_cents !== null && price.original_amount_cents !== price.amount_cents;
  return (
    <span className={compact ? 'price-tag price-tag--compact' : 'price-tag'} data-testid="price-tag">
      {discounted ? (
        <>
          <s className="price-tag__original">
            <span className="visually-hidden">{t('paywall.price.regular')}: </span>
            {money(price.original_amount_cents ?? price.amount_cents)}
          </s>{' '}
          <span className="visually-hidden">{t('paywall.price.now')}: </span>
        </>
      ) : null}
      <span className="price-tag__amount" data-testid="price-amount">
        {money(price.amount_cents)}
      </span>
      {discounted && price.discount_percent > 0 ? (
        <>
          {' '}
          <span className="badge price-tag__discount">{t('paywall.price.discount', { percent: price.discount_percent })}</span>
        </>
      ) : null}
      {price.vat_rate_bp > 0 ? (
        <>
          {' '}
          <span className="price-tag__vat" data-testid="price-vat">
            {t('paywall.price.vat', { rate: formatRate(price.vat_rate_bp, language) })}
          </span>
        </>
      ) : null}
    </span>
  );
}
