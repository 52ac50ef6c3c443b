import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form-alert';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
}

/** Asks before something that cannot be undone; focus starts on Cancel, the safe answer. */
export function ConfirmDialog({ open, title, description, confirmLabel, pending, error, onConfirm, onCancel, testId }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !pending && onCancel()}
      title={title}
      description={description}
      testId={testId}
      onOpenAutoFocus={(event) => {
        event.preventDefault();
        cancelRef.current?.focus();
      }}
    >
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <div className="form__row form__row--end message-confirm__actions">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={pending} ref={cancelRef}>
          {t('messages.conversation.cancel')}
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm} disabled={pending}>
          {pending ? t('messages.conversation.deleting') : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
