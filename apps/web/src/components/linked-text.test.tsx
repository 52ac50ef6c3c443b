import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LinkedText, withoutLinkTags } from './linked-text';

const renderText = (text: string, links: Record<string, string | null>) =>
  render(
    <MemoryRouter>
      <p data-testid="text">
        <LinkedText text={text} links={links} />
      </p>
    </MemoryRouter>,
  );

describe('LinkedText', () => {
  it('turns tagged words into route links and keeps the rest as text', () => {
    renderText('We host <cams>live sessions</cams> and <playdates>playdates</playdates> every week.', { cams: '/cameras', playdates: '/playdates' });
    expect(screen.getByTestId('text').textContent).toBe('We host live sessions and playdates every week.');
    expect(screen.getByRole('link', { name: 'live sessions' }).getAttribute('href')).toBe('/cameras');
    expect(screen.getByRole('link', { name: 'playdates' }).getAttribute('href')).toBe('/playdates');
  });

  it('shows the words of a tag without a link as plain text', () => {
    renderText('Join <cams>live cams</cams>.', { cams: null });
    expect(screen.getByTestId('text').textContent).toBe('Join live cams.');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('never renders markup: other tags and HTML stay visible text', () => {
    renderText('<b>bold</b> <img src=x onerror=alert(1)> <cams>cams</cams>', { cams: '/cameras' });
    expect(screen.getByTestId('text').textContent).toBe('bold <img src=x onerror=alert(1)> cams');
    expect(document.querySelector('b, img')).toBeNull();
  });

  it('gives the plain words for places that take text only', () => {
    expect(withoutLinkTags('See <playdates>the playdate page</playdates>.')).toBe('See the playdate page.');
  });
});
