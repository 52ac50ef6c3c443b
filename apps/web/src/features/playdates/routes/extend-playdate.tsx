import { trackPlaydate } from '@/entities/playdate/track-playdate';
import { useQueryClient } from '@tanstack/react-query';
import type { PlaydateExtendOffer } from '@velora/shared';
import { INSUFFICIENT_COINS, PLAYDATE_ERROR_CODES, newIdempotencyKey } from '@velora/shared';
import type { FormEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/paths';
import { FormAlert } from '@/components/form-alert';
import { showPopup } from '@/components/popups/popup-store';
import { Skeleton } from '@/components/skeleton';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { formatCountdown, useServerCountdown } from '@/entities/playdate/playdate-time';
import { isApiError } from '@/lib/http';
import { extendOfferQueryOptions, useExtendOffer } from '../api/get-extend-offer';
import { usePlaydateStatus } from '../api/get-playdate-status';
import { privatePlaydatesQueryOptions } from '../api/get-private-playdates';
import { useExtendPlaydate } from '../api/extend-playdate';
import { openRefusalPopup, refusalOfError } from '../refusals';
import '../playdates.css';

const playdateIdOf = (value: string | undefined): number | null => (value !== undefined && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : null);

/** /playdates/extend-playdate/{id} (title 'Your Private Playdate has finished'): more time, while the offer holds. */
export default function ExtendPlaydateRoute() {
  const { t } = useTranslation();
  const id = playdateIdOf(useParams().id);
  const offer = useExtendOffer(id);
  const refusal = refusalOfError(offer.error);
  useEffect(() => {
    if (refusal === 'not_premium' || refusal === 'blocked') openRefusalPopup(refusal);
  }, [refusal]);

  if (id === null || isApiError(offer.error, 404) || isApiError(offer.error, 400)) {
    return (
      <div className="page">
        <StatusMessage
          title={t('playdates.extend.closed')}
          action={
            <Link className="button button--secondary" to={paths.playdates()}>
              {t('playdates.backToOverview')}
            </Link>
          }
        />
      </div>
    );
  }
  if (offer.isPending) {
    return (
      <div className="page" role="status" aria-label={t('playdates.extend.loading')} data-testid="extend-loading">
        <Skeleton height="2rem" width="60%" />
        <Skeleton height="12rem" />
      </div>
    );
  }
  if (offer.isError) {
    return (
      <div className="page">
        <ErrorState title={t('playdates.extend.errorTitle')} onRetry={() => void offer.refetch()} />
      </div>
    );
  }
  return <ExtendView offer={offer.data} />;
}

function ExtendView({ offer }: { offer: PlaydateExtendOffer }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const playdate = offer.playdate;
  const name = playdate.model.name;
  // The offer has no clock of its own: the status answer carries the server's `now` the countdown runs on.
  const status = usePlaydateStatus(playdate.id, false);
  const openUntil = offer.open_until ?? status.data?.extendable_until ?? null;
  const left = useServerCountdown(offer.open_until === null ? null : openUntil, status.data?.now ?? null);
  const [closedByServer, setClosedByServer] = useState(false);
  const closed = offer.open_until === null || closedByServer || left === 0;
  const firstAvailable = offer.options.find((option) => option.available)?.duration ?? null;
  const [duration, setDuration] = useState<number | null>(firstAvailable);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const extend = useExtendPlaydate();
  const attemptKey = useRef<string | null>(null);
  const coins = (n: number) => t('playdates.coins', { count: n });

  // Once closed the playdate is over for good: the feedback question follows (product §2 playdate-feedback).
  useEffect(() => {
    if (closed) showPopup('playdate-feedback');
  }, [closed]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (closed || extend.isPending) return;
    const option = offer.options.find((o) => o.duration === duration && o.available);
    if (!option) {
      setNotice({ tone: 'error', text: t('playdates.extend.pick') });
      return;
    }
    if (option.coins > offer.balance) {
      showPopup('buy-coins');
      setNotice({ tone: 'error', text: t('playdates.extend.notEnough') });
      return;
    }
    setNotice(null);
    attemptKey.current ??= newIdempotencyKey();
    extend.mutate(
      { id: playdate.id, duration: option.duration, idempotencyKey: attemptKey.current },
      {
        onSuccess: (extended) => {
          attemptKey.current = null;
          trackPlaydate('playdate_prolongation', { playdate_id: extended.id, model_id: extended.model.id, duration: option.duration, coins: option.coins });
          void queryClient.invalidateQueries({ queryKey: privatePlaydatesQueryOptions().queryKey });
          navigate(paths.privatePlaydate(extended.id));
        },
        onError: (error) => {
          if (isApiError(error)) attemptKey.current = null;
          const code = isApiError(error) ? error.code : undefined;
          if (code === INSUFFICIENT_COINS) {
            showPopup('buy-coins');
            setNotice({ tone: 'error', text: t('playdates.extend.notEnough') });
          } else if (code === PLAYDATE_ERROR_CODES.extensionClosed || code === PLAYDATE_ERROR_CODES.wrongStatus) {
            setClosedByServer(true);
          } else if (code === PLAYDATE_ERROR_CODES.notAvailable || code === PLAYDATE_ERROR_CODES.slotTaken) {
            void queryClient.invalidateQueries({ queryKey: extendOfferQueryOptions(playdate.id).queryKey });
            setNotice({ tone: 'info', text: t('playdates.extend.notAvailable') });
          } else if (!openRefusalPopup(refusalOfError(error))) {
            setNotice({ tone: 'error', text: t('playdates.extend.failed') });
          }
        },
      },
    );
  };

  return (
    <div className="page playdate-extend">
      <header className="page-header">
        <h1 className="page-header__title">{t('playdates.extend.title')}</h1>
        <p className="page-header__subtitle">{closed ? t('playdates.extend.closedText', { name }) : t('playdates.extend.intro', { name })}</p>
      </header>
      <div className="playdate-waiting__card">
        <div role="status" aria-live="polite" data-testid="extend-state">
          {closed ? <p className="playdate-waiting__sentence">{t('playdates.extend.closed')}</p> : null}
        </div>
        {closed ? (
          <div className="playdate-popup__actions">
            <Link className="button button--primary" to={paths.playdates()}>
              {t('playdates.backToOverview')}
            </Link>
          </div>
        ) : (
          <form className="form" noValidate onSubmit={submit}>
            {left !== null ? (
              <p className="playdate-card__time" data-testid="extend-countdown">
                {t('playdates.extend.openFor', { left: formatCountdown(left) })}
              </p>
            ) : null}
            <fieldset className="playdate-choice">
              <legend className="field__label">{t('playdates.extend.options')}</legend>
              <div className="playdate-choice__options">
                {offer.options.map((option) => (
                  <label key={option.duration} className={['playdate-option', duration === option.duration ? 'playdate-option--on' : '', option.available ? '' : 'playdate-option--off'].filter(Boolean).join(' ')}>
                    <input
                      type="radio"
                      name={`${id}-duration`}
                      value={option.duration}
                      checked={duration === option.duration}
                      disabled={!option.available}
                      onChange={() => setDuration(option.duration)}
                    />
                    <span>{t('playdates.extend.option', { minutes: t('playdates.minutes', { count: option.duration }), coins: coins(option.coins) })}</span>
                    {option.available ? null : <span className="playdate-option__hint">{t('playdates.extend.unavailable')}</span>}
                  </label>
                ))}
              </div>
            </fieldset>
            <p className="playdate-card__time" data-testid="extend-balance">
              {t('playdates.extend.balance', { coins: coins(offer.balance) })}
            </p>
            <div role={notice?.tone === 'error' ? 'alert' : 'status'} data-testid="extend-notice">
              {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
            </div>
            <div className="playdate-popup__actions">
              <button type="submit" className="button button--primary" disabled={extend.isPending || firstAvailable === null} aria-busy={extend.isPending || undefined}>
                {extend.isPending ? t('playdates.extend.extending') : t('playdates.extend.submit')}
              </button>
              <Link className="button button--ghost" to={paths.playdates()}>
                {t('playdates.backToOverview')}
              </Link>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
