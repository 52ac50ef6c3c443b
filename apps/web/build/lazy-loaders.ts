import ts from 'typescript';
import type { ModulePath } from './web-source';
import { appModules, resolveModule, sourceOf } from './web-source';

// The app's lazy loaders and the namespaces each loads with its module (decision 066), read from the source: a lazy
// screen or dialog names its namespaces beside its import, `withTexts(['auth'], () => import(X))`.

export interface LazyLoader {
  /** Where the loader is written and what it is the value of: `app/routes.ts:15 (screens.videos)`. */
  site: string;
  /** The module its dynamic import brings. */
  module: ModulePath;
  /** The namespaces it loads with the module; empty for a plain `() => import(...)`. */
  namespaces: readonly string[];
  /** A route screen that only members reach (every route showing it requires a log-in). */
  membersOnly: boolean;
}

/** The main site's route table, whose flags say which screens only members reach. */
const ROUTE_TABLE = 'app/routes.ts';

const isDynamicImport = (node: ts.Node): node is ts.CallExpression => ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword;

/** The specifier of the first dynamic import within `node`, if any. */
function dynamicImportIn(node: ts.Node): string | null {
  if (isDynamicImport(node)) {
    const [argument] = node.arguments;
    return argument && ts.isStringLiteralLike(argument) ? argument.text : null;
  }
  return ts.forEachChild(node, dynamicImportIn) ?? null;
}

/** `expr as const satisfies T` → `expr`. */
function unwrapped(node: ts.Expression): ts.Expression {
  while (ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)) node = node.expression;
  return node;
}

/** A const of the module (or of a module it imports) initialised with an array of strings: a list of namespaces. */
export function listNamed(module: ModulePath, name: string): readonly string[] | null {
  return constantList(sourceOf(module), name);
}

function constantList(file: ts.SourceFile, name: string): readonly string[] | null {
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer) return stringList(file, declaration.initializer);
    }
  }
  const module = importedFrom(file, name);
  return module ? constantList(sourceOf(module), name) : null;
}

/** The app's module a file imports `name` from, if it does. */
function importedFrom(file: ts.SourceFile, name: string): ModulePath | null {
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const named = statement.importClause?.namedBindings;
    if (named && ts.isNamedImports(named) && named.elements.some((element) => element.name.text === name)) return resolveModule(file.fileName, statement.moduleSpecifier.text);
  }
  return null;
}

function stringList(file: ts.SourceFile, expression: ts.Expression): readonly string[] | null {
  const node = unwrapped(expression);
  if (ts.isIdentifier(node)) return constantList(file, node.text);
  if (!ts.isArrayLiteralExpression(node)) return null;
  const items = node.elements.map((element) => (ts.isStringLiteralLike(element) ? element.text : null));
  return items.every((item) => item !== null) ? (items as string[]) : null;
}

/** What a loader goes by: the property or the const it is the value of (`videos`, `MemberHosts`). */
function nameOf(node: ts.Node): string | null {
  for (let current: ts.Node | undefined = node.parent; current; current = current.parent) {
    if (ts.isPropertyAssignment(current) || ts.isVariableDeclaration(current)) return current.name.getText();
  }
  return null;
}

/** Where a loader is written: `app/popups/registry.ts:76 (POPUP_REGISTRY.'buy-coins'.component)`. */
function siteOf(file: ts.SourceFile, node: ts.Node): string {
  const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const names: string[] = [];
  for (let current: ts.Node | undefined = node.parent; current; current = current.parent) {
    if (ts.isPropertyAssignment(current) || ts.isVariableDeclaration(current)) names.unshift(current.name.getText());
  }
  return `${file.fileName}:${line}${names.length > 0 ? ` (${names.join('.')})` : ''}`;
}

/**
 * The route table's screens (`screens.videos`) that only members reach: every `route(name, FLAGS, screens.x)` showing
 * it has flags that require a log-in (the guards send a visitor away before the screen renders).
 */
function membersOnlyScreens(file: ts.SourceFile): Set<string> {
  const flags = new Map<string, boolean>();
  const uses = new Map<string, boolean[]>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && ts.isObjectLiteralExpression(unwrapped(node.initializer))) {
      const literal = unwrapped(node.initializer) as ts.ObjectLiteralExpression;
      const requiresAuth = literal.properties.find((property) => property.name?.getText() === 'requiresAuth');
      if (requiresAuth && ts.isPropertyAssignment(requiresAuth)) flags.set(node.name.text, requiresAuth.initializer.kind === ts.SyntaxKind.TrueKeyword);
    }
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'screens') {
      const call = node.parent;
      const flag = ts.isCallExpression(call) && call.expression.getText() === 'route' ? call.arguments[1] : undefined;
      const members = flag !== undefined && ts.isIdentifier(flag) && flags.get(flag.text) === true;
      uses.set(node.name.text, [...(uses.get(node.name.text) ?? []), members]);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return new Set([...uses].filter(([, members]) => members.every(Boolean)).map(([screen]) => screen));
}

