import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The web app's source as the lazy-loader checks read it (build/lazy-loaders.ts, build/texts-read.ts): its modules,
// parsed once, and the module an import names.

/** The web app's source folder, absolute. */
export const WEB_SRC = path.resolve(import.meta.dirname, '../src');

/** A module as the web app names it: its path under src/ (`features/auth/routes/forgot-password.tsx`). */
export type ModulePath = string;

const parsed = new Map<ModulePath, ts.SourceFile>();

export function sourceOf(module: ModulePath): ts.SourceFile {
  let file = parsed.get(module);
  if (!file) {
    const text = fs.readFileSync(path.join(WEB_SRC, module), 'utf8');
    file = ts.createSourceFile(module, text, ts.ScriptTarget.Latest, true, module.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    parsed.set(module, file);
  }
  return file;
}

/** Every module of the app's code: no tests, test helpers or the texts themselves. */
export function appModules(): ModulePath[] {
  return fs
    .readdirSync(WEB_SRC, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => /\.tsx?$/.test(file) && !/\.d\.ts$|\.test\.tsx?$|\/testing\//.test(file) && !/^(test|locales)\//.test(file));
}

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The module a specifier names, or null for a package's (texts live in the web app's code only). */
export function resolveModule(from: ModulePath, specifier: string): ModulePath | null {
  let base: string;
  if (specifier.startsWith('@/')) base = specifier.slice(2);
  else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(from), specifier);
  else return null;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    const absolute = path.join(WEB_SRC, candidate);
    if (fs.existsSync(absolute) && fs.statSync(absolute).isFile()) return candidate;
  }
  throw new Error(`${from}: cannot resolve '${specifier}'`);
}

