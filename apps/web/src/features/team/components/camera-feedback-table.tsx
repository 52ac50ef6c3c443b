import type { CameraFeedbackItem } from '@velora/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useContentLanguage } from '@/lib/content-language';
import { paths } from '@/paths';

function Row({ item, dateFormat }: { item: CameraFeedbackItem; dateFormat: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  const at = new Date(item.created_at * 1000);
  return (
    <tr data-testid="camera-feedback-row">
      <td>
        <Link to={paths.camera(item.camera_name)}>{item.display_name}</Link>
      </td>
      <td>{item.username}</td>
      <td>
        {item.rating === null ? (
          <span className="team-feedback__muted">{t('teamFeedback.notNow')}</span>
        ) : (
          // Hidden words, not aria-label: a plain span may not carry one (axe aria-prohibited-attr).
          <span className="team-feedback__stars">
            <span aria-hidden="true">{'★'.repeat(item.rating) + '☆'.repeat(5 - item.rating)}</span>
            <span className="visually-hidden">{t('teamFeedback.stars', { rating: item.rating })}</span>
          </span>
        )}
      </td>
      {/* Plain text: React escapes it; line breaks the member wrote are kept by CSS. */}
      <td className="team-feedback__comment">{item.message || <span className="team-feedback__muted">{t('teamFeedback.noComment')}</span>}</td>
      <td>
        <time dateTime={at.toISOString()}>{dateFormat.format(at)}</time>
      </td>
    </tr>
  );
}

/** The answers as a table; on a phone the table scrolls sideways inside its box. */
export function CameraFeedbackTable({ items, busy }: { items: CameraFeedbackItem[]; busy: boolean }) {
  const { t } = useTranslation();
  const language = useContentLanguage();
  const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="team-feedback__scroll" tabIndex={0} role="region" aria-label={t('teamFeedback.title')}>
      <table className="team-feedback__table" aria-busy={busy || undefined} data-testid="camera-feedback-table">
        <caption className="visually-hidden">{t('teamFeedback.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('teamFeedback.columns.camera')}</th>
            <th scope="col">{t('teamFeedback.columns.member')}</th>
            <th scope="col">{t('teamFeedback.columns.rating')}</th>
            <th scope="col">{t('teamFeedback.columns.comment')}</th>
            <th scope="col">{t('teamFeedback.columns.date')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <Row key={item.id} item={item} dateFormat={dateFormat} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
