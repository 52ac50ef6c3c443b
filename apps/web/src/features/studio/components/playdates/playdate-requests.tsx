import type { Playdate } from '@velora/shared';
import { PLAYDATE_REQUEST_MESSAGE_MAX } from '@velora/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';
import { TextField } from '@/components/text-field';
import { isApiError } from '@/lib/http';
import { useAcceptPlaydateRequest } from '../../api/accept-playdate-request';
import { useDeclinePlaydateRequest } from '../../api/decline-playdate-request';
import { localDateTimeToUnix } from '../schedule-panel';
import { formatWhen, minutesLabel } from './playdate-format';

function useNowSeconds(): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function leftLabel(seconds: number): string {
  const s = Math.max(0, seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m}:${String(s % 60).padStart(2, '0')}`;
}

/** Requests waiting for her answer, soonest expiry first: who, how long, the coins, his wished start and note. */
export function PlaydateRequests({ requests }: { requests: readonly Playdate[] }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const now = useNowSeconds();
  const [accepting, setAccepting] = useState<Playdate | null>(null);
  const [declining, setDeclining] = useState<Playdate | null>(null);
  return (
    <section className="studio-playdates__block" aria-labelledby={titleId} data-testid="studio-playdate-requests">
      <h3 id={titleId} className="studio-playdates__subtitle">
        {t('studio.playdates.requests.title', { count: requests.length })}
      </h3>
      {requests.length === 0 ? (
        <p className="studio-note">{t('studio.playdates.requests.empty')}</p>
      ) : (
        <ul className="studio-playdates__list">
          {requests.map((request) => {
            const who = request.member?.name ?? '';
            return (
              <li key={request.id} className="studio-playdates__item" data-testid="studio-playdate-request">
                <p className="studio-playdates__item-title">{t('studio.playdates.requests.from', { name: who })}</p>
                <p>
                  {t('studio.playdates.requests.summary', { duration: minutesLabel(t, request.duration_minutes), coins: request.coins })}
                </p>
                <p>
                  {request.starts_at === null
                    ? t('studio.playdates.requests.asap')
                    : t('studio.playdates.requests.wished', { time: formatWhen(request.starts_at, i18n.language) })}
                </p>
                {request.message ? <blockquote className="studio-playdates__message">{request.message}</blockquote> : null}
                {request.expires_at !== null ? (
                  <p className="studio-note">
                    {t('studio.playdates.requests.expiresIn')} <span data-testid="studio-playdate-request-expiry">{leftLabel(request.expires_at - now)}</span>
                  </p>
                ) : null}
                <div className="form__row">
                  <button type="button" className="button button--primary button--small" onClick={() => setAccepting(request)} aria-label={t('studio.playdates.requests.acceptLabel', { name: who })}>
                    {t('studio.playdates.requests.accept')}
                  </button>
                  <button type="button" className="button button--ghost button--small" onClick={() => setDeclining(request)} aria-label={t('studio.playdates.requests.declineLabel', { name: who })}>
                    {t('studio.playdates.requests.decline')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {accepting ? <AcceptDialog request={accepting} onClose={() => setAccepting(null)} /> : null}
      {declining ? <DeclineDialog request={declining} onClose={() => setDeclining(null)} /> : null}
    </section>
  );
}

type When = 'now' | 'wished' | 'other';

function AcceptDialog({ request, onClose }: { request: Playdate; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const name = useId();
  const accept = useAcceptPlaydateRequest();
  const [when, setWhen] = useState<When>(request.starts_at === null ? 'now' : 'wished');
  const [other, setOther] = useState('');
  const [otherError, setOtherError] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const confirm = async () => {
    setOtherError(null);
    setFailed(null);
    let startsAt: number | null = null;
    if (when === 'now') startsAt = request.starts_at === null ? null : Math.floor(Date.now() / 1000);
    if (when === 'other') {
      startsAt = localDateTimeToUnix(other);
      if (startsAt === null || startsAt * 1000 <= Date.now()) return setOtherError(t('studio.playdates.requests.errors.otherTime'));
    }
    try {
      await accept.mutateAsync({ id: request.id, startsAt });
      onClose();
    } catch (error) {
      if (isApiError(error, 409)) setFailed(t('studio.playdates.requests.errors.conflict'));
      else if ((isApiError(error, 400) || isApiError(error, 422)) && when === 'other') setOtherError(error instanceof Error ? error.message : t('studio.errors.failed'));
      else setFailed(t('studio.errors.failed'));
    }
  };
  const options: { value: When; label: string }[] = [
    { value: 'now', label: t('studio.playdates.requests.when.now') },
    ...(request.starts_at !== null ? [{ value: 'wished' as const, label: t('studio.playdates.requests.when.wished', { time: formatWhen(request.starts_at, i18n.language) }) }] : []),
    { value: 'other', label: t('studio.playdates.requests.when.other') },
  ];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !accept.isPending && onClose()}
      title={t('studio.playdates.requests.acceptTitle', { name: request.member?.name ?? '' })}
      description={t('studio.playdates.requests.acceptText', { duration: minutesLabel(t, request.duration_minutes), coins: request.coins })}
      testId="studio-playdate-accept-dialog"
    >
      {failed ? <FormAlert tone="error">{failed}</FormAlert> : null}
      <fieldset className="studio-playdates__choices">
        <legend>{t('studio.playdates.requests.when.legend')}</legend>
        {options.map((option) => (
          <label key={option.value} className="studio-playdates__choice">
            <input type="radio" name={name} value={option.value} checked={when === option.value} onChange={() => setWhen(option.value)} />
            {option.label}
          </label>
        ))}
      </fieldset>
      {when === 'other' ? (
        <TextField type="datetime-local" label={t('studio.playdates.requests.when.otherField')} value={other} error={otherError ?? undefined} onChange={(event) => setOther(event.target.value)} />
      ) : null}
      <div className="form__row form__row--end">
        <button type="button" className="button button--ghost" onClick={onClose} disabled={accept.isPending}>
          {t('studio.playdates.cancelAction')}
        </button>
        <button type="button" className="button button--primary" onClick={() => void confirm()} disabled={accept.isPending}>
          {accept.isPending ? t('studio.playdates.requests.accepting') : t('studio.playdates.requests.confirmAccept')}
        </button>
      </div>
    </Dialog>
  );
}

function DeclineDialog({ request, onClose }: { request: Playdate; onClose: () => void }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const decline = useDeclinePlaydateRequest();
  const [reason, setReason] = useState('');
  const [failed, setFailed] = useState<string | null>(null);
  const confirm = async () => {
    setFailed(null);
    try {
      await decline.mutateAsync({ id: request.id, reason });
      onClose();
    } catch (error) {
      setFailed(isApiError(error, 409) ? t('studio.playdates.requests.errors.conflict') : isApiError(error, 400) && error instanceof Error ? error.message : t('studio.errors.failed'));
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !decline.isPending && onClose()}
      title={t('studio.playdates.requests.declineTitle', { name: request.member?.name ?? '' })}
      description={t('studio.playdates.requests.declineText')}
      testId="studio-playdate-decline-dialog"
    >
      {failed ? <FormAlert tone="error">{failed}</FormAlert> : null}
      <div className="field">
        <label className="field__label" htmlFor={fieldId}>
          {t('studio.playdates.requests.reason')}
        </label>
        <textarea id={fieldId} className="field__input" rows={3} maxLength={PLAYDATE_REQUEST_MESSAGE_MAX} value={reason} onChange={(event) => setReason(event.target.value)} />
      </div>
      <div className="form__row form__row--end">
        <button type="button" className="button button--ghost" onClick={onClose} disabled={decline.isPending}>
          {t('studio.playdates.cancelAction')}
        </button>
        <button type="button" className="button button--primary" onClick={() => void confirm()} disabled={decline.isPending}>
          {decline.isPending ? t('studio.playdates.requests.declining') : t('studio.playdates.requests.confirmDecline')}
        </button>
      </div>
    </Dialog>
  );
}
