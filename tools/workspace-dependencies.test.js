import { describe, expect, it } from 'vitest';
import { packageOf, readWorkspaces, sourceFiles, undeclaredImports } from './workspace-dependencies.js';

describe('workspace dependencies', () => {
  it.each([
    ['fastify', 'fastify'],
    ['vitest/config', 'vitest'],
    ['@fastify/static', '@fastify/static'],
    ['@fontsource-variable/inter/wght.css', '@fontsource-variable/inter'],
    ['@velora/shared', '@velora/shared'],
    ['./database', null],
    ['../../test/test-app', null],
    ['/abs/file', null],
    ['node:fs', null],
    ['fs', null],
    ['path', null],
    ['@/lib/http', null],
    ['virtual:pwa-register', null],
  ])('reads the package of %s as %s', (specifier, name) => {
    expect(packageOf(specifier)).toBe(name);
  });

  it('finds every workspace, and the root keeps to its own files', () => {
    const workspaces = readWorkspaces();
    expect(workspaces.map((w) => w.dir)).toEqual(expect.arrayContaining(['', 'apps/server', 'apps/web', 'packages/shared', 'e2e', 'bench']));
    const rootFiles = sourceFiles(workspaces[0], workspaces);
    expect(rootFiles).toEqual(expect.arrayContaining(['eslint.config.js', 'tools/workspace-dependencies.js', 'scripts/build-server.mjs']));
    expect(rootFiles.filter((f) => /^(apps|packages|e2e|bench)\/|node_modules/.test(f))).toEqual([]);
  });

  it('every package a workspace imports is declared in its package.json', () => {
    const undeclared = undeclaredImports().map(({ workspace, file, packageName }) => `${file} imports ${packageName}, not declared in ${workspace === '(root)' ? '' : `${workspace}/`}package.json`);
    expect(undeclared).toEqual([]);
    // Reads every source file of the repository (about 2,000): a few seconds on two busy cores.
  }, 60_000);
});
