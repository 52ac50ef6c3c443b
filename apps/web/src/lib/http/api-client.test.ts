import { describe, expect, it, vi } from 'vitest';
import { TLD_HEADER, VISIT_ID_HEADER } from '@velora/shared';
import type { ApiClientOptions } from './api-client';
import { createApiClient, toQueryString } from './api-client';
import { ApiError, MaxRetriesError, NonJsonResponseError } from './api-error';

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), { status: 200, ...init, headers: { 'content-type': 'application/json', ...init.headers } });
}

function setup(overrides: Partial<ApiClientOptions> = {}) {
  const fetchMock = vi.fn<typeof fetch>(async () => json({ ok: true }));
  const sleep = vi.fn(async (_ms: number) => {});
  const setVisitId = vi.fn<(id: string) => void>();
  const client = createApiClient({
    baseUrl: 'https://api.test/api',
    fetch: fetchMock,
    sleep,
    getAccessToken: () => null,
    getVisitId: () => null,
    setVisitId,
    getTld: () => null,
    ...overrides,
  });
  const call = (i = 0) => {
    const args = fetchMock.mock.calls[i];
    if (!args) throw new Error(`fetch was not called ${i + 1} time(s)`);
    const [url, init] = args;
    return { url: String(url), init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> };
  };
  return { client, fetchMock, sleep, setVisitId, call };
}

const networkFailure = () => new TypeError('Failed to fetch');

describe('createApiClient: headers', () => {
  it('always sends Accept JSON, includes credentials and turns the cache off', async () => {
    const { client, call } = setup();
    await client.get('/videos');
    expect(call().headers.Accept).toBe('application/json');
    expect(call().init.credentials).toBe('include');
    expect(call().init.cache).toBe('no-store');
  });

  it('sends the tld source header only when the tld is known', async () => {
    const known = setup({ getTld: () => 'io' });
    await known.client.get('/videos');
    expect(known.call().headers[TLD_HEADER]).toBe('io');

    const unknown = setup();
    await unknown.client.get('/videos');
    expect(unknown.call().headers).not.toHaveProperty(TLD_HEADER);
  });

  it('sends the visit id header only when a visit id is stored', async () => {
    const stored = setup({ getVisitId: () => 'visit-1' });
    await stored.client.get('/videos');
    expect(stored.call().headers[VISIT_ID_HEADER]).toBe('visit-1');

    const none = setup();
    await none.client.get('/videos');
    expect(none.call().headers).not.toHaveProperty(VISIT_ID_HEADER);
  });

  it('sends a Bearer token only when a token is stored', async () => {
    const stored = setup({ getAccessToken: () => 'tok' });
    await stored.client.get('/user/profile');
    expect(stored.call().headers.Authorization).toBe('Bearer tok');

    const none = setup();
    await none.client.get('/user/profile');
    expect(none.call().headers).not.toHaveProperty('Authorization');
  });

  it('reads the token again on each attempt', async () => {
    let token = 'old';
    const { client, fetchMock, call } = setup({ getAccessToken: () => token });
    fetchMock.mockImplementationOnce(async () => {
      token = 'new';
      return new Response('', { status: 503 });
    });
    await client.get('/user/profile');
    expect(call(0).headers.Authorization).toBe('Bearer old');
    expect(call(1).headers.Authorization).toBe('Bearer new');
  });

  it('adds the caller headers and passes the signal on', async () => {
    const { client, call } = setup();
    const controller = new AbortController();
    await client.get('/videos', undefined, { headers: { 'X-Extra': '1' }, signal: controller.signal });
    expect(call().headers['X-Extra']).toBe('1');
    expect(call().init.signal).toBe(controller.signal);
  });
});

