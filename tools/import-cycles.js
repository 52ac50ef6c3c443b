// File-level import cycles, for the layers plugin's web-no-cycle and server-no-cycle rules: a file must not reach
// itself through its imports (static, dynamic or type-only). A cycle makes the evaluation order decide what is
// defined, and hides which file is the lower one.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The import specifiers of a source text, dynamic ones included (TypeScript's scanner: comments and strings are skipped). */
export function importSources(text) {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/**
 * The source file at `target` (an import resolved to a path, maybe without its extension) if it lies under `root`,
 * trying `extensions` ('.ts', '/index.ts') after the path itself; null otherwise.
 */
export function sourceFileAt(target, root, extensions) {
  if (!target || !target.startsWith(root + path.sep)) return null;
  if (/\.(tsx?|mjs|js)$/.test(target) && fs.existsSync(target)) return target;
  for (const ext of extensions) if (fs.existsSync(target + ext)) return target + ext;
  return null;
}

/**
 * The files a file on disk imports, as `resolve(file, specifier)` finds them (null: not one of ours), cached by
 * modification time so one lint run reads each file once.
 */
export function createImportReader(resolve) {
  const cache = new Map();
  return (file) => {
    let mtime;
    try {
      mtime = fs.statSync(file).mtimeMs;
    } catch {
      return [];
    }
    const cached = cache.get(file);
    if (cached && cached.mtime === mtime) return cached.imports;
    const imports = [...new Set(importSources(fs.readFileSync(file, 'utf8')).map((s) => resolve(file, s)).filter(Boolean))];
    cache.set(file, { mtime, imports });
    return imports;
  };
}

/** A path of imports from `start` back to `goal` (both included), or null; `importsOf` gives a file's imports. */
export function findImportPath(start, goal, importsOf) {
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

/**
 * A lint rule that refuses, in the files under `root`, an import that closes a cycle; `resolve` maps a specifier to
 * a file under `root` (or null), `importsOf` reads a file's resolved imports from disk, `advice` ends the message.
 */
export function noCycleRule({ root, resolve, importsOf, description, advice }) {
  const relative = (file) => path.relative(root, file).split(path.sep).join('/');
  return {
    meta: { type: 'problem', docs: { description }, schema: [] },
    create(context) {
      const file = context.filename;
      if (!file.startsWith(root + path.sep)) return {};
      const check = (node, source) => {
        if (typeof source !== 'string') return;
        const target = resolve(file, source);
        if (!target) return;
        const chain = target === file ? [file] : findImportPath(target, file, importsOf);
        if (!chain) return;
        context.report({ node, message: `Import cycle: ${[file, ...chain].map(relative).join(' → ')}. ${advice}` });
      };
      return {
        ImportDeclaration: (node) => check(node.source, node.source.value),
        ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
        ExportAllDeclaration: (node) => check(node.source, node.source.value),
        ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      };
    },
  };
}
