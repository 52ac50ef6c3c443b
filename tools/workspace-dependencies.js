// Every package a workspace imports is declared in that workspace's package.json (dependencies, devDependencies,
// peerDependencies or optionalDependencies). npm hoists every package to the root node_modules, so an undeclared
// import works here by chance: it breaks when the declaring workspace drops the package, moves it to another version
// or is installed alone. Checked by workspace-dependencies.test.js (`npm run test:unit`, project tools).
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { importSources } from './import-cycles.js';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** Folders that hold no source of ours: installed packages, builds, data, reports (as .gitignore lists them). */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'data', '.vite', 'coverage', 'test-results', '.git']);
const SOURCE_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const BUILTINS = new Set(builtinModules);

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The workspaces of the repository, the root first: `{ dir, name, declared }` (dir relative to the root). */
export function readWorkspaces(root = ROOT) {
  const rootPackage = readJson(path.join(root, 'package.json'));
  const dirs = (rootPackage.workspaces ?? []).flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    return fs.readdirSync(path.join(root, parent)).map((name) => `${parent}/${name}`);
  });
  return ['', ...dirs]
    .filter((dir) => fs.existsSync(path.join(root, dir, 'package.json')))
    .map((dir) => {
      const pkg = readJson(path.join(root, dir, 'package.json'));
      const declared = new Set(
        ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((field) => Object.keys(pkg[field] ?? {})),
      );
      return { dir, name: pkg.name, declared };
    });
}

/** The source files of a workspace, relative to the root; the root's own exclude the other workspaces' folders. */
export function sourceFiles(workspace, workspaces, root = ROOT) {
  const others = new Set(workspaces.map((w) => w.dir).filter((dir) => dir !== workspace.dir));
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name) && !others.has(rel)) walk(rel);
      } else if (SOURCE_FILE.test(entry.name)) files.push(rel);
    }
  };
  walk(workspace.dir);
  return files;
}

/**
 * The package a specifier names (`@scope/name` or `name`), or null when it names none: relative and absolute paths,
 * node builtins (with or without `node:`), the web's `@/` alias, bundler-virtual modules.
 */
export function packageOf(specifier) {
  if (/^[./]/.test(specifier) || specifier.startsWith('@/') || /^[a-z]+:/.test(specifier)) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return BUILTINS.has(name) ? null : name;
}

/**
 * What the workspaces import without declaring: `{ workspace, file, packageName }`, one per file and package.
 * `@velora/*` packages count as declared when such a workspace exists (npm links them).
 */
export function undeclaredImports(root = ROOT) {
  const workspaces = readWorkspaces(root);
  const ownPackages = new Set(workspaces.map((w) => w.name));
  const found = [];
  for (const workspace of workspaces) {
    for (const file of sourceFiles(workspace, workspaces, root)) {
      const names = new Set(importSources(fs.readFileSync(path.join(root, file), 'utf8')).map(packageOf).filter(Boolean));
      for (const packageName of names) {
        if (workspace.declared.has(packageName) || ownPackages.has(packageName)) continue;
        found.push({ workspace: workspace.dir || '(root)', file, packageName });
      }
    }
  }
  return found;
}
