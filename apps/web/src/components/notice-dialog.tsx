import { Dialog } from './dialog';

interface NoticeDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  closeLabel: string;
  testId: string;
}

/** A dialog that only tells something and has one button to close it (success and limitation notices). */
export function NoticeDialog({ open, onClose, title, description, closeLabel, testId }: NoticeDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={title}
      description={description}
      testId={testId}
    >
      <div className="form__row form__row--end">
        <button type="button" className="button button--primary" onClick={onClose}>
          {closeLabel}
        </button>
      </div>
    </Dialog>
  );
}
