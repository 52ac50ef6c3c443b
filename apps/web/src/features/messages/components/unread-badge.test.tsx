import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../test/render';
import { UnreadCount } from './unread-badge';

function renderCount(count: number) {
  return render(
    <I18nextProvider i18n={i18n}>
      <a href="/messages">
        Messages
        <UnreadCount count={count} />
      </a>
    </I18nextProvider>,
  );
}

describe('the unread badge', () => {
  it('is hidden at 0', () => {
    renderCount(0);
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    expect(screen.getByRole('link').textContent).toBe('Messages');
  });

  it('shows the count and says it in words', () => {
    renderCount(3);
    expect(screen.getByTestId('unread-badge').querySelector('[aria-hidden="true"]')?.textContent).toBe('3');
    expect(screen.getByRole('link', { name: 'Messages 3 unread messages' })).toBeTruthy();
  });

  it('uses the singular for one', () => {
    renderCount(1);
    expect(screen.getByRole('link', { name: 'Messages 1 unread message' })).toBeTruthy();
  });

  it('caps at 99+ while the label keeps the number', () => {
    renderCount(99);
    expect(screen.getByTestId('unread-badge').querySelector('[aria-hidden="true"]')?.textContent).toBe('99');
  });

  it('caps at 99+ above 99, while the label keeps the number', () => {
    renderCount(250);
    expect(screen.getByTestId('unread-badge').querySelector('[aria-hidden="true"]')?.textContent).toBe('99+');
    expect(screen.getByRole('link', { name: 'Messages 250 unread messages' })).toBeTruthy();
  });
});
