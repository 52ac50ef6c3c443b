import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { testI18n } from '@/test/providers';
import { ConfirmDialog } from './confirm-dialog';
import { Dialog } from './dialog';

/** A button that opens a dialog (no Radix trigger: the app opens its dialogs from state, hashes and the popup store). */
function Opener({ keepMounted, focusElsewhereOnClose = false }: { keepMounted: boolean; focusElsewhereOnClose?: boolean }) {
  const [open, setOpen] = useState(false);
  const elsewhere = useRef<HTMLAnchorElement>(null);
  const close = () => setOpen(false);
  // Like the app's navigation effects, which focus the new page in an effect of the same commit.
  useEffect(() => {
    if (!open && focusElsewhereOnClose) elsewhere.current?.focus();
  }, [open, focusElsewhereOnClose]);
  const dialog = (
    <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())} title="Details">
      <button type="button" onClick={close}>
        Done
      </button>
    </Dialog>
  );
  return (
    <I18nextProvider i18n={testI18n}>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <a href="#elsewhere" ref={elsewhere}>
        Elsewhere
      </a>
      {keepMounted || open ? dialog : null}
    </I18nextProvider>
  );
}

describe('Dialog', () => {
  it.each([
    ['closed', true],
    ['unmounted', false],
  ])('gives focus back to the element that opened it once %s', async (_how, keepMounted) => {
    const user = userEvent.setup();
    render(<Opener keepMounted={keepMounted} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' })));

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' })));
  });

  it('leaves focus where something else put it (a navigation focuses the new page)', async () => {
    const user = userEvent.setup();
    render(<Opener keepMounted={false} focusElsewhereOnClose />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Elsewhere' }));
  });
});

describe('ConfirmDialog', () => {
  it('starts on the safe answer and says what runs while pending', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <I18nextProvider i18n={testI18n}>
        <ConfirmDialog
          open
          title="Delete?"
          description="It is gone for good."
          confirmLabel="Delete"
          pendingLabel="Deleting…"
          cancelLabel="Keep it"
          pending={false}
          error={null}
          onConfirm={() => undefined}
          onCancel={() => undefined}
          testId="confirm"
        />
      </I18nextProvider>,
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep it' })));
    await user.keyboard('{Tab}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' }));
    rerender(
      <I18nextProvider i18n={testI18n}>
        <ConfirmDialog
          open
          title="Delete?"
          description="It is gone for good."
          confirmLabel="Delete"
          pendingLabel="Deleting…"
          cancelLabel="Keep it"
          pending
          error="That did not work."
          onConfirm={() => undefined}
          onCancel={() => undefined}
          testId="confirm"
        />
      </I18nextProvider>,
    );
    expect((screen.getByRole('button', { name: 'Deleting…' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('That did not work.')).toBeTruthy();
  });
});
