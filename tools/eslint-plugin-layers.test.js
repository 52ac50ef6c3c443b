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
  ])('refuses %s → %s', (from, source, message) => {
    expect(check(from, source)).toMatch(message);
  });
});
