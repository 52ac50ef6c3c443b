import { afterEach, describe, expect, it, vi } from 'vitest';
import { TLD_HEADER, VISIT_ID_HEADER } from '@velora/shared';
import { getVisitId, setAccessToken, setVisitId } from '../storage';
import { api } from './index';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the default api client', () => {
  it('calls /api with the stored token, the stored visit id and the hostname tld, and stores a new visit id', async () => {
    setAccessToken('tok-1');
    setVisitId('visit-old');
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('{"ok":true}', { status: 200, headers: { [VISIT_ID_HEADER]: 'visit-new' } }));
    vi.stubGlobal('fetch', fetchMock);

    await expect(api.get('/videos', { page: 1 })).resolves.toEqual({ ok: true });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/videos?page=1');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers[VISIT_ID_HEADER]).toBe('visit-old');
    expect(headers[TLD_HEADER]).toBe(location.hostname.split('.').pop());
    expect(getVisitId()).toBe('visit-new');
  });
});
