import type { Language } from '@velora/shared';
import { LANGUAGE_TAGS } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { showPopup } from '@/components/popups/popup-store';
import { useContentLanguage } from '@/lib/content-language';
import '../coins.css';

const formatCoins = (coins: number, language: Language) => new Intl.NumberFormat(LANGUAGE_TAGS[language]).format(coins);

/**
 * The member's coins in the header; it opens buy-coins (the app swaps in the law-limitation popup where coins may not
 * be sold). `withLabel` writes "Buy coins" beside the number, where the button stands among a menu's worded items.
 */
export function CoinBalanceButton({ coins, withLabel = false }: { coins: number; withLabel?: boolean }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  return (
    <button type="button" className={withLabel ? 'coin-balance coin-balance--labelled' : 'coin-balance'} onClick={() => showPopup('buy-coins')} data-testid="coin-balance">
      <span className="coin-balance__icon" aria-hidden="true" />
      {/* The name says what the number is and what the button does; it contains the visible number. */}
      <span className="visually-hidden">{t('coins.balance.name', { count: coins })}</span>
      {withLabel ? (
        <span className="coin-balance__label" aria-hidden="true">
          {t('coins.buy.title')}
        </span>
      ) : null}
      <span className="coin-balance__amount" aria-hidden="true" data-testid="coin-balance-amount">
        {formatCoins(coins, language)}
      </span>
    </button>
  );
}
