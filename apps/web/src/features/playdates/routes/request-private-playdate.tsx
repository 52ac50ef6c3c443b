import { trackPlaydate } from '@/entities/playdate/track-playdate';
import { useQueryClient } from '@tanstack/react-query';
import type { Playdate, PlaydateQuote, PlaydateRefusal, PrivatePlaydateOffer } from '@velora/shared';
import { PLAYDATE_ERROR_CODES, PLAYDATE_REQUEST_MESSAGE_MAX, PlaydateRequestBody, newIdempotencyKey } from '@velora/shared';
import type { FormEvent, ReactNode } from 'react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '@/paths';
import { FormAlert } from '@/components/form-alert';
import { showPopup } from '@/components/popups/popup-store';
import { Skeleton } from '@/components/skeleton';
import { ErrorState, StatusMessage } from '@/components/status-message';
import { formatPlaydateClock, formatPlaydateDay, groupByDay, timeZoneLabel } from '@/entities/playdate/playdate-time';
import { isApiError } from '@/lib/http';
import { useContentLanguage } from '@/lib/content-language';
import { playdateRequestCheckQueryOptions, usePlaydateRequestCheck } from '../api/check-playdate-request';
import { playdateQuoteQueryOptions, usePlaydateQuote } from '../api/get-playdate-quote';
import { privatePlaydatesQueryOptions } from '../api/get-private-playdates';
import { privateOfferQueryOptions, usePrivateOffer } from '../api/get-private-offer';
import { useRequestPrivatePlaydate } from '../api/request-private-playdate';
import type { RequestSuccessData } from '../components/playdate-request-success-popup';
import { WaitingView } from '../components/waiting-view';
import { openRefusalPopup, refusalOfError } from '../refusals';
import '../playdates.css';

const cameraIdOf = (value: string | undefined): number | null => (value !== undefined && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : null);

/** The refusals that end the screen (said on it, with their popup); the others leave the form to say them. */
const BLOCKING: readonly PlaydateRefusal[] = ['not_premium', 'blocked', 'law_limited', 'not_available', 'own_playdate'];

/** /playdates/request-private-playdate/{id} ({id}: the camera): check, then her offer and the quote, then the wait. */
export default function RequestPrivatePlaydateRoute() {
  const { t } = useTranslation();
  const cameraId = cameraIdOf(useParams().id);
  const check = usePlaydateRequestCheck(cameraId);
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<Playdate | null>(null);
  // After an answer that ended the request: ask afresh whether (and what) he may request now.
  const again = () => {
    setSent(null);
    if (cameraId === null) return;
    void queryClient.invalidateQueries({ queryKey: playdateRequestCheckQueryOptions(cameraId).queryKey });
    void queryClient.invalidateQueries({ queryKey: privateOfferQueryOptions(cameraId).queryKey });
  };
  const refusal = check.data && !check.data.allowed ? check.data.refusal : null;
  const lawLimited = isApiError(check.error, 451) || refusal === 'law_limited';

  useEffect(() => {
    if (refusal !== null && BLOCKING.includes(refusal)) openRefusalPopup(refusal);
    else if (lawLimited) openRefusalPopup('law_limited');
  }, [refusal, lawLimited]);
  // The member may ask her for a playdate: the request form is in front of him (product §3 playdate_ask), once per camera.
  const allowed = check.data?.allowed === true;
  useEffect(() => {
    if (allowed && cameraId !== null) trackPlaydate('playdate_ask', { camera_id: cameraId });
  }, [allowed, cameraId]);

  if (cameraId === null || isApiError(check.error, 404) || isApiError(check.error, 400)) return <NotFound />;
  if (sent) return <WaitingView key={sent.id} playdate={sent} onAgain={again} />;
  if (lawLimited) return <Refused refusal="law_limited" name="" />;
  if (check.isError) {
    return (
      <div className="page">
        <ErrorState title={t('playdates.request.errorTitle')} onRetry={() => void check.refetch()} />
      </div>
    );
  }
  if (check.isPending) return <Loading />;
  if (refusal === 'pending_request' && check.data.pending) {
    return <WaitingView key={check.data.pending.id} playdate={check.data.pending} onAgain={again} />;
  }
  if (refusal !== null && BLOCKING.includes(refusal)) return <OfferThen cameraId={cameraId} render={(offer) => <Refused refusal={refusal} name={offer?.model.name ?? ''} />} />;
  return (
    <OfferThen
      cameraId={cameraId}
      render={(offer) =>
        offer === null ? null : offer.pending ? (
          <WaitingView key={offer.pending.id} playdate={offer.pending} onAgain={again} />
        ) : !offer.available ? (
          <Refused refusal="not_available" name={offer.model.name} />
        ) : (
          <RequestForm offer={offer} onSent={setSent} />
        )
      }
    />
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <div className="page" role="status" aria-label={t('playdates.request.loading')} data-testid="request-loading">
      <Skeleton height="2rem" width="60%" />
      <Skeleton height="16rem" />
    </div>
  );
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <StatusMessage
        title={t('playdates.request.notFound')}
        text={t('playdates.request.notFoundText')}
        action={
          <Link className="button button--secondary" to={paths.playdates()}>
            {t('playdates.backToOverview')}
          </Link>
        }
      />
    </div>
  );
}

