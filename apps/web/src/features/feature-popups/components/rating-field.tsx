import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const RATINGS = [1, 2, 3, 4, 5] as const;

interface RatingFieldProps {
  value: number | null;
  onChange: (rating: number) => void;
  error?: string | undefined;
}

/** Five radio buttons shown as stars: arrow keys move between them, each is named "3 stars". */
export function RatingField({ value, onChange, error }: RatingFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="rating-field" aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="field__label">{t('featurePopups.feedback.rating')}</legend>
      <div className="rating-field__stars">
        {RATINGS.map((rating) => (
          <label key={rating} className={['rating-field__star', value !== null && rating <= value ? 'rating-field__star--on' : ''].filter(Boolean).join(' ')}>
            <input
              type="radio"
              className="visually-hidden"
              name={`${id}-rating`}
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
            />
            <span aria-hidden="true">★</span>
            <span className="visually-hidden">{t('featurePopups.feedback.star', { count: rating })}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
