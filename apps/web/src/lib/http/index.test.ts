import { afterEach, describe, expect, it, vi } from 'vitest';
import { TLD_HEADER, VISIT_ID_HEADER } from '@velora/shared';
import { getVisitId, setAccessToken, setVisitId } from '../storage';
import { call } from './call';
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

  it('sends a typed call through the same client: path, query, method and JSON body from the table', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('{"id":1}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);

    await call('videos.list', { query: { page: 2, order: 'newest', tags: [1, 2], query: null } });
    await call('comments.post', { params: { id: 5 }, body: { body: 'hi' } });

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/videos?page=2&order=newest&tags=1%2C2');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('/api/videos/5/comments');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"body":"hi"}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('resolves {} for a typed call answered 204', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => new Response(null, { status: 204 })));
    await expect(call('favourites.add', { params: { kind: 'model', id: 4 } })).resolves.toEqual({});
  });
});
