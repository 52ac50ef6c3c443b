import { FEEDBACK_MESSAGE_MAX } from '@velora/shared';
import type { FormEvent } from 'react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';
import { usePopup } from '@/components/popups/popup-store';
import { useDeleteFeatureFeedback } from '../api/delete-feature-feedback';
import { useFeatureFeedback } from '../api/get-feature-feedback';
import { useSaveFeatureFeedback } from '../api/save-feature-feedback';
import type { FeatureFeedbackData, FeaturePopupProps } from '../popup-props';
import { RatingField } from './rating-field';
import '../feature-popups.css';

type Notice = 'saved' | 'deleted' | 'failed' | null;

/** A rating and a message for one feature: GET, POST and DELETE /feature/feature_feedback/{id}. */
export function FeatureFeedbackPopup({ open, onClose }: FeaturePopupProps) {
  const { t } = useTranslation();
  const id = useId();
  const data = usePopup('feature-feedback')?.data as Partial<FeatureFeedbackData> | undefined;
  const feature = data?.feature ?? '';
  const label = data?.label ?? feature;
  const existing = useFeatureFeedback(feature);
  const save = useSaveFeatureFeedback(feature);
  const remove = useDeleteFeatureFeedback(feature);
  const [rating, setRating] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const [ratingMissing, setRatingMissing] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  // The earlier answer fills the form once it arrives.
  const earlier = existing.data;
  useEffect(() => {
    if (!earlier) return;
    setRating(earlier.rating);
    setMessage(earlier.message);
  }, [earlier]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rating === null) {
      setRatingMissing(true);
      return;
    }
    setNotice(null);
    try {
      await save.mutateAsync({ rating, message: message.trim() });
      setNotice('saved');
    } catch {
      setNotice('failed');
    }
  };

  const deleteFeedback = async () => {
    setNotice(null);
    try {
      await remove.mutateAsync();
      setRating(null);
      setMessage('');
      setNotice('deleted');
    } catch {
      setNotice('failed');
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={t('featurePopups.featureFeedback.title', { feature: label })}
      description={t('featurePopups.featureFeedback.intro')}
      testId="feature-feedback-popup"
    >
      <form className="form feature-popup" noValidate onSubmit={(event) => void submit(event)} aria-busy={existing.isPending || undefined}>
        {existing.isPending ? <p role="status">{t('featurePopups.featureFeedback.loading')}</p> : null}
        {existing.isError ? <FormAlert tone="info">{t('featurePopups.featureFeedback.loadFailed')}</FormAlert> : null}
        {earlier && notice === null ? <p className="feature-popup__text">{t('featurePopups.featureFeedback.current', { rating: earlier.rating })}</p> : null}
        {notice === 'saved' ? <FormAlert tone="success">{t('featurePopups.featureFeedback.saved')}</FormAlert> : null}
        {notice === 'deleted' ? <FormAlert tone="success">{t('featurePopups.featureFeedback.deleted')}</FormAlert> : null}
        {notice === 'failed' ? <FormAlert tone="error">{t('featurePopups.featureFeedback.failed')}</FormAlert> : null}
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
          <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending || undefined}>
            {earlier ? t('featurePopups.featureFeedback.update') : t('featurePopups.featureFeedback.submit')}
          </button>
          {earlier ? (
            <button type="button" className="button button--ghost" onClick={() => void deleteFeedback()} disabled={remove.isPending}>
              {remove.isPending ? t('featurePopups.featureFeedback.deleting') : t('featurePopups.featureFeedback.delete')}
            </button>
          ) : null}
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('featurePopups.close')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