describe('createApiClient: query and body', () => {
  it('GET sends only non-null params as the query string, arrays joined with commas', async () => {
    const { client, call } = setup();
    await client.get('/videos', { page: 2, order: 'newest', tags: [1, 2, 3], query: null, extra: undefined, flag: false });
    const url = new URL(call().url);
    expect(url.pathname).toBe('/api/videos');
    expect([...url.searchParams.entries()]).toEqual([
      ['page', '2'],
      ['order', 'newest'],
      ['tags', '1,2,3'],
      ['flag', 'false'],
    ]);
    expect(call().init.method).toBe('GET');
    expect(call().init.body).toBeUndefined();
  });

  it('GET without params has no query string, no body and no content type', async () => {
    const { client, call } = setup();
    await client.get('/videos', { page: null });
    expect(call().url).toBe('https://api.test/api/videos');
    expect(call().init.body).toBeUndefined();
    expect(call().headers).not.toHaveProperty('Content-Type');
  });

  it('appends params to a path that already has a query string', async () => {
    const { client, call } = setup();
    await client.get('/playdates/private/request/4?duration=30', { page: 1 });
    expect(call().url).toBe('https://api.test/api/playdates/private/request/4?duration=30&page=1');
  });

  it.each(['post', 'put', 'patch', 'delete'] as const)('%s sends a JSON body with a JSON content type', async (method) => {
    const { client, call } = setup();
    await client[method]('/messages/a/b', { text: 'hi' });
    expect(call().init.method).toBe(method.toUpperCase());
    expect(call().init.body).toBe('{"text":"hi"}');
    expect(call().headers['Content-Type']).toBe('application/json');
  });

  it.each(['post', 'delete'] as const)('%s without a body sends neither a body nor a content type', async (method) => {
    const { client, call } = setup();
    await client[method]('/feature/feature_feedback/3');
    expect(call().init.body).toBeUndefined();
    expect(call().headers).not.toHaveProperty('Content-Type');
    expect(call().url).toBe('https://api.test/api/feature/feature_feedback/3');
  });

  it('sends FormData as it is, without setting a content type', async () => {
    const { client, call } = setup();
    const form = new FormData();
    form.append('avatar', '3');
    await client.post('/user/change_avatar', form);
    expect(call().init.body).toBe(form);
    expect(call().headers).not.toHaveProperty('Content-Type');
  });

  it('keeps a request alive past the page only when asked', async () => {
    const { client, call } = setup();
    await client.post('/favourites/model/4', undefined, { keepalive: true });
    await client.get('/videos');
    expect(call(0).init.keepalive).toBe(true);
    expect(call(1).init).not.toHaveProperty('keepalive');
  });

  it('toQueryString drops null and undefined values', () => {
    expect(toQueryString({ a: null, b: undefined })).toBe('');
    expect(toQueryString({ ids: ['x', 'y'], n: 0 })).toBe('ids=x%2Cy&n=0');
    expect(toQueryString(undefined)).toBe('');
  });
});

describe('createApiClient: replies', () => {
  it('resolves the parsed JSON body', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(json({ id: 7 }));
    await expect(client.get('/videos/7')).resolves.toEqual({ id: 7 });
  });

  it('stores the visit id returned in the response header', async () => {
    const { client, fetchMock, setVisitId } = setup();
    fetchMock.mockResolvedValueOnce(json({}, { headers: { [VISIT_ID_HEADER]: 'visit-9' } }));
    await client.get('/track/visit');
    expect(setVisitId).toHaveBeenCalledWith('visit-9');
  });

  it('does not touch the visit id when the response carries none', async () => {
    const { client, setVisitId } = setup();
    await client.get('/videos');
    expect(setVisitId).not.toHaveBeenCalled();
  });

  it('stores the visit id from an error response too', async () => {
    const { client, fetchMock, setVisitId } = setup();
    fetchMock.mockResolvedValueOnce(json({ error: { code: 'X', message: 'x' } }, { status: 404, headers: { [VISIT_ID_HEADER]: 'v' } }));
    await expect(client.get('/x')).rejects.toBeInstanceOf(ApiError);
    expect(setVisitId).toHaveBeenCalledWith('v');
  });

  it('gives an empty object for a 204', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(client.post('/track', { name: 'x' })).resolves.toEqual({});
  });
});

describe('createApiClient: retries (product §8)', () => {
  it('retries a 5xx after 150 ms and resolves the next success', async () => {
    const { client, fetchMock, sleep } = setup();
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502 })).mockResolvedValueOnce(json({ ok: 1 }));
    await expect(client.get('/videos')).resolves.toEqual({ ok: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sleep.mock.calls).toEqual([[150]]);
  });

  it('retries a network failure after 150 ms times the attempt number', async () => {
    const { client, fetchMock, sleep } = setup();
    fetchMock
      .mockRejectedValueOnce(networkFailure())
      .mockRejectedValueOnce(networkFailure())
      .mockRejectedValueOnce(networkFailure())
      .mockResolvedValueOnce(json({ ok: 1 }));
    await expect(client.get('/videos')).resolves.toEqual({ ok: 1 });
    expect(sleep.mock.calls).toEqual([[150], [300], [450]]);
  });

  it('treats a body that breaks off mid-transfer as a network failure', async () => {
    const { client, fetchMock, sleep } = setup();
    const broken = { status: 200, statusText: 'OK', headers: new Headers(), text: () => Promise.reject(networkFailure()) };
    fetchMock.mockResolvedValueOnce(broken as unknown as Response).mockResolvedValueOnce(json([1]));
    await expect(client.get('/videos')).resolves.toEqual([1]);
    expect(sleep.mock.calls).toEqual([[150]]);
  });

  it('throws MaxRetriesError with the path and last status after 5 retries of a 5xx', async () => {
    const { client, fetchMock, sleep } = setup();
    fetchMock.mockImplementation(async () => new Response('down', { status: 503 }));
    const error = await client.get('/videos').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MaxRetriesError);
    expect(error).toMatchObject({ message: 'Retry limit reached', code: 'MaxRetries', path: '/videos', status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(6);
    expect(sleep.mock.calls).toEqual([[150], [150], [150], [150], [150]]);
  });

  it('throws MaxRetriesError with a null status after 5 retries of a network failure', async () => {
    const { client, fetchMock, sleep } = setup();
    fetchMock.mockImplementation(async () => {
      throw networkFailure();
    });
    const error = await client.post('/track', { name: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MaxRetriesError);
    expect(error).toMatchObject({ code: 'MaxRetries', path: '/track', status: null });
    expect(fetchMock).toHaveBeenCalledTimes(6);
    expect(sleep.mock.calls).toEqual([[150], [300], [450], [600], [750]]);
  });

  it('reports the status of the last attempt when failures are mixed', async () => {
    const { client, fetchMock, sleep } = setup();
    fetchMock
      .mockRejectedValueOnce(networkFailure())
      .mockResolvedValueOnce(new Response('', { status: 500 }))
      .mockRejectedValueOnce(networkFailure())
      .mockResolvedValueOnce(new Response('', { status: 500 }))
      .mockRejectedValueOnce(networkFailure())
      .mockResolvedValueOnce(new Response('', { status: 504 }));
    await expect(client.get('/videos')).rejects.toMatchObject({ status: 504 });
    expect(sleep.mock.calls).toEqual([[150], [150], [450], [150], [750]]);
  });

  it('does not retry a 4xx', async () => {
    const { client, fetchMock, sleep } = setup();
    fetchMock.mockResolvedValueOnce(json({ error: { code: 'NOT_FOUND', message: 'No such video' } }, { status: 404 }));
    await expect(client.get('/videos/1')).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });
});

