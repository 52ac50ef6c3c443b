import fs from 'node:fs';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import layers from './eslint-plugin-layers.js';

const { classify, resolveTarget, violation, tierViolation, cycleThrough, readModuleGraph, SERVER_MODULE_TIERS } = layers._test;
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
    ['apps/web/src/test/render-app.tsx', './providers'],
    ['apps/server/src/modules/coins/coins.service.test.ts', '../../../test/modules/coins'],
    ['apps/server/test/modules/playdates.ts', '../factories'],
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
    ['apps/server/src/lib/password.ts', '../modules/users/users.service', /lib\/ \(lib\/\) must not import modules\/: the server's folders import only downward/],
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
    ['apps/server/src/modules/coins/coins.service.ts', '../../../test/modules/coins', /Production code never imports test code/],
    ['apps/server/src/lib/paging.ts', '../../test/factories', /Production code never imports test code/],
    ['apps/web/src/lib/format.ts', '@/test/fake-api', /Production code never imports test code/],
    ['apps/web/src/features/catalog/routes/models.tsx', './models.test', /Production code never imports test code/],
    ['packages/shared/src/index.ts', './rules/rules.test', /Production code never imports test code/],
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
  }, 30_000);
});

describe('what sits above the modules', () => {
  it.each([
    ['apps/server/src/server.ts', './composition/create-services'],
    ['apps/server/src/app.ts', './composition/create-services'],
    ['apps/server/src/seed-command.ts', './composition/create-services'],
    ['apps/server/src/modules/media/media-hls.routes.test.ts', '../../composition/create-services'],
    ['apps/server/src/modules/pages/pages.routes.test.ts', '../../demo/seed-content'],
    ['apps/server/test/modules/payments.ts', '../../src/demo/seed-money'],
    ['apps/server/src/composition/create-services.ts', '../demo/seed-images'],
  ])('allows %s → %s', (from, source) => {
    expect(check(from, source)).toBeNull();
  });

  it.each([
    ['apps/server/src/modules/media/media-jobs.ts', '../../demo/seed-media', /A module must not depend on the demo seed/],
    ['apps/server/src/lib/media-url.ts', '../demo/seed-images', /lib\/ must not depend on the demo seed/],
    ['apps/server/src/modules/users/users.routes.ts', '../../composition/create-services', /Only the entry points .* use the composition root/],
    ['apps/server/src/plugins/auth.ts', '../composition/create-services', /Only the entry points .* use the composition root/],
    ['apps/server/src/demo/seed-demo.ts', '../composition/create-services', /Only the entry points .* use the composition root/],
  ])('refuses %s → %s', (from, source, message) => {
    expect(check(from, source)).toMatch(message);
  });
});

