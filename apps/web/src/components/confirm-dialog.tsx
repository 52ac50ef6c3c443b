import { useRef } from 'react';
import { Dialog } from './dialog';
import { FormAlert } from './form-alert';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  /** What the confirm button says while the action runs ("Deleting…"). */
  pendingLabel: string;
  /** The safe answer ("Cancel", "Keep my subscription"). */
  cancelLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  testId: string;
  /** Where focus goes once the dialog has closed; by default back to what opened it. */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Asks before something that cannot (easily) be undone; focus starts on the safe answer. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  pending,
  error,
  onConfirm,
  onCancel,
  testId,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
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
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <div className="form__row form__row--end">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={pending} ref={cancelRef}>
          {cancelLabel}
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