/** Her offer first (the name a refusal is said with); a refusal is said even when the offer cannot be loaded. */
function OfferThen({ cameraId, render }: { cameraId: number; render: (offer: PrivatePlaydateOffer | null) => ReactNode }) {
  const { t } = useTranslation();
  const offer = usePrivateOffer(cameraId, true);
  if (offer.isPending) return <Loading />;
  if (isApiError(offer.error, 404)) return <NotFound />;
  if (offer.isError) {
    const fallback = render(null);
    if (fallback) return <>{fallback}</>;
    return (
      <div className="page">
        <ErrorState title={t('playdates.request.errorTitle')} onRetry={() => void offer.refetch()} />
      </div>
    );
  }
  return <>{render(offer.data)}</>;
}

function Refused({ refusal, name }: { refusal: PlaydateRefusal; name: string }) {
  const { t } = useTranslation();
  const key = refusal === 'not_premium' || refusal === 'blocked' || refusal === 'law_limited' || refusal === 'own_playdate' ? refusal : 'not_available';
  return (
    <div className="page" data-testid="request-refused">
      <h1 className="page-header__title">{name ? t('playdates.request.title', { name }) : t('routes.requestPrivatePlaydate')}</h1>
      <StatusMessage
        title={t(`playdates.request.refusal.${key}`, { name })}
        action={
          <div className="playdate-popup__actions">
            {refusal === 'not_premium' ? (
              <Link className="button button--primary" to={paths.paywall()}>
                {t('playdates.request.becomePremium')}
              </Link>
            ) : null}
            <Link className="button button--secondary" to={paths.playdates()}>
              {t('playdates.backToOverview')}
            </Link>
          </div>
        }
      />
    </div>
  );
}

type Start = 'asap' | number | null;
type Notice = { tone: 'info' | 'error'; text: string } | null;