describe('the server folder layers', () => {
  it.each([
    ['apps/server/src/server.ts', './app'],
    ['apps/server/src/seed-command.ts', './demo/seed-demo'],
    ['apps/server/src/composition/open-database.ts', '../db/pglite-memory'],
    ['apps/server/src/modules/users/users.routes.ts', '../../plugins/auth'],
    ['apps/server/src/plugins/auth.ts', '../modules/sessions/sessions.service'],
    ['apps/server/src/plugins/law-limits.ts', '../http/law-limited-rule'],
    ['apps/server/src/lib/table-cache.ts', '../db/database'],
    ['apps/server/src/db/open-database.test.ts', '../composition/open-platform'],
    ['apps/server/test/test-app.ts', '../src/app'],
  ])('allows %s → %s', (from, source) => {
    expect(check(from, source)).toBeNull();
  });

  it.each([
    ['apps/server/src/config.ts', './lib/loopback', /config\.ts \(config\.ts\) must not import lib\/: the server's folders import only downward \(server\.ts, app\.ts, \*-command\.ts → composition\/ →/],
    ['apps/server/src/db/pglite-database.ts', '../lib/pglite-memory', /db\/ \(db\/\) must not import lib\//],
    ['apps/server/src/db/open-database.ts', '../platform', /db\/ \(db\/\) must not import platform\.ts/],
    ['apps/server/src/http/register-endpoint.ts', '../plugins/law-limits', /http\/ \(http\/\) must not import plugins\//],
    ['apps/server/src/demo/seed-command.ts', '../composition/open-platform', /Only the entry points .* use the composition root/],
    ['apps/server/src/modules/users/users.service.ts', '../../app', /A module \(modules\/\) must not import app\.ts/],
    ['apps/server/src/newcomer/thing.ts', '../lib/paging', /apps\/server\/src\/newcomer\/ is not in the layer table/],
  ])('refuses %s → %s', (from, source, message) => {
    expect(check(from, source)).toMatch(message);
  });
});

describe('server import cycles', () => {
  const { findImportPath, resolveServerFile, serverImportsOnDisk, SERVER_SRC } = layers._test;

  it('resolves only source files of apps/server/src', () => {
    const from = path.join(SERVER_SRC, 'db/pglite-database.ts');
    expect(resolveServerFile(from, './database')).toBe(path.join(SERVER_SRC, 'db/database.ts'));
    expect(resolveServerFile(from, '../../test/test-app')).toBeNull();
    expect(resolveServerFile(from, '@electric-sql/pglite')).toBeNull();
  });

  it('finds no cycle in apps/server/src', () => {
    const files = fs.readdirSync(SERVER_SRC, { recursive: true }).filter((f) => /\.(ts|mjs)$/.test(f)).map((f) => path.join(SERVER_SRC, f));
    const cycles = files.flatMap((file) => {
      const chain = serverImportsOnDisk(file).map((next) => (next === file ? [file] : findImportPath(next, file, serverImportsOnDisk))).find(Boolean);
      return chain ? [[file, ...chain].map((f) => path.relative(SERVER_SRC, f)).join(' → ')] : [];
    });
    expect(files.length).toBeGreaterThan(300);
    expect(cycles).toEqual([]);
  }, 30_000);
});

describe('server module tiers', () => {
  const tiers = new Map([
    ['sessions', 0],
    ['features', 0],
    ['users', 1],
    ['payments', 2],
  ]);

  it.each([
    ['users', 'sessions'],
    ['payments', 'users'],
    ['payments', 'features'],
    ['users', 'users'],
  ])('lets %s import %s (a lower tier, or itself)', (from, to) => {
    expect(tierViolation(from, to, tiers)).toBeNull();
  });

  it.each([
    ['users', 'payments', /modules\/users \(tier 1\) must not import modules\/payments \(tier 2\).*Move what both need down/],
    ['sessions', 'features', /modules\/sessions \(tier 0\) must not import modules\/features \(tier 0\): a module imports only lower tiers/],
    ['users', 'newcomer', /modules\/newcomer is not in the tier table \(tools\/server-module-tiers\.js\)/],
    ['newcomer', 'sessions', /modules\/newcomer is not in the tier table/],
  ])('refuses %s → %s', (from, to, message) => {
    expect(tierViolation(from, to, tiers)).toMatch(message);
  });

  it('finds the cycle an import closes, through any number of modules, and none in a DAG', () => {
    const graph = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['d'])],
      ['d', new Set()],
    ]);
    expect(cycleThrough(graph, 'd', 'a')).toEqual(['d', 'a', 'b', 'c', 'd']);
    expect(cycleThrough(graph, 'a', 'd')).toBeNull();
    expect(cycleThrough(graph, 'a', 'a')).toBeNull();
  });

  it('holds for the server as it is: every module listed once, every import downward, no cycle', () => {
    const graph = readModuleGraph();
    const listed = SERVER_MODULE_TIERS.flat();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...graph.keys()].filter((name) => !listed.includes(name))).toEqual([]);
    for (const [from, targets] of graph) {
      for (const to of targets) {
        expect(tierViolation(from, to), `${from} → ${to}`).toBeNull();
        expect(cycleThrough(graph, from, to), `${from} → ${to}`).toBeNull();
      }
    }
  });
});

describe('the module-tiers rule', () => {
  RuleTester.describe = describe;
  RuleTester.it = it;
  RuleTester.itOnly = it.only;
  const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
  const file = (rel) => path.join(ROOT, rel);

  tester.run('module-tiers', layers.rules['module-tiers'], {
    valid: [
      { filename: file('apps/server/src/modules/users/users.service.ts'), code: "import type { FeaturesService } from '../features/features.service';" },
      { filename: file('apps/server/src/modules/features/features.routes.test.ts'), code: "import { FEATURE_ACTION_EVENT } from '../visits/visits.routes';" },
      { filename: file('apps/server/src/lib/paging.ts'), code: "import { x } from './anything';" },
    ],
    invalid: [
      {
        // A type-only import counts: features (tier 0) reaching users (tier 2) would close features → users → features.
        filename: file('apps/server/src/modules/features/features.service.ts'),
        code: "import type { UsersService } from '../users/users.service';",
        errors: [{ message: /modules\/features \(tier 0\) must not import modules\/users \(tier 2\)/ }, { message: /closes a cycle of modules: features → users → features/ }],
      },
      {
        filename: file('apps/server/src/modules/gifts/gifts.service.ts'),
        code: "import type { CoinsService } from '../coins/coins.service';",
        errors: [{ message: /modules\/gifts is not in the tier table/ }],
      },
    ],
  });
});
