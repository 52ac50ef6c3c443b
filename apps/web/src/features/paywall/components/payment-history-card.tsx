import type { Language, PaymentHistoryItem } from '@velora/shared';
import { planName } from '@velora/shared';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContentLanguage } from '@/lib/content-language';
import { usePaymentHistory } from '../api/get-payment-history';
import { formatMoney, formatShortDate, formatSignedCoins } from '../format';
import { MoneyCard } from './money-card';
import '../plans-and-prices.css';
import '../coins-and-money-cards.css';

/**
 * What a row was, in the reader's language: memberships by their plan's duration, coin purchases by their coins, tips
 * by the model. Free text the server keeps (a grant's reason, a paid chat's minute) stays as the server wrote it.
 */
export function describeHistoryItem(item: PaymentHistoryItem, t: TFunction, language: Language): string {
  if ((item.kind === 'subscription' || item.kind === 'renewal') && item.plan) return t(`paywall.history.kinds.${item.kind}`, { plan: planName(item.plan, language) });
  if (item.kind === 'coins' && item.id.startsWith('payment:') && item.coins !== null) return t('coins.count', { count: item.coins });
  if (item.kind === 'tip' && item.model_name) return t('paywall.history.kinds.tip', { name: item.model_name });
  return item.description;
}

function Row({ item }: { item: PaymentHistoryItem }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const none = t('paywall.history.none');
  return (
    <tr data-testid="payment-history-row">
      <td>
        <time dateTime={new Date(item.created_at).toISOString()}>{formatShortDate(item.created_at, language)}</time>
      </td>
      <td>{describeHistoryItem(item, t, language)}</td>
      <td className="money-table__number">{item.amount_cents !== null && item.currency ? formatMoney(item.amount_cents, item.currency, language) : none}</td>
      <td className={item.coins !== null && item.coins < 0 ? 'money-table__number money-table__number--spent' : 'money-table__number'}>
        {item.coins !== null ? formatSignedCoins(item.coins, language) : none}
      </td>
      <td>
        <span className={`money-status money-status--${item.status}`}>{t(`paywall.history.statuses.${item.status}`)}</span>
      </td>
    </tr>
  );
}

/** The profile's payment history (GET /user/get_payment_history): money paid, coins credited (+) or spent (−), page by page. */
export function PaymentHistoryCard() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = usePaymentHistory(page);
  const data = history.data;

  let body;
  if (history.isPending) {
    body = (
      <p role="status" className="money-card__muted">
        {t('paywall.history.loading')}
      </p>
    );
  } else if (history.isError) {
    body = (
      <div role="alert" className="money-card__error">
        <p>{t('paywall.history.loadFailed')}</p>
        <button type="button" className="button button--secondary button--small" onClick={() => void history.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (!data || data.items.length === 0) {
    body = (
      <p className="money-card__muted" data-testid="payment-history-empty">
        {t('paywall.history.empty')}
      </p>
    );
  } else {
    const pages = Math.max(1, data.pages);
    body = (
      <>
        {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too (axe scrollable-region-focusable). */}
        <div className="money-table__scroll" tabIndex={0} role="group" aria-label={t('paywall.history.title')}>
          <table className="money-table" aria-busy={history.isPlaceholderData || undefined}>
            <caption className="visually-hidden">{t('paywall.history.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('paywall.history.date')}</th>
                <th scope="col">{t('paywall.history.description')}</th>
                <th scope="col" className="money-table__number">
                  {t('paywall.history.amount')}
                </th>
                <th scope="col" className="money-table__number">
                  {t('paywall.history.coins')}
                </th>
                <th scope="col">{t('paywall.history.status')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((item) => (
                <Row key={item.id} item={item} />
              ))}
            </tbody>
          </table>
        </div>
        {pages > 1 ? (
          // Not disabled while the next page loads: a disabled button drops the keyboard focus (a second press asks for the same page).
          <nav className="money-pager" aria-label={t('paywall.history.pages')}>
            <button type="button" className="button button--ghost button--small" disabled={data.page <= 1} onClick={() => setPage(data.page - 1)}>
              {t('paywall.history.previous')}
            </button>
            <span className="money-pager__current" aria-live="polite">
              {t('paywall.history.page', { page: data.page, pages })}
            </span>
            <button type="button" className="button button--ghost button--small" disabled={data.page >= pages} onClick={() => setPage(data.page + 1)}>
              {t('paywall.history.next')}
            </button>
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <MoneyCard title={t('paywall.history.title')} testId="payment-history">
      {body}
    </MoneyCard>
  );
}
