import ts from 'typescript';
import type { ModulePath } from './web-source';
import { resolveModule, sourceOf } from './web-source';

// Which namespaces of the texts a lazy module's code reads (decision 066), found by reading the code as the former
// build/locale-split.ts did (decision 052): the modules its static imports bring, and in them every string that names a
// text by its key, `'login.title'`, or the start of a key built at run time, `` `routes.${name}` `` or `'routes.' + name`.

type Texts = Readonly<Record<string, unknown>>;

const isTexts = (value: unknown): value is Texts => typeof value === 'object' && value !== null;

/**
 * The app's modules a module brings with it: its static imports, theirs, and so on, inside src/. A dynamic import is
 * another loader's (it loads with its own namespaces); `import type` brings no code; the texts (src/locales/) and the
 * style sheets are not code that reads texts.
 */
export function modulesBroughtBy(root: ModulePath): ModulePath[] {
  const seen = new Set<ModulePath>();
  const queue = [root];
  for (let module = queue.shift(); module !== undefined; module = queue.shift()) {
    if (seen.has(module) || module.startsWith('locales/') || !/\.tsx?$/.test(module)) continue;
    seen.add(module);
    for (const statement of sourceOf(module).statements) {
      const declaration = ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) ? statement : null;
      if (!declaration?.moduleSpecifier || !ts.isStringLiteral(declaration.moduleSpecifier)) continue;
      const typeOnly = ts.isImportDeclaration(declaration) ? declaration.importClause?.isTypeOnly === true : declaration.isTypeOnly;
      const imported = typeOnly ? null : resolveModule(module, declaration.moduleSpecifier.text);
      if (imported) queue.push(imported);
    }
  }
  return [...seen];
}

/** A text a module names: its key (or the literal start of a key built at run time) and the namespace holding it. */
export interface NamedText {
  key: string;
  namespace: string;
}

// A dotted path that starts with a letter; the last part may be unfinished in a template's head (`videos.sort_${x}`).
const PATH = /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_-]*)*$/;

/**
 * The texts a module's code names. A string counts when it names a section and something in that section's English
 * texts (a key, with its plural and context forms, or a subtree), so an endpoint's name (`'videos.list'`) or a file
 * name (`'./studio.css'`) names nothing; a section alone counts only as the start of a key built at run time
 * (`` `routes.${name}` ``, `'routes.' + name`). Strings in types are not code and are skipped.
 */
export function textsNamedIn(module: ModulePath, english: Readonly<Record<string, Texts>>, sectionsOf: Readonly<Record<string, readonly string[]>>): NamedText[] {
  const namespaceOf = new Map(Object.entries(sectionsOf).flatMap(([namespace, sections]) => sections.map((section) => [section, namespace] as const)));
  const named: NamedText[] = [];
  const consider = (text: string, built: boolean) => {
    if (!PATH.test(text)) return;
    // A literal ending in a dot is the start of a key built at run time; a template's head is one by being a head.
    const open = built || text.endsWith('.');
    const parts = (text.endsWith('.') ? text.slice(0, -1) : text).split('.');
    const [section = ''] = parts;
    const namespace = namespaceOf.get(section);
    const texts = namespace === undefined ? undefined : english[namespace];
    if (!namespace || !texts || !isTexts(texts[section])) return;
    if (parts.length === 1 ? open : names(texts, parts, built && !text.endsWith('.'))) named.push({ key: text, namespace });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isTypeNode(node) || ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) consider(node.text, false);
    else if (ts.isTemplateExpression(node)) consider(node.head.text, true);
    ts.forEachChild(node, visit);
  };
  visit(sourceOf(module));
  return named;
}

/**
 * Whether `parts` (a section and a path in it) name a text or a subtree of `texts`, with i18next's plural and context
 * forms (`count` names `count_one`); an unfinished last part (a template's head, `sort_${x}`) names what starts so.
 */
function names(texts: Texts, parts: readonly string[], unfinished: boolean): boolean {
  let node: Texts = texts;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (!isTexts(next)) return false;
    node = next;
  }
  const last = parts[parts.length - 1] ?? '';
  return Object.keys(node).some((key) => (unfinished ? key.startsWith(last) : key === last || key.startsWith(`${last}_`)));
}
