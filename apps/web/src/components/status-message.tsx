import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface StatusMessageProps {
  title: string;
  text?: ReactNode;
  action?: ReactNode;
  tone?: 'empty' | 'error';
}

/** An empty or error state inside a page section. Errors are announced. */
export function StatusMessage({ title, text, action, tone = 'empty' }: StatusMessageProps) {
  return (
    <div className={`status-message status-message--${tone}`} role={tone === 'error' ? 'alert' : undefined}>
      <span className="status-message__icon" aria-hidden="true">
        {tone === 'error' ? '!' : '∅'}
      </span>
      <h2 className="status-message__title">{title}</h2>
      {text ? <p className="status-message__text">{text}</p> : null}
      {action ? <div className="status-message__action">{action}</div> : null}
    </div>
  );
}

/** An error state with a retry button. */
export function ErrorState({ title, text, onRetry }: { title: string; text?: ReactNode; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusMessage
      tone="error"
      title={title}
      text={text}
      action={
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      }
    />
  );
}
