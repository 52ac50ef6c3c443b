import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import layers from './eslint-plugin-layers.js';

const { classify, resolveTarget, violation } = layers._test;
const ROOT = path.resolve(import.meta.dirname, '..');
const check = (from, source) => {
  const file = path.join(ROOT, from);
  const target = resolveTarget(file, source);
  if (!target) return null;
  return violation(classify(file), classify(/\.(ts|tsx|js)$/.test(target) ? target : `${target}.ts`));
};

describe('import directions', () => {
  it.each([
    ['apps/web/src/app/router.tsx', '@/features/videos/routes/videos'],
    ['apps/web/src/features/videos/components/card.tsx', '@/lib/http'],
    ['apps/web/src/features/videos/components/card.tsx', '../api/get-videos'],
    ['apps/web/src/features/videos/components/card.tsx', '@velora/shared'],
    ['apps/server/src/modules/auth/auth.routes.ts', './auth.service'],
    ['apps/server/src/modules/auth/auth.service.ts', '../users/users.service'],
    ['apps/server/src/modules/auth/auth.service.ts', './auth.repository'],
    ['apps/server/src/plugins/auth.ts', '../modules/sessions/sessions.service'],
    ['apps/server/src/modules/auth/auth.routes.ts', 'fastify'],
    ['apps/web/src/features/catalog/routes/models.tsx', '@/entities/model/model-card'],
    ['apps/web/src/app/screens/feeds-screen.tsx', '@/entities/video/video-grid'],
    ['apps/web/src/entities/video/video-card.tsx', '@/entities/favourite/favourite-button'],
    ['apps/web/src/entities/video/video-card.tsx', '@/components/lazy-image'],
    ['apps/web/src/entities/video/video-card.tsx', '@/lib/format'],
    ['apps/web/src/entities/model/model-card.tsx', '@/paths'],
    ['apps/web/src/components/dialog.tsx', '@/paths'],
    ['apps/web/src/lib/http/api-client.ts', '../../paths'],
    ['apps/web/src/paths/links.ts', './route-paths'],
    ['apps/web/src/paths/route-paths.ts', 'react-router'],
    ['apps/web/src/paths/links.ts', '@velora/shared'],
    ['apps/web/src/features/catalog/catalog.test.tsx', '@/test/render-app'],
    ['apps/web/src/features/paywall/money.test.tsx', '@/features/coins/use-tip-offer-trigger'],
    ['apps/web/src/features/pages/pages.test.tsx', '@/app/routes'],
    ['apps/web/src/test/render-app.tsx', '@/app/app'],
  ])('allows %s → %s', (from, source) => {
    expect(check(from, source)).toBeNull();
  });

  it.each([
    ['apps/web/src/features/videos/components/card.tsx', '@/features/auth/session', /A feature never imports another feature/],
    ['apps/web/src/features/videos/components/card.tsx', '../../auth/session', /A feature never imports another feature/],
    ['apps/web/src/features/videos/routes/videos.tsx', '@/app/routes', /features\/ must not import app\//],
    ['apps/web/src/lib/http/api-client.ts', '@/features/auth/session', /lib\/ must not import features\//],
    ['apps/web/src/components/dialog.tsx', '../app/routes', /components\/ must not import app\//],
    ['apps/server/src/modules/auth/auth.repository.ts', './auth.service', /A repository holds only SQL/],
    ['apps/server/src/modules/auth/auth.service.ts', './auth.routes', /A service must not import routes/],
    ['apps/server/src/modules/auth/auth.service.ts', '../users/users.repository', /Reach another module through its service/],
    ['apps/server/src/lib/password.ts', '../modules/users/users.service', /lib\/ is the bottom layer/],
    ['packages/shared/src/index.ts', '../../../apps/server/src/config', /packages\/\* never import apps/],
    ['apps/web/src/lib/http/api-client.ts', '@velora/server', /The web app never imports the server/],
    ['apps/web/src/entities/video/video-card.tsx', '@/features/player/use-theater', /entities\/ must not import features\//],
    ['apps/web/src/entities/shoot/shoot-card.tsx', '../../features/catalog/api/get-shoot', /entities\/ must not import features\//],
    ['apps/web/src/entities/model/model-card.tsx', '@/app/routes', /entities\/ must not import app\//],
    ['apps/web/src/components/dialog.tsx', '@/entities/favourite/favourite-button', /components\/ must not import entities\//],
    ['apps/web/src/lib/favourites.ts', '../entities/favourite/favourite-button', /lib\/ must not import entities\//],
    ['apps/web/src/paths/links.ts', '@/lib/http', /paths\/ is a leaf/],
    ['apps/web/src/paths/links.ts', '@/app/routes', /paths\/ is a leaf/],
    ['apps/web/src/features/catalog/routes/models.tsx', '@/features/messages/components/composer', /move a shared domain piece to entities\//],
    ['apps/web/src/features/catalog/components/shoot-view.tsx', '@/app/routes', /features\/ must not import app\//],
  ])('refuses %s → %s', (from, source, message) => {
    expect(check(from, source)).toMatch(message);
  });
});

describe('web import cycles', () => {
  const { findImportPath, importSources, resolveWebFile, webImportsOnDisk, WEB_SRC } = layers._test;

  it('finds the way back to a file, shortest first', () => {
    const graph = { a: ['b'], b: ['c', 'd'], c: ['a'], d: ['e'], e: [] };
    const importsOf = (file) => graph[file] ?? [];
    expect(findImportPath('b', 'a', importsOf)).toEqual(['b', 'c', 'a']);
    expect(findImportPath('d', 'a', importsOf)).toBeNull();
  });

  it('reads static, type-only, re-exported, dynamic and side-effect imports, not commented ones', () => {
    const text = [
      "import { a } from './a';",
      "import type {\n  B,\n} from '@/b';",
      "export { c } from '../c';",
      "const d = () => import('./d');",
      "import './e.css';",
      "// import { f } from './f';",
    ].join('\n');
    expect(importSources(text)).toEqual(['./a', '@/b', '../c', './d', './e.css']);
  });

  it('resolves only source files of apps/web/src', () => {
    const from = path.join(WEB_SRC, 'app/app.tsx');
    expect(resolveWebFile(from, './routes')).toBe(path.join(WEB_SRC, 'app/routes.ts'));
    expect(resolveWebFile(from, '@/paths')).toBe(path.join(WEB_SRC, 'paths/index.ts'));
    expect(resolveWebFile(from, 'react')).toBeNull();
    expect(resolveWebFile(from, '@velora/shared')).toBeNull();
  });

  it('finds no cycle in apps/web/src', () => {
    const files = fs.readdirSync(WEB_SRC, { recursive: true }).filter((f) => /\.tsx?$/.test(f)).map((f) => path.join(WEB_SRC, f));
    const cycles = files.flatMap((file) => {
      const chain = webImportsOnDisk(file).map((next) => (next === file ? [file] : findImportPath(next, file, webImportsOnDisk))).find(Boolean);
      return chain ? [[file, ...chain].map((f) => path.relative(WEB_SRC, f)).join(' → ')] : [];
    });
    expect(files.length).toBeGreaterThan(400);
    expect(cycles).toEqual([]);
  });
});
