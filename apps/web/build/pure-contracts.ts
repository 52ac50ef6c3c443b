import MagicString from 'magic-string';
import type { Plugin } from 'vite';

// The shared contracts in the browser build (decision record 052). A contract module declares zod schemas and a few
// plain constants the web's shell reads (a query parameter's name, a list of kinds). A bundler puts a module whole
// into one chunk, and keeps every top-level call it cannot prove free of side effects: the page that imported one
// constant got every schema of its module, and Zod. So, in `vite build` only:
// - the plain constants of a contract module (literals, lists and records of literals) move to a module of their own,
//   which the contract module imports and re-exports: a page that reads only constants no longer depends on it;
// - each other top-level `const x = f(…)` is marked pure: it runs exactly as before where it is used and is left out
//   where nothing reads it. Statements run for their effect are left as they are. (What is lost: `.meta({ id })`
//   entries in Zod's global registry for schemas the page never uses; only the server's OpenAPI document reads it.)

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const CALLS = new Set(['CallExpression', 'NewExpression']);
const PREFIX = '\0velora-contract-constants:';

const child = (node: Node, key: string) => node[key] as Node | null | undefined;
const children = (node: Node, key: string) => (node[key] as (Node | null)[] | undefined) ?? [];

/** A value made only of literals and of the module's other plain constants. */
function isPlain(node: Node | null | undefined, plainNames: ReadonlySet<string>): boolean {
  if (!node) return false;
  switch (node.type) {
    case 'Literal':
      return true;
    case 'TemplateLiteral':
      return children(node, 'expressions').length === 0;
    case 'Identifier':
      return plainNames.has(node.name as string);
    case 'UnaryExpression':
      return isPlain(child(node, 'argument'), plainNames);
    case 'ArrayExpression':
      return children(node, 'elements').every((element) => isPlain(element, plainNames));
    case 'ObjectExpression':
      return children(node, 'properties').every(
        (property) => property?.type === 'Property' && property.computed !== true && property.kind === 'init' && isPlain(child(property, 'value'), plainNames),
      );
    default:
      return false;
  }
}

interface Declaration {
  statement: Node;
  exported: boolean;
  declarators: { name: string; init: Node | null | undefined }[];
}

function topLevelConsts(program: { body: Node[] }): Declaration[] {
  const found: Declaration[] = [];
  for (const statement of program.body) {
    const exported = statement.type === 'ExportNamedDeclaration';
    const declaration = exported ? child(statement, 'declaration') : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    const declarators = children(declaration, 'declarations').flatMap((declarator) => {
      const id = declarator && child(declarator, 'id');
      return declarator && id?.type === 'Identifier' ? [{ name: id.name as string, init: child(declarator, 'init') }] : [];
    });
    if (declarators.length === children(declaration, 'declarations').length) found.push({ statement, exported, declarators });
  }
  return found;
}

export interface SplitContract {
  /** The contract module, importing its plain constants and marking its computed declarations pure. */
  code: string;
  map: ReturnType<MagicString['generateMap']>;
  /** The module of its plain constants, or null when it has none. */
  constants: string | null;
}

/**
 * Splits a contract module's plain constants off into `constantsId` and marks its other computed top-level
 * declarations pure; null when there is nothing to change.
 */
export function splitContract(code: string, parse: (code: string) => unknown, constantsId: string): SplitContract | null {
  const declarations = topLevelConsts(parse(code) as { body: Node[] });
  // Plain constants may name earlier plain constants: grow the set until it stops changing.
  const plainNames = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const declaration of declarations) {
      if (declaration.declarators.every(({ name }) => plainNames.has(name))) continue;
      if (declaration.declarators.every(({ init }) => isPlain(init, plainNames))) {
        for (const { name } of declaration.declarators) plainNames.add(name);
        grew = true;
      }
    }
  }
  const plain = declarations.filter((declaration) => declaration.declarators.every(({ name }) => plainNames.has(name)));
  const computed = declarations.filter((declaration) => !plain.includes(declaration));
  const inits = computed.flatMap((declaration) => declaration.declarators.map(({ init }) => init)).filter((init): init is Node => !!init && CALLS.has(init.type));
  if (plain.length === 0 && inits.length === 0) return null;

  const text = new MagicString(code);
  for (const init of inits) {
    text.appendLeft(init.start, '/* @__PURE__ */ (() => (');
    text.appendRight(init.end, '))()');
  }
  let constants: string | null = null;
  if (plain.length > 0) {
    const names = plain.flatMap((declaration) => declaration.declarators.map(({ name }) => name));
    const exported = plain.filter((declaration) => declaration.exported).flatMap((declaration) => declaration.declarators.map(({ name }) => name));
    constants = plain.map((declaration) => `export ${code.slice((child(declaration.statement, 'declaration') ?? declaration.statement).start, declaration.statement.end)}`).join('\n');
    for (const declaration of plain) text.remove(declaration.statement.start, declaration.statement.end);
    text.prepend(`import { ${names.join(', ')} } from ${JSON.stringify(constantsId)};\n${exported.length > 0 ? `export { ${exported.join(', ')} };\n` : ''}`);
  }
  return { code: text.toString(), map: text.generateMap({ hires: true }), constants };
}

/** Applies splitContract to the modules `include` matches, in `vite build` only. */
export function pureContractsPlugin(include: RegExp): Plugin {
  const constantModules = new Map<string, string>();
  return {
    name: 'velora-pure-contracts',
    apply: 'build',
    enforce: 'post',
    resolveId(source) {
      return source.startsWith(PREFIX) ? source : null;
    },
    load(id) {
      return id.startsWith(PREFIX) ? (constantModules.get(id) ?? null) : null;
    },
    transform(code, id) {
      if (id.startsWith('\0') || !include.test(id.split('?')[0] ?? id)) return null;
      const constantsId = `${PREFIX}${id}`;
      const split = splitContract(code, (source) => this.parse(source), constantsId);
      if (!split) return null;
      if (split.constants !== null) constantModules.set(constantsId, split.constants);
      return { code: split.code, map: split.map };
    },
  };
}
