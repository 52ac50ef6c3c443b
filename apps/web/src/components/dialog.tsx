import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The accessible name of the dialog. */
  title: string;
  description?: ReactNode;
  children: ReactNode;
  testId?: string;
  /** Where focus goes on open; by default the first focusable element. */
  onOpenAutoFocus?: (event: Event) => void;
  /** Where focus goes on close; by default back to the element that had it before the dialog opened. */
  onCloseAutoFocus?: (event: Event) => void;
}

/** A modal dialog: focus trapped inside, Escape and the close button close it, focus returns on close. */
export function Dialog({ open, onOpenChange, title, description, children, testId, onOpenAutoFocus, onCloseAutoFocus }: DialogProps) {
  const { t } = useTranslation();
  // Radix hands focus back to a Dialog.Trigger only; these dialogs are opened by other means (a button, a hash, a
  // popup store), so the element that had focus is remembered and gets it back unless focus has gone elsewhere.
  const returnTo = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className="dialog"
          data-testid={testId}
          onOpenAutoFocus={(event) => {
            returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            onOpenAutoFocus?.(event);
          }}
          onCloseAutoFocus={(event) => {
            onCloseAutoFocus?.(event);
            if (event.defaultPrevented) return;
            event.preventDefault();
            const target = returnTo.current;
            returnTo.current = null;
            // Only where focus would otherwise be lost: a navigation may have moved it to the new page already.
            const lost = document.activeElement === null || document.activeElement === document.body;
            if (lost && target?.isConnected) target.focus();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="dialog__header">
            <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="icon-button dialog__close" aria-label={t('common.close')}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </RadixDialog.Close>
          </div>
          {description ? <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description> : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