function RequestForm({ offer, onSent }: { offer: PrivatePlaydateOffer; onSent: (playdate: Playdate) => void }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const id = useId();
  const queryClient = useQueryClient();
  const cameraId = offer.camera_id;
  const [duration, setDuration] = useState<number | null>(offer.durations[0] ?? null);
  const quote = usePlaydateQuote(cameraId, duration);
  const [start, setStart] = useState<Start>(null);
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const request = useRequestPrivatePlaydate();
  // One key per attempt: a retry of the same click holds the coins once.
  const attemptKey = useRef<string | null>(null);
  const current: PlaydateQuote | undefined = quote.data && quote.data.duration === duration ? quote.data : undefined;

  // A start that the quote no longer offers (another duration, a refreshed quote) is not kept.
  useEffect(() => {
    if (!current) return;
    setStart((chosen) => {
      if (chosen === 'asap') return current.asap ? 'asap' : null;
      if (chosen !== null && current.slots.some((slot) => slot.starts_at === chosen)) return chosen;
      return current.asap ? 'asap' : (current.slots[0]?.starts_at ?? null);
    });
  }, [current]);

  const refreshQuote = () => void queryClient.invalidateQueries({ queryKey: playdateQuoteQueryOptions(cameraId, duration ?? 0).queryKey });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!current || duration === null || request.isPending) return;
    if (start === null) {
      setNotice({ tone: 'error', text: t('playdates.request.pickStart') });
      return;
    }
    if (!current.can_afford) {
      showPopup('buy-coins');
      setNotice({ tone: 'error', text: t('playdates.request.notEnough') });
      return;
    }
    const body = {
      duration,
      starts_at: start === 'asap' ? null : start,
      price_per_minute: current.price_per_minute,
      ...(message.trim() === '' ? {} : { message }),
    };
    if (!PlaydateRequestBody.safeParse(body).success) {
      setMessageError(true);
      return;
    }
    setMessageError(false);
    setNotice(null);
    attemptKey.current ??= newIdempotencyKey();
    request.mutate(
      { cameraId, body, idempotencyKey: attemptKey.current },
      {
        onSuccess: (playdate) => {
          attemptKey.current = null;
          void queryClient.invalidateQueries({ queryKey: privatePlaydatesQueryOptions().queryKey });
          void queryClient.invalidateQueries({ queryKey: playdateRequestCheckQueryOptions(cameraId).queryKey, refetchType: 'none' });
          void queryClient.invalidateQueries({ queryKey: privateOfferQueryOptions(cameraId).queryKey, refetchType: 'none' });
          trackPlaydate('playdate_request', { playdate_id: playdate.id, model_id: playdate.model.id, duration: playdate.duration_minutes, coins: playdate.coins });
          showPopup('playdate-request-success', { model_name: offer.model.name, coins: playdate.coins, expires_at: playdate.expires_at } satisfies RequestSuccessData);
          onSent(playdate);
        },
        onError: (error) => {
          // A definite answer ends the attempt; a lost one (no status) keeps its key for the retry.
          if (isApiError(error)) attemptKey.current = null;
          onRefused(error);
        },
      },
    );
  };

  const onRefused = (error: unknown) => {
    const code = isApiError(error) ? error.code : undefined;
    if (code === PLAYDATE_ERROR_CODES.priceChanged) {
      refreshQuote();
      setNotice({ tone: 'info', text: t('playdates.request.priceChanged') });
      return;
    }
    if (code === PLAYDATE_ERROR_CODES.slotTaken) {
      refreshQuote();
      setNotice({ tone: 'info', text: t('playdates.request.slotTaken') });
      return;
    }
    const refusal = refusalOfError(error);
    if (refusal === 'pending_request') {
      void queryClient.invalidateQueries({ queryKey: playdateRequestCheckQueryOptions(cameraId).queryKey });
      return;
    }
    if (refusal === 'insufficient_coins') {
      openRefusalPopup(refusal);
      refreshQuote();
      setNotice({ tone: 'error', text: t('playdates.request.notEnough') });
      return;
    }
    if (openRefusalPopup(refusal)) {
      void queryClient.invalidateQueries({ queryKey: playdateRequestCheckQueryOptions(cameraId).queryKey });
      return;
    }
    if (refusal === 'not_available') {
      setNotice({ tone: 'error', text: t('playdates.request.notAvailable') });
      return;
    }
    setNotice({ tone: 'error', text: isApiError(error) && error.status < 500 && error.status !== 409 ? error.message : t('playdates.request.failed') });
  };

  const days = useMemo(() => groupByDay(current?.slots ?? []), [current]);
  const coins = (n: number) => t('playdates.coins', { count: n });
  const noStart = current !== undefined && !current.asap && current.slots.length === 0;

  return (
    <div className="page playdate-request">
      <header className="page-header">
        <p className="playdate-request__eyebrow">
          {offer.live ? <span className="playdate-badge playdate-badge--live">{t('playdates.cameras.live')}</span> : null}
          {t('playdates.cameras.pricePerMinute', { count: offer.price_per_minute })}
        </p>
        <h1 className="page-header__title">{t('playdates.request.title', { name: offer.model.name })}</h1>
      </header>
      <div className="playdate-request__layout">
        <img className="playdate-request__avatar" src={offer.model.avatar} width={160} height={160} alt="" />
        <form className="form playdate-request__form" noValidate onSubmit={submit} aria-describedby={`${id}-held`}>
          <fieldset className="playdate-choice">
            <legend className="field__label">{t('playdates.request.duration')}</legend>
            <div className="playdate-choice__options">
              {offer.durations.map((minutes) => (
                <label key={minutes} className={duration === minutes ? 'playdate-option playdate-option--on' : 'playdate-option'}>
                  <input type="radio" name={`${id}-duration`} value={minutes} checked={duration === minutes} onChange={() => setDuration(minutes)} />
                  <span>{t('playdates.minutes', { count: minutes })}</span>
                  <span className="playdate-option__hint">{coins(minutes * offer.price_per_minute)}</span>
                </label>
              ))}
            </div>
          </fieldset>

          <div className="field">
            <label className="field__label" htmlFor={`${id}-start`}>
              {t('playdates.request.start')}
            </label>
            {quote.isPending ? (
              <p role="status" className="field__hint">
                {t('playdates.request.quoteLoading')}
              </p>
            ) : quote.isError && !current ? (
              <ErrorState title={t('playdates.request.quoteError')} onRetry={() => void quote.refetch()} />
            ) : noStart ? (
              <p className="field__hint" data-testid="no-slots">
                {t('playdates.request.noSlots')}
              </p>
            ) : (
              <span className="select-wrap">
                <select
                  id={`${id}-start`}
                  className="select"
                  value={start === null ? '' : String(start)}
                  aria-describedby={`${id}-zone`}
                  disabled={!current}
                  onChange={(event) => setStart(event.target.value === 'asap' ? 'asap' : event.target.value === '' ? null : Number(event.target.value))}
                >
                  {current?.asap ? <option value="asap">{t('playdates.request.asap')}</option> : null}
                  {days.map((day) => (
                    <optgroup key={day.day} label={formatPlaydateDay(day.first, language)}>
                      {day.items.map((slot) => (
                        <option key={slot.starts_at} value={String(slot.starts_at)}>
                          {`${formatPlaydateDay(slot.starts_at, language)}, ${formatPlaydateClock(slot.starts_at, language)}`}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
              </span>
            )}
            <p id={`${id}-zone`} className="field__hint">
              {start === 'asap' ? `${t('playdates.request.asapHint')} ` : ''}
              {t('playdates.timeZone', { zone: timeZoneLabel(language) })}
            </p>
          </div>

          <div className={messageError ? 'field field--invalid' : 'field'}>
            <label className="field__label" htmlFor={`${id}-message`}>
              {t('playdates.request.message')}
            </label>
            <textarea
              id={`${id}-message`}
              className="field__input field__input--multiline"
              rows={3}
              maxLength={PLAYDATE_REQUEST_MESSAGE_MAX}
              value={message}
              aria-invalid={messageError || undefined}
              aria-describedby={`${id}-message-help`}
              onChange={(event) => {
                setMessage(event.target.value);
                setMessageError(false);
              }}
            />
            <p id={`${id}-message-help`} className={messageError ? 'field__error' : 'field__hint'}>
              {t(messageError ? 'playdates.request.messageInvalid' : 'playdates.request.messageHint', { max: PLAYDATE_REQUEST_MESSAGE_MAX })}
            </p>
          </div>

          {current ? (
            <dl className="playdate-summary" data-testid="request-summary">
              <div>
                <dt>{t('playdates.request.price')}</dt>
                <dd data-testid="request-price">
                  {t('playdates.request.priceValue', {
                    minutes: t('playdates.minutes', { count: current.duration }),
                    price: t('playdates.cameras.pricePerMinute', { count: current.price_per_minute }),
                    coins: coins(current.coins),
                  })}
                </dd>
              </div>
              <div>
                <dt>{t('playdates.request.balance')}</dt>
                <dd data-testid="request-balance">{coins(current.balance)}</dd>
              </div>
            </dl>
          ) : null}
          {current && !current.can_afford ? (
            <div className="playdate-request__short" data-testid="request-short">
              <p>{t('playdates.request.notEnough')}</p>
              <button type="button" className="button button--secondary" onClick={() => showPopup('buy-coins')}>
                {t('playdates.request.buyCoins')}
              </button>
            </div>
          ) : null}
          <p id={`${id}-held`} className="field__hint">
            {t('playdates.request.held')}
          </p>
          <div role={notice?.tone === 'error' ? 'alert' : 'status'} data-testid="request-notice">
            {notice ? <FormAlert tone={notice.tone}>{notice.text}</FormAlert> : null}
          </div>
          <div className="playdate-popup__actions">
            <button type="submit" className="button button--primary" disabled={!current || request.isPending || noStart} aria-busy={request.isPending || undefined}>
              {request.isPending ? t('playdates.request.submitting') : t('playdates.request.submit', { coins: coins(current?.coins ?? 0) })}
            </button>
            <Link className="button button--ghost" to={paths.playdates()}>
              {t('playdates.backToOverview')}
            </Link>
          </div>
        </form>
      </div>
    </div>
  );
}
