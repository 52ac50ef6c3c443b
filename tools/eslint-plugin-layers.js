// Enforces the import directions of CONVENTIONS.md / ARCHITECTURE.md as lint errors.
//   web:    app → features → entities → lib/components; a feature never imports another feature;
//           paths/ is a leaf every layer may import; tests sit outside the layers
//   server: routes → service → repository; another module only through its service; modules in tiers that only
//           import downward, and no module-level cycle (decision record 021); nothing below the entry points uses
//           the composition root or the demo seed
//   all:    apps/* → packages/*, never back; the web and the server never import each other
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { SERVER_MODULE_TIERS, TIER_OF } from './server-module-tiers.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_SRC = path.join(ROOT, 'apps/web/src');
const SERVER_MODULES = path.join(ROOT, 'apps/server/src/modules');
const TIERS_FILE = 'tools/server-module-tiers.js';

/** Tests and their helpers may reach across layers to set up what they check; nothing imports them. */
const isTestFile = (rel) => /\.test\.tsx?$|-test-helpers\.ts$/.test(rel) || rel.startsWith('apps/server/test/');
/** One-off commands are entry points, like server.ts. */
const isCommandFile = (rel) => /-command\.ts$/.test(rel);

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
  const extra = { test: isTestFile(rel), command: isCommandFile(rel) };
  if ((m = /^apps\/server\/src\/modules\/([^/]+)\/[^/]*?\.(routes|service|repository)(\.test)?\.ts$/.exec(rel)))
    return { app: 'server', layer: 'module', name: m[1], kind: m[3] ? 'test' : m[2], ...extra };
  if ((m = /^apps\/server\/src\/modules\/([^/]+)\//.exec(rel))) return { app: 'server', layer: 'module', name: m[1], kind: 'other', ...extra };
  if ((m = /^apps\/server\/src\/(plugins|lib|db|demo|composition)\//.exec(rel))) return { app: 'server', layer: m[1], ...extra };
  if (rel.startsWith('apps/server/')) return { app: 'server', layer: 'other', ...extra };
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
    const below = ['module', 'lib', 'plugins', 'db', 'demo'];
    if (to.layer === 'composition' && below.includes(from.layer) && !from.test && !from.command)
      return 'Only the entry points (server.ts, app.ts, the *-command.ts files) and tests use the composition root: take the services you need as parameters, and let the root pass them.';
    if (to.layer === 'demo' && ['module', 'lib', 'plugins', 'db'].includes(from.layer) && !from.test)
      return `${from.layer === 'module' ? 'A module' : `${from.layer}/`} must not depend on the demo seed: take what you need (a recipe, a drawer) as a parameter the composition root passes, or move it down.`;
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

// ---- Module tiers and module-level cycles (decision record 021) ----------------------------------------------

const unlisted = (name) => `modules/${name} is not in the tier table (${TIERS_FILE}): add it to the lowest tier above every module it imports.`;

/** The tier rule for an import of module `to` from module `from`; null when allowed. */
function tierViolation(from, to, tiers = TIER_OF) {
  if (from === to) return null;
  const fromTier = tiers.get(from);
  const toTier = tiers.get(to);
  if (fromTier === undefined) return unlisted(from);
  if (toTier === undefined) return unlisted(to);
  if (toTier >= fromTier)
    return (
      `modules/${from} (tier ${fromTier}) must not import modules/${to} (tier ${toTier}): a module imports only lower tiers. ` +
      'Move what both need down (a lower-tier module, lib/ or packages/shared), or let the composition root pass it in.'
    );
  return null;
}

/** A path of modules from `start` to `goal` in `graph` (Map name → Set of names), or null. */
function findPath(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift();
    if (at === goal) {
      const out = [];
      for (let n = at; n !== null; n = previous.get(n)) out.unshift(n);
      return out;
    }
    for (const next of graph.get(at) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

/** The cycle an import `from` → `to` closes in `graph`, as `from → to → … → from`, or null. */
function cycleThrough(graph, from, to) {
  if (from === to) return null;
  const back = findPath(graph, to, from);
  return back ? [from, ...back] : null;
}

const SPECIFIERS = /(?:^|[\s;])(?:import|export)\s[^;]*?\sfrom\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

/** The folder-level import graph of the server's modules, read from their (non-test) sources. */
function readModuleGraph(modulesDir = SERVER_MODULES) {
  const graph = new Map();
  for (const name of fs.readdirSync(modulesDir)) {
    const dir = path.join(modulesDir, name);
    if (!fs.statSync(dir).isDirectory()) continue;
    const edges = new Set();
    graph.set(name, edges);
    for (const file of fs.readdirSync(dir, { recursive: true })) {
      const full = path.join(dir, String(file));
      if (!/\.tsx?$/.test(full) || isTestFile(full) || !fs.statSync(full).isFile()) continue;
      for (const match of fs.readFileSync(full, 'utf8').matchAll(SPECIFIERS)) {
        const source = match[1] ?? match[2] ?? match[3];
        if (!source.startsWith('.')) continue;
        const rel = path.relative(modulesDir, path.resolve(path.dirname(full), source)).split(path.sep);
        if (rel[0] && rel[0] !== '..' && rel[0] !== name && rel.length > 1) edges.add(rel[0]);
      }
    }
  }
  return graph;
}

// One read per lint run (and at most every few seconds in an editor); the file being linted counts as it is now.
let cachedGraph = { at: 0, graph: new Map() };
function moduleGraph() {
  if (Date.now() - cachedGraph.at > 3000) cachedGraph = { at: Date.now(), graph: readModuleGraph() };
  return cachedGraph.graph;
}

const moduleTiers = {
  meta: {
    type: 'problem',
    docs: { description: 'Server modules import only lower tiers (tools/server-module-tiers.js) and never form a cycle' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const from = classify(file);
    if (from.layer !== 'module' || from.test) return {};
    const reported = new Set();
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = classify(path.resolve(path.dirname(file), source) + (/\.(ts|js)$/.test(source) ? '' : '.ts'));
      if (target.layer !== 'module' || target.name === from.name) return;
      // An unlisted module is reported once, on its file; its imports are then judged by the cycle check alone.
      const tierMessage = TIER_OF.has(from.name) ? tierViolation(from.name, target.name) : null;
      if (tierMessage) context.report({ node, message: tierMessage });
      // Generic: whatever the table says, an import that closes a loop of modules is an error.
      const graph = new Map(moduleGraph());
      graph.set(from.name, new Set([...(graph.get(from.name) ?? []), target.name]));
      const cycle = cycleThrough(graph, from.name, target.name);
      if (cycle && !reported.has(target.name)) {
        reported.add(target.name);
        context.report({
          node,
          message: `This import closes a cycle of modules: ${cycle.join(' → ')}. Move what they share down into a lower-tier module, lib/ or packages/shared.`,
        });
      }
    };
    return {
      Program: (node) => {
        if (!TIER_OF.has(from.name)) context.report({ node, message: unlisted(from.name) });
      },
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
  rules: { 'import-direction': importDirection, 'module-tiers': moduleTiers, 'web-no-cycle': webNoCycle },
  _test: {
    classify,
    resolveTarget,
    violation,
    tierViolation,
    unlisted,
    cycleThrough,
    readModuleGraph,
    SERVER_MODULE_TIERS,
    findImportPath,
    importSources,
    resolveWebFile,
    webImportsOnDisk,
    WEB_SRC,
  },
};
