import type { TipResult } from '@velora/shared';
import { INSUFFICIENT_COINS, TIP_MAX_COINS, TIP_MIN_COINS, TipBody } from '@velora/shared';
import type { FormEvent } from 'react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';
import { hidePopup, showPopup, usePopup } from '@/components/popups/popup-store';
import { isApiError } from '@/lib/http';
import { useCoinBalance } from '../api/get-balance';
import { useSendTip } from '../api/send-tip';
import { trackTip } from '../api/track-tip';
import { notifyCoinsChanged } from '../coins-changes';
import { newIdempotencyKey } from '../idempotency-key';
import type { ModelTipData, ModelTipSuccessData, PopupProps } from '../popup-props';
import '../coins.css';

export const TIP_PRESETS = [10, 50, 100] as const;
const DEFAULT_PRESET = 50;
type AmountChoice = number | 'custom';

const isPreset = (coins: number) => (TIP_PRESETS as readonly number[]).includes(coins);
const positiveInt = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null);
const isValidAmount = (coins: number | null): coins is number => coins !== null && TipBody.shape.coins.safeParse(coins).success;

/** A whole number typed by the member, or null ("12.5", "", "abc"). */
function parseWhole(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}

/**
 * Popup type model-tip: 10, 50, 100 coins or a whole number of the member's own, the balance beside it. One
 * idempotency key per opened popup, so a double click (or a retry after a lost answer) books the tip once. A balance
 * that does not cover it (known before, or the server's 409) offers buy-coins instead.
 */
export function ModelTipPopup({ open, onClose }: PopupProps) {
  const { t } = useTranslation();
  const id = useId();
  const data = usePopup('model-tip')?.data as Partial<ModelTipData> | undefined;
  const modelId = positiveInt(data?.model_id);
  const modelName = typeof data?.model_name === 'string' && data.model_name !== '' ? data.model_name : null;
  const suggested = positiveInt(data?.coins);

  const [idempotencyKey] = useState(newIdempotencyKey);
  const [choice, setChoice] = useState<AmountChoice>(() => (suggested === null ? DEFAULT_PRESET : isPreset(suggested) ? suggested : 'custom'));
  const [custom, setCustom] = useState(() => (suggested !== null && !isPreset(suggested) ? String(suggested) : ''));
  const [submitted, setSubmitted] = useState(false);
  const [refusedForBalance, setRefusedForBalance] = useState(false);
  const sending = useRef(false);
  const balance = useCoinBalance();
  const tip = useSendTip();

  const amount = choice === 'custom' ? parseWhole(custom) : choice;
  const valid = isValidAmount(amount);
  const short = refusedForBalance || (valid && balance.data !== undefined && amount > balance.data.coins);
  const busy = tip.isPending || tip.isSuccess;

  const choose = (next: AmountChoice) => {
    setChoice(next);
    setRefusedForBalance(false);
  };

  const succeeded = (result: TipResult) => {
    trackTip(result);
    notifyCoinsChanged();
    hidePopup('model-tip', { remove: true });
    showPopup('model-tip-success', { model_name: modelName, coins: result.coins, balance: result.balance } satisfies ModelTipSuccessData);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (modelId === null || !valid || short || sending.current) return;
    sending.current = true;
    tip.mutate(
      { model_id: modelId, coins: amount, idempotency_key: idempotencyKey },
      {
        onSuccess: succeeded,
        onError: (error) => {
          sending.current = false;
          if (isApiError(error, 409) && error.code === INSUFFICIENT_COINS) {
            setRefusedForBalance(true);
            void balance.refetch();
          } else if (isApiError(error, 451)) {
            // The app answers every 451 with the law-limitation popup.
            onClose();
          }
        },
      },
    );
  };

  const buyCoins = () => {
    hidePopup('model-tip', { remove: true });
    showPopup('buy-coins');
  };

  const invalidShown = submitted && !valid;
  const failed = tip.isError && !(isApiError(tip.error, 409) && tip.error.code === INSUFFICIENT_COINS) && !isApiError(tip.error, 451);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !tip.isPending && onClose()}
      title={modelName ? t('coins.tip.title', { name: modelName }) : t('coins.tip.titleNoName')}
      testId="model-tip-popup"
    >
      {modelId === null ? (
        <FormAlert tone="error">{t('coins.tip.noModel')}</FormAlert>
      ) : (
        <form className="tip-form" onSubmit={submit} noValidate>
          <fieldset className="tip-form__amounts" disabled={busy}>
            <legend className="field__label">{t('coins.tip.amount')}</legend>
            <div className="tip-form__choices">
              {TIP_PRESETS.map((preset) => (
                <label key={preset} className={choice === preset ? 'tip-choice tip-choice--checked' : 'tip-choice'}>
                  <input type="radio" className="visually-hidden" name={`${id}-amount`} checked={choice === preset} onChange={() => choose(preset)} />
                  {t('coins.count', { count: preset })}
                </label>
              ))}
              <label className={choice === 'custom' ? 'tip-choice tip-choice--checked' : 'tip-choice'}>
                <input type="radio" className="visually-hidden" name={`${id}-amount`} checked={choice === 'custom'} onChange={() => choose('custom')} />
                {t('coins.tip.other')}
              </label>
            </div>
            {choice === 'custom' ? (
              <div className={invalidShown ? 'field field--invalid' : 'field'}>
                <label className="field__label" htmlFor={`${id}-custom`}>
                  {t('coins.tip.custom')}
                </label>
                <input
                  id={`${id}-custom`}
                  className="field__input"
                  type="number"
                  inputMode="numeric"
                  min={TIP_MIN_COINS}
                  max={TIP_MAX_COINS}
                  step={1}
                  value={custom}
                  aria-invalid={invalidShown || undefined}
                  aria-describedby={`${id}-custom-help`}
                  onChange={(event) => {
                    setCustom(event.target.value);
                    setRefusedForBalance(false);
                  }}
                />
                <p id={`${id}-custom-help`} className={invalidShown ? 'field__error' : 'field__hint'}>
                  {t(invalidShown ? 'coins.tip.invalid' : 'coins.tip.customHint', { min: TIP_MIN_COINS, max: TIP_MAX_COINS })}
                </p>
              </div>
            ) : null}
          </fieldset>

          <p className="tip-form__balance" data-testid="tip-balance">
            {balance.data ? t('coins.tip.balance', { count: balance.data.coins }) : t('coins.tip.balanceLoading')}
          </p>

          <div role="alert" className="tip-form__alerts">
            {short ? (
              <div className="form-alert form-alert--error tip-form__short" data-testid="tip-not-enough">
                <p>{t('coins.tip.notEnough')}</p>
                <button type="button" className="button button--secondary button--small" onClick={buyCoins}>
                  {t('coins.tip.buyCoins')}
                </button>
              </div>
            ) : null}
            {failed ? <p className="form-alert form-alert--error">{t('coins.tip.failed')}</p> : null}
          </div>

          <div className="tip-form__actions">
            <button type="submit" className="button button--primary" disabled={busy || short}>
              {busy ? t('coins.tip.sending') : valid ? t('coins.tip.send', { count: amount }) : t('coins.tip.sendPlain')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