/**
 * Every lazy loader of the app: each `withTexts(list, () => import(X))` (also through a helper that passes its
 * parameters on, like the popup registry's `popup(list, load)`), each `loadWithX(() => loadTexts(list))` that adds
 * namespaces to another module's dynamic import (the theater player's), and each plain dynamic import of app code.
 */
export function lazyLoaders(): LazyLoader[] {
  const loaders: LazyLoader[] = [];
  const covered = new Set<ts.Node>();
  const modules = appModules();
  for (const module of modules) {
    const file = sourceOf(module);
    const membersOnly = module === ROUTE_TABLE ? membersOnlyScreens(file) : new Set<string>();
    // Helpers that hand their parameters to withTexts: name → [index of the list, index of the loader].
    const helpers = new Map<string, [number, number]>();
    const add = (call: ts.CallExpression, listArgument: ts.Expression | undefined, loadArgument: ts.Expression | undefined) => {
      const specifier = loadArgument && dynamicImportIn(loadArgument);
      const namespaces = listArgument && stringList(file, listArgument);
      if (!specifier || !namespaces) return false;
      const target = resolveModule(module, specifier);
      if (!target) return false;
      const name = nameOf(call);
      loaders.push({ site: siteOf(file, call), module: target, namespaces, membersOnly: name !== null && membersOnly.has(name) });
      ts.forEachChild(loadArgument, function mark(node) {
        if (isDynamicImport(node)) covered.add(node);
        ts.forEachChild(node, mark);
      });
      return true;
    };
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const callee = node.expression.text;
        const [list, load] = node.arguments;
        if (callee === 'withTexts' && !add(node, list, load)) helperOf(node, helpers);
        const helper = helpers.get(callee);
        if (helper) add(node, node.arguments[helper[0]], node.arguments[helper[1]]);
        if (/^loadWith[A-Z]/.test(callee) && load === undefined && list) addAlongside(file, node, list, loaders, covered);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  // The dynamic imports no loader above covers: a loader with no namespaces of its own.
  for (const module of modules) {
    const file = sourceOf(module);
    const membersOnly = module === ROUTE_TABLE ? membersOnlyScreens(file) : new Set<string>();
    const visit = (node: ts.Node): void => {
      if (isDynamicImport(node) && !covered.has(node)) {
        const specifier = dynamicImportIn(node);
        const target = specifier && resolveModule(module, specifier);
        if (target) loaders.push({ site: siteOf(file, node), module: target, namespaces: [], membersOnly: membersOnly.has(nameOf(node) ?? '') });
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return loaders;
}

/** `const popup = (namespaces, load) => lazy(withTexts(namespaces, load))`: calls of `popup` are loaders. */
function helperOf(call: ts.CallExpression, helpers: Map<string, [number, number]>): void {
  for (let current: ts.Node | undefined = call.parent; current; current = current.parent) {
    if (!ts.isArrowFunction(current) && !ts.isFunctionExpression(current)) continue;
    const parameters = current.parameters.map((parameter) => parameter.name.getText());
    const [list, load] = call.arguments.map((argument) => parameters.indexOf(argument.getText()));
    const declaration = current.parent;
    if (list !== undefined && load !== undefined && list >= 0 && load >= 0 && ts.isVariableDeclaration(declaration)) helpers.set(declaration.name.getText(), [list, load]);
    return;
  }
}

/**
 * `loadWithTheaterPlayer(() => loadTexts(['player']))`: the namespaces load with the dynamic imports of the module
 * that exports the function (the theater player's chunk waits for them).
 */
function addAlongside(file: ts.SourceFile, call: ts.CallExpression, argument: ts.Expression, loaders: LazyLoader[], covered: Set<ts.Node>): void {
  let namespaces: readonly string[] | null = null;
  ts.forEachChild(argument, function find(node) {
    if (ts.isCallExpression(node) && node.expression.getText() === 'loadTexts' && node.arguments[0]) namespaces = stringList(file, node.arguments[0]);
    ts.forEachChild(node, find);
  });
  if (!namespaces) return;
  const owner = importedFrom(file, (call.expression as ts.Identifier).text);
  if (!owner) return;
  const ownerFile = sourceOf(owner);
  ts.forEachChild(ownerFile, function find(node) {
    if (isDynamicImport(node)) {
      const specifier = dynamicImportIn(node);
      const target = specifier && resolveModule(owner, specifier);
      if (target) {
        covered.add(node);
        loaders.push({ site: siteOf(file, call), module: target, namespaces: namespaces ?? [], membersOnly: false });
      }
    }
    ts.forEachChild(node, find);
  });
}
