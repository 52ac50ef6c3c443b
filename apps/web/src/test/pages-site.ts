import type { CustomPage, Landing, PageMeta } from '@velora/shared';
import { DEFAULT_COMPANY_VALUES } from '@velora/shared';
import { ApiError, api } from '@/lib/http';
import { setAccessToken } from '@/lib/storage';
import type { ApiMock, FakeRoutes } from '@/test/render-app';
import { fakeApi, profileFixture, visitFixture } from '@/test/render-app';

// A visitor or a member on the site's pages, and what the API was asked. The test file mocks @/lib/http;
// `mockedApi` is that mock.

export const mockedApi = api as unknown as ApiMock;

export const apiError = (status: number, path: string, code: string, message: string, fields?: Record<string, string>) =>
  new ApiError({ status, statusText: String(status), body: { error: { code, message, ...(fields ? { fields } : {}) } }, path });

export const page = (overrides: Partial<CustomPage> = {}): CustomPage => ({
  type: 'document',
  title: 'Members preview',
  has_password: false,
  source: '<h2>Welcome</h2><p>Hello <strong>there</strong>.</p>',
  landing_de: null,
  landing_en: null,
  ...overrides,
});

export const landing = (overrides: Partial<Landing> = {}): Landing => ({
  id: 3,
  language: 'en',
  default: true,
  title: 'Spring stories',
  subtitle: 'New films every week',
  body_html: '<p>Join us for the season.</p><script>window.hacked = true</script>',
  hero_image: null,
  cta: { label: 'Join now', url: '#sign_up' },
  ...overrides,
});

export const company = { company: 'de', values: DEFAULT_COMPANY_VALUES.de };

export const meta = (overrides: Partial<PageMeta> = {}): PageMeta => ({ title: '', description: '', keywords: '', robots: '', canonical: '', ...overrides });

export function visitor(routes: FakeRoutes = {}) {
  fakeApi(mockedApi, {
    get: { '/track/visit': () => visitFixture(), '/pages/meta': () => meta(), ...routes.get },
    post: { '/feature/get_company': () => company, ...routes.post },
  });
}

export function member(routes: FakeRoutes = {}) {
  setAccessToken('member-token');
  fakeApi(mockedApi, {
    get: {
      '/track/visit': () => visitFixture(),
      '/user/profile': () => profileFixture(),
      '/videos/unlocked': () => ({ galleries: [], videos: [] }),
      '/pages/meta': () => meta(),
      ...routes.get,
    },
    post: { '/feature/get_company': () => company, ...routes.post },
  });
}

export const getCalls = (path: string) => mockedApi.get.mock.calls.filter(([p]) => p === path);
/** The params of the GETs to a path, each once in a row (StrictMode mounts twice and may ask twice). */
export const getParams = (path: string) =>
  getCalls(path)
    .map(([, params]) => JSON.stringify(params ?? null))
    .filter((params, i, all) => i === 0 || params !== all[i - 1])
    .map((params) => JSON.parse(params) as unknown);
export const postCalls = (path: string) => mockedApi.post.mock.calls.filter(([p]) => p === path);
