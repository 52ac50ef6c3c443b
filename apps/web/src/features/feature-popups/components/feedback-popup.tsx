import { FEEDBACK_MESSAGE_MAX } from '@velora/shared';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';
import { hidePopup, showPopup } from '@/components/popups/popup-store';
import { useSendFeedback } from '../api/send-feedback';
import type { FeaturePopupProps } from '../popup-props';
import { RatingField } from './rating-field';
import '../feature-popups.css';

/** Feedback about the site (POST /feature/feedback); a thank-you popup follows. */
export function FeedbackPopup({ open, onClose }: FeaturePopupProps) {
  const { t } = useTranslation();
  const id = useId();
  const mutation = useSendFeedback();
  const [rating, setRating] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [ratingMissing, setRatingMissing] = useState(false);
  const [failed, setFailed] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rating === null) {
      setRatingMissing(true);
      return;
    }
    setFailed(false);
    try {
      await mutation.mutateAsync({ rating, message: message.trim() });
      hidePopup('feedback', { remove: true });
      showPopup('feedback-success');
    } catch {
      setFailed(true);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={t('featurePopups.feedback.title')} description={t('featurePopups.feedback.intro')} testId="feedback-popup">
      <form className="form feature-popup" noValidate onSubmit={(event) => void submit(event)}>
        {failed ? <FormAlert tone="error">{t('featurePopups.feedback.failed')}</FormAlert> : null}
        <RatingField
          value={rating}
          onChange={(next) => {
            setRating(next);
            setRatingMissing(false);
          }}
          error={ratingMissing ? t('featurePopups.feedback.ratingRequired') : undefined}
        />
        <div className="field">
          <label className="field__label" htmlFor={`${id}-message`}>
            {t('featurePopups.feedback.message')}
          </label>
          <textarea
            id={`${id}-message`}
            className="field__input field__input--multiline"
            rows={4}
            maxLength={FEEDBACK_MESSAGE_MAX}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </div>
        <div className="feature-popup__actions">
          <button type="submit" className="button button--primary" disabled={mutation.isPending} aria-busy={mutation.isPending || undefined}>
            {mutation.isPending ? t('featurePopups.feedback.sending') : t('featurePopups.feedback.submit')}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('featurePopups.later')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The thank-you after feedback. */
export function FeedbackSuccessPopup({ open, onClose }: FeaturePopupProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={t('featurePopups.feedbackSuccess.title')} testId="feedback-success-popup">
      <div className="feature-popup">
        <p className="feature-popup__text">{t('featurePopups.feedbackSuccess.text')}</p>
        <div className="feature-popup__actions">
          <button type="button" className="button button--primary" onClick={onClose}>
            {t('featurePopups.close')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
