import { DEFAULT_COMPANY_VALUES } from '@velora/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Http from '@/lib/http';
import { ApiError, MaxRetriesError, api } from '@/lib/http';
import { setErrorReporter } from '@/lib/report-error';
import { getCompany } from './get-company';

vi.mock('@/lib/http', async (importOriginal) => {
  const actual = await importOriginal<typeof Http>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() } };
});

const post = api.post as unknown as ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.clearAllMocks();
  setErrorReporter(() => undefined);
});

describe('company values (product §1, §8)', () => {
  it('asks POST /feature/get_company and keeps the answer', async () => {
    post.mockResolvedValue({ company: 'ch', values: DEFAULT_COMPANY_VALUES.ch });
    await expect(getCompany()).resolves.toEqual({ company: 'ch', values: DEFAULT_COMPANY_VALUES.ch, fallback: false });
    expect(post).toHaveBeenCalledWith('/feature/get_company', undefined, undefined);
  });

  it.each([
    { name: 'a server error past the retries', error: new MaxRetriesError('/feature/get_company', 500) },
    { name: 'a 404', error: new ApiError({ status: 404, statusText: 'Not Found', body: {}, path: '/feature/get_company' }) },
    { name: 'a network failure', error: new TypeError('Failed to fetch') },
  ])('falls back to the German variant on $name', async ({ error }) => {
    post.mockRejectedValue(error);
    await expect(getCompany()).resolves.toEqual({ company: 'de', values: DEFAULT_COMPANY_VALUES.de, fallback: true });
  });

  it('falls back to the German variant on an answer it cannot use', async () => {
    post.mockResolvedValue({ company: 'xx', values: null });
    await expect(getCompany()).resolves.toMatchObject({ company: 'de', fallback: true });
  });
});
