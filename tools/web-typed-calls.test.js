import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's lint configuration keeps the web's API calls typed (decision record 023): outside lib/http,
// no import of the untyped client and no API path string. Linted as text under the path it would have.
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

async function refusals(code, filePath) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
}

const UNTYPED = [
  "import { api } from '@/lib/http';",
  "import { createApiClient } from './http';",
  "export const list = (api: { get(path: string): unknown }) => api.get('/videos');",
  'export const one = (api: { post(path: string): unknown }, id: number) => api.post(`/videos/${id}/playback`);',
  "export const raw = () => fetch('/api/videos');",
  'export const rawOne = (id: number) => fetch(`/api/videos/${id}`);',
].join('\n');

describe('lint: the web calls the API only through the typed call', () => {
  it.each(['apps/web/src/features/videos/api/get-videos.ts', 'apps/web/src/lib/roles.ts', 'apps/web/src/app/query-client.ts', 'apps/web/src/entities/video/video-card.tsx'])(
    'refuses the untyped client and path strings in %s',
    async (filePath) => {
      expect(await refusals(UNTYPED, filePath)).toEqual([1, 2, 3, 4, 5, 6]);
    },
    30_000,
  );

  it('accepts them inside lib/http, in tests and for the typed call', async () => {
    expect(await refusals(UNTYPED, 'apps/web/src/lib/http/call.ts')).toEqual([]);
    expect(await refusals(UNTYPED, 'apps/web/src/features/videos/videos.test.tsx')).toEqual([]);
    const typed = "import { call } from '@/lib/http/call';\nexport const list = () => call('videos.list', { query: { page: 1 } });";
    expect(await refusals(typed, 'apps/web/src/features/videos/api/get-videos.ts')).toEqual([]);
  }, 30_000);
});
