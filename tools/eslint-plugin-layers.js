// Enforces the import directions of CONVENTIONS.md / ARCHITECTURE.md as lint errors.
//   web:    app → features → entities → lib/components; a feature never imports another feature;
//           paths/ is a leaf every layer may import; tests sit outside the layers
//   server: routes → service → repository; another module only through its service
//   all:    apps/* → packages/*, never back; the web and the server never import each other
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_SRC = path.join(ROOT, 'apps/web/src');

/** @param {string} file absolute path */
function classify(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  let m;
  // A test may render the whole app and reset any feature's state: it is a consumer, not part of a layer.
  const test = /^apps\/web\/src\/.*\.test\.tsx?$/.test(rel) ? { test: true } : {};
  if ((m = /^apps\/web\/src\/features\/([^/]+)\//.exec(rel))) return { app: 'web', layer: 'feature', name: m[1], ...test };
  if ((m = /^apps\/web\/src\/entities\/([^/]+)\//.exec(rel))) return { app: 'web', layer: 'entity', name: m[1], ...test };
  if ((m = /^apps\/web\/src\/(app|lib|components|locales|test|paths)\//.exec(rel))) return { app: 'web', layer: m[1], ...test };
  if (rel.startsWith('apps/web/')) return { app: 'web', layer: 'other' };
  if ((m = /^apps\/server\/src\/modules\/([^/]+)\/[^/]*?\.(routes|service|repository)(\.test)?\.ts$/.exec(rel)))
    return { app: 'server', layer: 'module', name: m[1], kind: m[3] ? 'test' : m[2] };
  if ((m = /^apps\/server\/src\/modules\/([^/]+)\//.exec(rel))) return { app: 'server', layer: 'module', name: m[1], kind: 'other' };
  if ((m = /^apps\/server\/src\/(plugins|lib|db)\//.exec(rel))) return { app: 'server', layer: m[1] };
  if (rel.startsWith('apps/server/')) return { app: 'server', layer: 'other' };
  if (rel.startsWith('packages/')) return { app: 'packages', layer: 'packages' };
  return { app: 'other', layer: 'other' };
}

/** Resolves an import specifier to an absolute path inside the repo, or null for third-party packages. */
function resolveTarget(file, source) {
  if (source.startsWith('.')) return path.resolve(path.dirname(file), source);
  if (source.startsWith('@/')) return path.join(WEB_SRC, source.slice(2));
  if (source === '@velora/shared' || source.startsWith('@velora/shared/')) return path.join(ROOT, 'packages/shared/src', source.slice('@velora/shared'.length) || 'index.ts');
  if (source.startsWith('@velora/')) {
    const [name, ...rest] = source.slice('@velora/'.length).split('/');
    return path.join(ROOT, 'apps', name, rest.length ? rest.join('/') : 'src/index.ts');
  }
  return null;
}

function violation(from, to) {
  if (from.app === 'packages' && to.app !== 'packages') return 'packages/* never import apps/*: move what both need into packages/shared.';
  if (from.app === 'web' && to.app === 'server') return 'The web app never imports the server: share contracts through @velora/shared.';
  if (from.app === 'server' && to.app === 'web') return 'The server never imports the web app: share contracts through @velora/shared.';
  if (from.app === 'web' && !from.test) {
    if (from.layer === 'paths' && to.app === 'web' && to.layer !== 'paths')
      return 'paths/ is a leaf every layer imports: it must not import the rest of the web app (only packages).';
    if (from.layer === 'entity' && (to.layer === 'app' || to.layer === 'feature'))
      return `entities/ must not import ${to.layer === 'app' ? 'app/' : 'features/'}: domain UI sits below the features that show it; take what varies as props.`;
    if (from.layer === 'feature') {
      if (to.layer === 'app') return 'features/ must not import app/: take what you need as props, or move it to lib/.';
      if (to.layer === 'feature' && to.name !== from.name)
        return `A feature never imports another feature (features/${from.name} → features/${to.name}): move a shared domain piece to entities/, other shared code to lib/, components/ or packages/shared.`;
    }
    if (from.layer === 'lib' || from.layer === 'components') {
      if (to.layer === 'app' || to.layer === 'feature' || to.layer === 'entity')
        return `${from.layer}/ must not import ${to.layer === 'entity' ? 'entities/' : to.layer === 'app' ? 'app/' : 'features/'}: it sits below them; pass values in instead.`;
    }
  }
  if (from.app === 'server') {
    if (from.layer === 'lib' && (to.layer === 'module' || to.layer === 'plugins')) return 'lib/ is the bottom layer: it must not import modules/ or plugins/.';
    if (from.layer === 'db' && to.layer === 'module' && to.kind === 'routes') return 'db/ must not import routes: use the module\'s service.';
    if (from.layer === 'plugins' && to.layer === 'module' && to.kind !== 'service') return 'plugins/ reach a module only through its service.';
    if (from.layer === 'module' && to.layer === 'module') {
      if (from.kind === 'repository' && (to.kind === 'service' || to.kind === 'routes')) return 'A repository holds only SQL: it must not import services or routes.';
      if (from.kind === 'service' && to.kind === 'routes') return 'A service must not import routes: routes call services, not the other way.';
      if (from.name !== to.name && (to.kind === 'repository' || to.kind === 'routes') && from.kind !== 'test')
        return `Reach another module through its service (modules/${from.name} → modules/${to.name} ${to.kind}).`;
    }
  }
  return null;
}

const importDirection = {
  meta: { type: 'problem', docs: { description: 'Enforce the import directions of the architecture' }, schema: [] },
  create(context) {
    const file = context.filename;
    const from = classify(file);
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const target = resolveTarget(file, source);
      if (!target) return;
      const msg = violation(from, classify(/\.(ts|tsx|js|mjs|json|css)$/.test(target) ? target : `${target}.ts`));
      if (msg) context.report({ node, message: msg });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

// ── Web: no import cycles ────────────────────────────────────────────────────────────────────────
// A file of apps/web/src must not reach itself through its imports (static, dynamic or type-only):
// a cycle makes the evaluation order decide what is defined, and hides which module is the lower one.

const WEB_EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The web source file an import resolves to, or null (packages, assets, files outside apps/web/src). */
function resolveWebFile(file, source) {
  const target = resolveTarget(file, source);
  if (!target || !target.startsWith(WEB_SRC + path.sep)) return null;
  if (/\.(tsx?)$/.test(target) && fs.existsSync(target)) return target;
  for (const ext of WEB_EXTENSIONS) if (fs.existsSync(target + ext)) return target + ext;
  return null;
}

/** The import specifiers of a source text, dynamic ones included (TypeScript's scanner: comments and strings are skipped). */
function importSources(text) {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

const webImportsCache = new Map();
/** The web files a file on disk imports, cached by modification time (one lint run reads each file once). */
function webImportsOnDisk(file) {
  let mtime;
  try {
    mtime = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = webImportsCache.get(file);
  if (cached && cached.mtime === mtime) return cached.imports;
  const imports = [...new Set(importSources(fs.readFileSync(file, 'utf8')).map((s) => resolveWebFile(file, s)).filter(Boolean))];
  webImportsCache.set(file, { mtime, imports });
  return imports;
}

/** A path of imports from `start` back to `goal` (both included), or null; `importsOf` gives a file's imports. */
function findImportPath(start, goal, importsOf) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (next === goal) {
        const chain = [goal];
        for (let at = file; at !== null; at = previous.get(at)) chain.unshift(at);
        return chain;
      }
      if (previous.has(next)) continue;
      previous.set(next, file);
      queue.push(next);
    }
  }
  return null;
}

const webRelative = (file) => path.relative(WEB_SRC, file).split(path.sep).join('/');

const webNoCycle = {
  meta: { type: 'problem', docs: { description: 'Forbid import cycles among the files of apps/web/src' }, schema: [] },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(WEB_SRC + path.sep)) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const target = resolveWebFile(file, source);
      if (!target) return;
      const chain = target === file ? [file] : findImportPath(target, file, webImportsOnDisk);
      if (!chain) return;
      context.report({
        node,
        message: `Import cycle: ${[file, ...chain].map(webRelative).join(' → ')}. Move what both sides need into a module that imports neither (types into their own file, values passed in).`,
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default {
  rules: { 'import-direction': importDirection, 'web-no-cycle': webNoCycle },
  _test: { classify, resolveTarget, violation, findImportPath, importSources, resolveWebFile, webImportsOnDisk, WEB_SRC },
};
