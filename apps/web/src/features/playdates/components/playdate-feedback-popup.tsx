import { useQueryClient } from '@tanstack/react-query';
import { PLAYDATE_FEEDBACK_MESSAGE_MAX, PlaydateFeedbackBody } from '@velora/shared';
import type { FormEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';
import { usePopup } from '@/components/popups/popup-store';
import { closePlaydateFeedback } from '../api/close-feedback';
import { feedbackAsksQueryOptions, useFeedbackAsks } from '../api/get-feedback-asks';
import { sendPlaydateFeedback } from '../api/send-feedback';
import '../playdates.css';

const RATINGS = [1, 2, 3, 4, 5] as const;
type Phase = 'asking' | 'sending' | 'thanked' | 'failed';

/**
 * Popup type playdate-feedback (product §2): the first finished private playdate the member has not rated. Five stars
 * (a radio group), an optional plain-text message, Send and "Not now" (the server is told, so it is not asked again).
 */
export function PlaydateFeedbackPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const asks = useFeedbackAsks();
  // Opened for one playdate ("Rate this playdate"): that one if it still waits, else the newest that does.
  const wanted = usePopup('playdate-feedback')?.data.playdate_id;
  const items = asks.data?.items ?? [];
  const ask = items.find((item) => item.playdate_id === wanted) ?? items[0] ?? null;
  // Nothing to ask (rated meanwhile, or a failed load): the popup has no business being open.
  const nothingToAsk = asks.isError || (asks.isSuccess && ask === null);
  useEffect(() => {
    if (nothingToAsk) onClose();
  }, [nothingToAsk, onClose]);
  if (ask === null) return null;
  return <FeedbackForm key={ask.playdate_id} open={open} onClose={onClose} playdateId={ask.playdate_id} modelName={ask.model.name} />;
}

function FeedbackForm({ open, onClose, playdateId, modelName }: { open: boolean; onClose: () => void; playdateId: number; modelName: string }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<'rating' | 'message' | null>(null);
  const [phase, setPhase] = useState<Phase>('asking');
  const answered = useRef(false);

  const forget = () => void queryClient.invalidateQueries({ queryKey: feedbackAsksQueryOptions().queryKey, refetchType: 'none' });
  const dismiss = () => {
    if (!answered.current) {
      answered.current = true;
      // Fire and forget: "Not now" closes at once; a lost dismissal only means the question comes again.
      void closePlaydateFeedback(playdateId).catch(() => undefined);
      forget();
    }
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { rating: rating ?? 0, message: message.trim() === '' ? undefined : message };
    const parsed = PlaydateFeedbackBody.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues.some((issue) => issue.path[0] === 'rating') ? 'rating' : 'message');
      return;
    }
    setError(null);
    setPhase('sending');
    try {
      await sendPlaydateFeedback(playdateId, parsed.data);
      answered.current = true;
      forget();
      setPhase('thanked');
    } catch {
      setPhase('failed');
    }
  };

  const ratingError = error === 'rating' ? `${id}-rating-error` : undefined;
  const messageHelp = `${id}-message-help`;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && phase !== 'sending' && (phase === 'thanked' ? onClose() : dismiss())}
      title={t('playdates.feedback.title', { name: modelName })}
      description={phase === 'thanked' ? undefined : t('playdates.feedback.intro')}
      testId="playdate-feedback-popup"
    >
      {phase === 'thanked' ? (
        <div className="playdate-popup">
          <FormAlert tone="success">{t('playdates.feedback.thanks')}</FormAlert>
          <div className="playdate-popup__actions">
            <button type="button" className="button button--primary" onClick={onClose}>
              {t('playdates.feedback.done')}
            </button>
          </div>
        </div>
      ) : (
        <form className="form playdate-popup" noValidate onSubmit={(event) => void submit(event)}>
          <fieldset role="radiogroup" className="playdate-stars" aria-describedby={ratingError} aria-invalid={ratingError ? true : undefined}>
            <legend className="field__label">{t('playdates.feedback.rating')}</legend>
            <div className="playdate-stars__row">
              {RATINGS.map((value) => (
                <label key={value} className={rating !== null && value <= rating ? 'playdate-stars__star playdate-stars__star--on' : 'playdate-stars__star'}>
                  <input
                    type="radio"
                    className="visually-hidden"
                    name={`${id}-rating`}
                    value={value}
                    checked={rating === value}
                    onChange={() => {
                      setRating(value);
                      if (error === 'rating') setError(null);
                    }}
                  />
                  <span aria-hidden="true">★</span>
                  <span className="visually-hidden">{t('playdates.feedback.star', { count: value })}</span>
                </label>
              ))}
            </div>
            {ratingError ? (
              <p id={ratingError} className="field__error">
                {t('playdates.feedback.ratingRequired')}
              </p>
            ) : null}
          </fieldset>
          <div className={error === 'message' ? 'field field--invalid' : 'field'}>
            <label className="field__label" htmlFor={`${id}-message`}>
              {t('playdates.feedback.message')}
            </label>
            <textarea
              id={`${id}-message`}
              className="field__input field__input--multiline"
              rows={4}
              maxLength={PLAYDATE_FEEDBACK_MESSAGE_MAX}
              value={message}
              aria-invalid={error === 'message' || undefined}
              aria-describedby={messageHelp}
              onChange={(event) => {
                setMessage(event.target.value);
                if (error === 'message') setError(null);
              }}
            />
            <p id={messageHelp} className={error === 'message' ? 'field__error' : 'field__hint'}>
              {t(error === 'message' ? 'playdates.feedback.messageInvalid' : 'playdates.feedback.messageHint', { max: PLAYDATE_FEEDBACK_MESSAGE_MAX })}
            </p>
          </div>
          {phase === 'failed' ? <FormAlert tone="error">{t('playdates.feedback.failed')}</FormAlert> : null}
          <div className="playdate-popup__actions">
            <button type="submit" className="button button--primary" disabled={phase === 'sending'} aria-busy={phase === 'sending' || undefined}>
              {phase === 'sending' ? t('playdates.feedback.sending') : t('playdates.feedback.send')}
            </button>
            <button type="button" className="button button--ghost" onClick={dismiss} disabled={phase === 'sending'}>
              {t('playdates.feedback.notNow')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
