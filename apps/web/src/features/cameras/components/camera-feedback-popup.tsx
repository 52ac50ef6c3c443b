import { CAMERA_FEEDBACK_MESSAGE_MAX, CameraFeedbackBody } from '@velora/shared';
import type { FormEvent } from 'react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';
import { usePopup } from '@/components/popups/popup-store';
import { isApiError } from '@/lib/http';
import { sendCameraFeedback } from '../api/camera-feedback';
import type { CameraFeedbackData } from '../camera-feedback';
import '../cameras.css';

const RATINGS = [1, 2, 3, 4, 5] as const;

interface CameraFeedbackPopupProps {
  open: boolean;
  onClose: () => void;
}

type Phase = 'asking' | 'sending' | 'thanked' | 'failed';

/**
 * Popup type camera-feedback (product §2): how was the show? Five stars (a radio group, each named "3 stars"), an
 * optional plain-text comment, Send and "Not now". "Not now" and closing both tell the server, so the question does
 * not come back for a day.
 */
export function CameraFeedbackPopup({ open, onClose }: CameraFeedbackPopupProps) {
  const { t } = useTranslation();
  const id = useId();
  const data = usePopup('camera-feedback')?.data as Partial<CameraFeedbackData> | undefined;
  const name = typeof data?.name === 'string' ? data.name : '';
  const displayName = typeof data?.display_name === 'string' && data.display_name !== '' ? data.display_name : name;
  const [rating, setRating] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<'rating' | 'message' | null>(null);
  const [phase, setPhase] = useState<Phase>('asking');
  const answered = useRef(false);

  const dismiss = () => {
    if (!answered.current && name) {
      answered.current = true;
      // Fire and forget: "Not now" must close at once; a lost dismissal only means the question comes again.
      void sendCameraFeedback(name, { dismissed: true }).catch(() => undefined);
    }
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { rating: rating ?? undefined, message: message.trim() === '' ? undefined : message };
    const parsed = CameraFeedbackBody.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues.some((issue) => issue.path[0] === 'rating') ? 'rating' : 'message');
      return;
    }
    setError(null);
    setPhase('sending');
    try {
      await sendCameraFeedback(name, body);
      answered.current = true;
      setPhase('thanked');
    } catch (failure) {
      if (isApiError(failure, 451)) {
        // The app answers every 451 with the law-limitation popup.
        answered.current = true;
        onClose();
        return;
      }
      setPhase('failed');
    }
  };

  const ratingError = error === 'rating' ? `${id}-rating-error` : undefined;
  const messageHelp = `${id}-message-help`;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && phase !== 'sending' && (phase === 'thanked' ? onClose() : dismiss())}
      title={t('cameras.feedback.title', { name: displayName })}
      description={phase === 'thanked' ? undefined : t('cameras.feedback.intro')}
      testId="camera-feedback-popup"
    >
      {phase === 'thanked' ? (
        <div className="camera-feedback">
          <FormAlert tone="success">{t('cameras.feedback.thanks')}</FormAlert>
          <div className="camera-feedback__actions">
            <button type="button" className="button button--primary" onClick={onClose}>
              {t('cameras.feedback.done')}
            </button>
          </div>
        </div>
      ) : (
        <form className="form camera-feedback" noValidate onSubmit={(event) => void submit(event)}>
          <fieldset role="radiogroup" className="camera-feedback__rating" aria-describedby={ratingError} aria-invalid={ratingError ? true : undefined}>
            <legend className="field__label">{t('cameras.feedback.rating')}</legend>
            <div className="camera-feedback__stars">
              {RATINGS.map((value) => (
                <label key={value} className={rating !== null && value <= rating ? 'camera-feedback__star camera-feedback__star--on' : 'camera-feedback__star'}>
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
                  <span className="visually-hidden">{t('cameras.feedback.star', { count: value })}</span>
                </label>
              ))}
            </div>
            {ratingError ? (
              <p id={ratingError} className="field__error">
                {t('cameras.feedback.ratingRequired')}
              </p>
            ) : null}
          </fieldset>
          <div className={error === 'message' ? 'field field--invalid' : 'field'}>
            <label className="field__label" htmlFor={`${id}-message`}>
              {t('cameras.feedback.message')}
            </label>
            <textarea
              id={`${id}-message`}
              className="field__input field__input--multiline"
              rows={4}
              maxLength={CAMERA_FEEDBACK_MESSAGE_MAX}
              value={message}
              aria-invalid={error === 'message' || undefined}
              aria-describedby={messageHelp}
              onChange={(event) => {
                setMessage(event.target.value);
                if (error === 'message') setError(null);
              }}
            />
            <p id={messageHelp} className={error === 'message' ? 'field__error' : 'field__hint'}>
              {error === 'message' ? t('cameras.feedback.messageInvalid', { max: CAMERA_FEEDBACK_MESSAGE_MAX }) : t('cameras.feedback.messageHint', { max: CAMERA_FEEDBACK_MESSAGE_MAX })}
            </p>
          </div>
          {phase === 'failed' ? <FormAlert tone="error">{t('cameras.feedback.failed')}</FormAlert> : null}
          <div className="camera-feedback__actions">
            <button type="submit" className="button button--primary" disabled={phase === 'sending'} aria-busy={phase === 'sending' || undefined}>
              {phase === 'sending' ? t('cameras.feedback.sending') : t('cameras.feedback.send')}
            </button>
            <button type="button" className="button button--ghost" onClick={dismiss} disabled={phase === 'sending'}>
              {t('cameras.feedback.notNow')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