describe('createApiClient: aborted requests', () => {
  it('resolves null, without retrying, when fetch rejects with an AbortError', async () => {
    const { client, fetchMock, sleep } = setup();
    fetchMock.mockRejectedValueOnce(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(client.get('/videos')).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('resolves null when the signal was aborted, whatever the rejection', async () => {
    const { client, fetchMock } = setup();
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(async () => {
      controller.abort(new Error('navigated away'));
      throw new Error('navigated away');
    });
    await expect(client.get('/videos', undefined, { signal: controller.signal })).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not call fetch when the signal is already aborted', async () => {
    const { client, fetchMock } = setup();
    const controller = new AbortController();
    controller.abort();
    await expect(client.post('/track', {}, { signal: controller.signal })).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('resolves null when aborted while waiting to retry', async () => {
    const controller = new AbortController();
    const { client, fetchMock } = setup({
      sleep: async () => {
        controller.abort();
      },
    });
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }));
    await expect(client.get('/videos', undefined, { signal: controller.signal })).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('createApiClient: errors', () => {
  it('throws NonJsonResponseError with the text and status when a reply is not JSON', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(new Response('<html>maintenance</html>', { status: 200 }));
    const error = await client.get('/videos').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NonJsonResponseError);
    expect(error).toMatchObject({ message: '<html>maintenance</html>', status: 200, path: '/videos' });
  });

  it('throws ApiError with the body message, code and fields for our JSON error body', async () => {
    const { client, fetchMock } = setup();
    const body = { error: { code: 'VALIDATION_FAILED', message: 'Invalid body: email', fields: { email: 'Must be a valid email address' } } };
    fetchMock.mockResolvedValueOnce(json(body, { status: 400, statusText: 'Bad Request' }));
    const error = await client.post('/user/change_email', { newEmail: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Invalid body: email',
      status: 400,
      statusText: 'Bad Request',
      code: 'VALIDATION_FAILED',
      fields: { email: 'Must be a valid email address' },
      body,
      path: '/user/change_email',
    });
  });

  it('uses the status text as the message when the body is not our error body', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(json({ detail: 'nope' }, { status: 403, statusText: 'Forbidden' }));
    await expect(client.get('/roles')).rejects.toMatchObject({ message: 'Forbidden', status: 403, body: { detail: 'nope' }, code: undefined });
  });

  it('throws ApiError, keeping the raw text as body, for a 4xx that is not JSON', async () => {
    const { client, fetchMock } = setup();
    fetchMock.mockResolvedValueOnce(new Response('Unauthorized', { status: 401, statusText: 'Unauthorized' }));
    const error = await client.get('/user/profile').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'Unauthorized', body: 'Unauthorized' });
  });
});

describe('createApiClient: a retried write', () => {
  it('sends the same headers again, so an Idempotency-Key survives the retry of a lost answer', async () => {
    const { client, fetchMock, call } = setup();
    fetchMock.mockRejectedValueOnce(networkFailure());
    await client.post('/messages/ann/send', { text: 'hi' }, { headers: { 'Idempotency-Key': 'one-action' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(call(0).headers['Idempotency-Key']).toBe('one-action');
    expect(call(1).headers['Idempotency-Key']).toBe('one-action');
  });
});
