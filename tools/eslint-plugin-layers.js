// Enforces the import directions of docs/conventions.md / docs/architecture.md as lint errors.
//   web:    app → features → entities → lib/components; a feature never imports another feature;
//           paths/ is a leaf every layer may import; tests sit outside the layers
//   server: the top-level folders in layers that only import downward (tools/server-folder-layers.js, decision
//           record 004): nothing below the entry points uses the composition root, nothing below the root the demo
//           seed; routes → service → repository; another module only through its service; modules in tiers that
//           only import downward, and no module-level cycle (decision record 021); no file-level cycle in src
//   tests:  production code never imports test code (apps/server/test/, *.test.ts, the web's test folders)
//   all:    apps/* → packages/*, never back; the web and the server never import each other
import fs from 'node:fs';
import path from 'node:path';
import { createImportReader, findImportPath, importSources, noCycleRule, sourceFileAt } from './import-cycles.js';
import { SERVER_LAYER_ORDER, serverLayerOf } from './server-folder-layers.js';
import { SERVER_MODULE_TIERS, TIER_OF } from './server-module-tiers.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const WEB_SRC = path.join(ROOT, 'apps/web/src');
const SERVER_SRC = path.join(ROOT, 'apps/server/src');
const SERVER_MODULES = path.join(SERVER_SRC, 'modules');
const TIERS_FILE = 'tools/server-module-tiers.js';

/** Tests and their helpers may reach across layers to set up what they check; nothing imports them. */
const isTestFile = (rel) => /\.test\.tsx?$/.test(rel) || rel.startsWith('apps/server/test/') || /^apps\/web\/src\/(.*\/)?test\//.test(rel);
/** Code that ships: the sources of the apps and packages, tests and test helpers aside. */
const isProductionFile = (rel) => /^(apps|packages)\/[^/]+\/src\//.test(rel) && !isTestFile(rel);

/** @param {string} file absolute path */
function classify(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  return { ...classifyLayer(rel), ...(isProductionFile(rel) ? { production: true } : {}), ...(isTestFile(rel) ? { testCode: true } : {}) };
}

/** @param {string} rel path from the repository's root */
function classifyLayer(rel) {
  let m;
  // A test may render the whole app and reset any feature's state: it is a consumer, not part of a layer.
  const test = /^apps\/web\/src\/.*\.test\.tsx?$/.test(rel) ? { test: true } : {};
  if ((m = /^apps\/web\/src\/features\/([^/]+)\//.exec(rel))) return { app: 'web', layer: 'feature', name: m[1], ...test };
  if ((m = /^apps\/web\/src\/entities\/([^/]+)\//.exec(rel))) return { app: 'web', layer: 'entity', name: m[1], ...test };
  if ((m = /^apps\/web\/src\/(app|lib|components|locales|test|paths)\//.exec(rel))) return { app: 'web', layer: m[1], ...test };
  if (rel.startsWith('apps/web/')) return { app: 'web', layer: 'other' };
  const inSrc = rel.startsWith('apps/server/src/') ? serverLayerOf(rel.slice('apps/server/src/'.length)) : undefined;
  const extra = { test: isTestFile(rel), ...(inSrc ? { folder: inSrc } : {}) };
  if ((m = /^apps\/server\/src\/modules\/([^/]+)\/[^/]*?\.(routes|service|repository)(\.test)?\.ts$/.exec(rel)))
    return { app: 'server', layer: 'module', name: m[1], kind: m[3] ? 'test' : m[2], ...extra };
  if ((m = /^apps\/server\/src\/modules\/([^/]+)\//.exec(rel))) return { app: 'server', layer: 'module', name: m[1], kind: 'other', ...extra };
  if ((m = /^apps\/server\/src\/(plugins|lib|db|demo|composition|http)\//.exec(rel))) return { app: 'server', layer: m[1], ...extra };
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
  if (from.production && to.testCode)
    return 'Production code never imports test code (a test helper, a fake, a fixture): move what both need into src, or take it as a parameter the test passes.';
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
    if (from.folder && to.folder && !from.test) {
      const layers = serverFolderViolation(from, to);
      if (layers) return layers;
    }
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

/** The folder-layer rule (tools/server-folder-layers.js) for two files of apps/server/src; null when allowed. */
function serverFolderViolation(from, to) {
  const unlisted = [from, to].find((f) => f.folder.index === -1);
  if (unlisted) return `apps/server/src/${unlisted.folder.name} is not in the layer table (tools/server-folder-layers.js): add it to the highest layer everything it imports is at or below.`;
  if (to.folder.index >= from.folder.index) return null;
  const name = from.layer === 'module' ? 'A module' : from.folder.name;
  if (to.layer === 'composition')
    return 'Only the entry points (server.ts, app.ts, the *-command.ts files) and tests use the composition root: take the services you need as parameters, and let the root pass them.';
  if (to.layer === 'demo')
    return `${name} must not depend on the demo seed: take what you need (a recipe, a drawer) as a parameter the composition root passes, or move it down.`;
  return (
    `${name} (${from.folder.name}) must not import ${to.folder.name}: the server's folders import only downward (${SERVER_LAYER_ORDER}). ` +
    'Move what both need down to the lower layer, or take it as a parameter.'
  );
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
  return sourceFileAt(resolveTarget(file, source), WEB_SRC, WEB_EXTENSIONS);
}

const webImportsOnDisk = createImportReader(resolveWebFile);
const webNoCycle = noCycleRule({
  root: WEB_SRC,
  resolve: resolveWebFile,
  importsOf: webImportsOnDisk,
  description: 'Forbid import cycles among the files of apps/web/src',
  advice: 'Move what both sides need into a module that imports neither (types into their own file, values passed in).',
});

// ── Server: no import cycles ─────────────────────────────────────────────────────────────────────
// The same for apps/server/src, whose imports are relative: a cycle of files inside one folder or across folders
// hides which side is the lower one just as a cycle of modules does (decision record 004, amended).

const SERVER_EXTENSIONS = ['.ts', '/index.ts'];

/** The server source file a relative import resolves to, or null (packages, files outside apps/server/src). */
function resolveServerFile(file, source) {
  return source.startsWith('.') ? sourceFileAt(path.resolve(path.dirname(file), source), SERVER_SRC, SERVER_EXTENSIONS) : null;
}

const serverImportsOnDisk = createImportReader(resolveServerFile);
const serverNoCycle = noCycleRule({
  root: SERVER_SRC,
  resolve: resolveServerFile,
  importsOf: serverImportsOnDisk,
  description: 'Forbid import cycles among the files of apps/server/src',
  advice: 'Move what both sides need down into a file that imports neither (an interface beside the one that uses it, a type into the lower layer).',
});

export default {
  rules: { 'import-direction': importDirection, 'module-tiers': moduleTiers, 'web-no-cycle': webNoCycle, 'server-no-cycle': serverNoCycle },
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
    resolveServerFile,
    serverImportsOnDisk,
    SERVER_SRC,
    serverFolderViolation,
  },
};
