import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * The server's messages, collected from its sources: every text functions/** can send as an
 * error or success message, as the SPA's table of server messages (web/src/lib/server-messages)
 * keys it. The sources are parsed once, when this module is first imported.
 * Used by test/unit/languages/server-messages.test.ts.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
const at = (path: string) => join(root, path);

// ---------------------------------------------------------------------------------------------
// The collector: a small static evaluator over the TypeScript syntax of functions/**.
//
// Sinks (where a message leaves for the wire): `new <error class>(…)` of every class extending
// AppError (and GatewayError, whose refusals become 409s), the second argument of `success(…)`,
// the `message` of any object literal that also has a `status` (envelopes built by hand), and the
// message argument of valibot's actions (`v.string(msg)`, `v.minLength(n, msg)`, `v.check(fn,
// msg)`, a message function's return values). A sink's expression is evaluated to every text it
// can be: literals, template literals (a part that is not text known in the source becomes an
// ICU placeholder {0}, {1}, …, in order), `a ? b : c`, `a || b`, `a ?? b`, `+`, constants (across
// imports), properties of constant objects (and properties assigned to them), element access
// (every value), calls of functions written in functions/** (their return values, with the call's
// arguments bound), and parameters (the arguments at every call site). Whatever is still not
// text (server data, a third party's words) is reported as a dynamic part, which the test lists.
// ---------------------------------------------------------------------------------------------

/** A message as the evaluator sees it: literal text and holes (`null`), one alternative. */
export type Alt = (string | null)[];
type Env = Map<ts.ParameterDeclaration, { arg: ts.Expression | undefined; env: Env }>;
type FnLike = ts.FunctionLikeDeclaration;
type Decl =
  | { kind: 'var'; node: ts.VariableDeclaration }
  | { kind: 'param'; node: ts.ParameterDeclaration; fn: ts.SignatureDeclaration; index: number; property?: string }
  | { kind: 'function'; node: ts.FunctionDeclaration }
  | { kind: 'class'; node: ts.ClassDeclaration }
  | { kind: 'import'; file: string; name: string };

const maxDepth = 14;
const noEnv: Env = new Map();

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const sources = new Map(
  tsFiles(at('functions')).map((file) => [file, ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)]),
);

/** Every call and `new` in the sources, by the name it calls (`f(…)`, `o.f(…)`). */
const callsByName = new Map<string, (ts.CallExpression | ts.NewExpression)[]>();
const allNodes: ts.Node[] = [];
for (const source of sources.values()) {
  const visit = (node: ts.Node) => {
    allNodes.push(node);
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
      if (name) callsByName.set(name, [...(callsByName.get(name) ?? []), node]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

const where = (node: ts.Node) => {
  const source = node.getSourceFile();
  return `${relative(root, source.fileName)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
};

function unwrap(expr: ts.Expression): ts.Expression {
  while (
    ts.isParenthesizedExpression(expr) ||
    ts.isAsExpression(expr) ||
    ts.isSatisfiesExpression(expr) ||
    ts.isNonNullExpression(expr) ||
    ts.isTypeAssertionExpression(expr)
  )
    expr = expr.expression;
  return expr;
}

function resolveModule(fromFile: string, specifier: string): string | undefined {
  const base = specifier.startsWith('.')
    ? join(dirname(fromFile), specifier)
    : specifier.startsWith('@contract/')
      ? at(`functions/contract/${specifier.slice('@contract/'.length)}`)
      : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, join(base, 'index.ts')].find((file) => sources.has(file));
}

/** A name declared among a block's (or a file's) statements. */
function declaredIn(statements: readonly ts.Statement[], name: string, file: string): Decl | undefined {
  for (const statement of statements) {
    if (ts.isVariableStatement(statement)) {
      for (const node of statement.declarationList.declarations)
        if (ts.isIdentifier(node.name) && node.name.text === name) return { kind: 'var', node };
    } else if (ts.isFunctionDeclaration(statement) && statement.name?.text === name) return { kind: 'function', node: statement };
    else if (ts.isClassDeclaration(statement) && statement.name?.text === name) return { kind: 'class', node: statement };
    else if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const target = resolveModule(file, statement.moduleSpecifier.text);
      const bindings = statement.importClause?.namedBindings;
      if (target && bindings && ts.isNamedImports(bindings))
        for (const element of bindings.elements)
          if (element.name.text === name) return { kind: 'import', file: target, name: (element.propertyName ?? element.name).text };
    }
  }
  return undefined;
}

/** An export of a module, through re-exports. */
function exported(file: string, name: string, depth = 0): Decl | undefined {
  const source = sources.get(file)!;
  const found = declaredIn(source.statements, name, file);
  if (found) return found.kind === 'import' && depth < maxDepth ? exported(found.file, found.name, depth + 1) : found;
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const target = resolveModule(file, statement.moduleSpecifier.text);
    if (!target || depth >= maxDepth) continue;
    const clause = statement.exportClause;
    if (!clause) {
      const star = exported(target, name, depth + 1);
      if (star) return star;
    } else if (ts.isNamedExports(clause)) {
      for (const element of clause.elements)
        if (element.name.text === name) return exported(target, (element.propertyName ?? element.name).text, depth + 1);
    }
  }
  return undefined;
}

/** What an identifier names, from its scopes outwards (imports followed). */
function declarationOf(id: ts.Identifier): Decl | undefined {
  const file = id.getSourceFile().fileName;
  for (let scope: ts.Node | undefined = id.parent; scope; scope = scope.parent) {
    if (ts.isFunctionLike(scope)) {
      const index = scope.parameters.findIndex((p) => ts.isIdentifier(p.name) && p.name.text === id.text);
      if (index >= 0) return { kind: 'param', node: scope.parameters[index]!, fn: scope, index };
      // A property of a destructured parameter: `({ limit, key }) => …`.
      for (const [at, parameter] of scope.parameters.entries()) {
        if (!ts.isObjectBindingPattern(parameter.name)) continue;
        const element = parameter.name.elements.find((e) => ts.isIdentifier(e.name) && e.name.text === id.text);
        const property = element && (element.propertyName ?? element.name);
        if (property && ts.isIdentifier(property)) return { kind: 'param', node: parameter, fn: scope, index: at, property: property.text };
      }
    }
    if (ts.isBlock(scope) || ts.isSourceFile(scope) || ts.isModuleBlock(scope)) {
      const found = declaredIn(scope.statements, id.text, file);
      if (found) return found.kind === 'import' ? exported(found.file, found.name) : found;
    }
  }
  return undefined;
}

/** The name a function is called by. */
function nameOf(fn: ts.SignatureDeclaration): string | undefined {
  if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
  const parent = fn.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name)) return parent.name.text;
  return undefined;
}

/** The expressions a function returns (not those of functions inside it). */
function returnsOf(fn: FnLike): ts.Expression[] {
  if (!fn.body) return [];
  if (!ts.isBlock(fn.body)) return [fn.body];
  const found: ts.Expression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isReturnStatement(node) && node.expression) found.push(node.expression);
    if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  return found;
}

function bind(fn: FnLike, closure: Env, args: readonly ts.Expression[], callerEnv: Env): Env {
  const env: Env = new Map(closure);
  fn.parameters.forEach((parameter, index) => {
    const arg = args[index];
    env.set(parameter, { arg: arg && !ts.isSpreadElement(arg) ? arg : undefined, env: callerEnv });
  });
  return env;
}

/** The arguments given to a function's parameter at its call sites (its default where one leaves it out). */
function argumentsOf(decl: Extract<Decl, { kind: 'param' }>, depth: number): { arg: ts.Expression; env: Env }[] {
  const name = nameOf(decl.fn);
  if (!name || depth >= maxDepth) return [];
  const found: { arg: ts.Expression; env: Env }[] = [];
  for (const call of callsByName.get(name) ?? []) {
    if (!ts.isCallExpression(call)) continue;
    if (!functionsOf(call.expression, noEnv, depth + 1).some(({ fn }) => fn === decl.fn)) continue;
    const arg = call.arguments[decl.index];
    if (arg && !ts.isSpreadElement(arg)) found.push({ arg, env: noEnv });
    else if (decl.node.initializer) found.push({ arg: decl.node.initializer, env: noEnv });
  }
  return found;
}

/** What an identifier stands for: expressions to evaluate further, each with its environment. */
function meaningsOf(id: ts.Identifier, env: Env, depth: number): { expr: ts.Expression; env: Env }[] | Decl | undefined {
  const decl = declarationOf(id);
  if (!decl) return undefined;
  if (decl.kind === 'var') return decl.node.initializer ? [{ expr: decl.node.initializer, env }] : [];
  if (decl.kind === 'param') {
    const values = valuesOfParameter(decl, env, depth);
    if (decl.property === undefined) return values;
    return values.flatMap((value) =>
      propertiesOf(value.expr, decl.property, value.env, depth + 1).flatMap((p) =>
        ts.isMethodDeclaration(p.expr) ? [] : [{ expr: p.expr as ts.Expression, env: p.env }],
      ),
    );
  }
  return decl;
}

/** What a parameter is given: its bound argument, a list's elements (a callback's), or the arguments at its function's call sites. */
function valuesOfParameter(decl: Extract<Decl, { kind: 'param' }>, env: Env, depth: number): { expr: ts.Expression; env: Env }[] {
  const bound = env.get(decl.node);
  if (bound) {
    const expr = bound.arg ?? decl.node.initializer;
    return expr ? [{ expr, env: bound.arg ? bound.env : env }] : [];
  }
  return elementsPassedTo(decl, depth) ?? argumentsOf(decl, depth).map(({ arg, env }) => ({ expr: arg, env }));
}

/** A callback's first parameter over a constant list (`names.map((name) => …)`): each element. */
function elementsPassedTo(decl: Extract<Decl, { kind: 'param' }>, depth: number): { expr: ts.Expression; env: Env }[] | undefined {
  const call = decl.fn.parent;
  if (decl.index !== 0 || !ts.isCallExpression(call) || call.arguments[0] !== decl.fn) return undefined;
  const callee = call.expression;
  if (
    !ts.isPropertyAccessExpression(callee) ||
    !['map', 'flatMap', 'forEach', 'filter', 'some', 'every', 'find'].includes(callee.name.text)
  )
    return undefined;
  const elements = elementsOf(callee.expression, noEnv, depth + 1);
  return elements.length ? elements : undefined;
}

/** The elements of a constant list. */
function elementsOf(expr: ts.Expression, env: Env, depth: number): { expr: ts.Expression; env: Env }[] {
  expr = unwrap(expr);
  if (depth >= maxDepth) return [];
  if (ts.isArrayLiteralExpression(expr))
    return expr.elements.flatMap((element) =>
      ts.isSpreadElement(element) ? elementsOf(element.expression, env, depth + 1) : [{ expr: element, env }],
    );
  if (ts.isIdentifier(expr)) {
    const meanings = meaningsOf(expr, env, depth);
    return Array.isArray(meanings) ? meanings.flatMap((m) => elementsOf(m.expr, m.env, depth + 1)) : [];
  }
  if (ts.isPropertyAccessExpression(expr))
    return propertiesOf(expr.expression, expr.name.text, env, depth).flatMap((p) =>
      ts.isMethodDeclaration(p.expr) ? [] : elementsOf(p.expr as ts.Expression, p.env, depth + 1),
    );
  return [];
}

/** The functions an expression can be (a callee), each with the environment it closes over. */
function functionsOf(expr: ts.Expression, env: Env, depth: number): { fn: FnLike; env: Env }[] {
  expr = unwrap(expr);
  if (depth >= maxDepth) return [];
  if (ts.isArrowFunction(expr) || ts.isFunctionExpression(expr)) return [{ fn: expr, env }];
  if (ts.isIdentifier(expr)) {
    const meanings = meaningsOf(expr, env, depth);
    if (Array.isArray(meanings)) return meanings.flatMap((m) => functionsOf(m.expr, m.env, depth + 1));
    return meanings?.kind === 'function' ? [{ fn: meanings.node, env: noEnv }] : [];
  }
  if (ts.isPropertyAccessExpression(expr))
    return propertiesOf(expr.expression, expr.name.text, env, depth).flatMap((p) =>
      ts.isMethodDeclaration(p.expr) ? [{ fn: p.expr, env: p.env }] : functionsOf(p.expr as ts.Expression, p.env, depth + 1),
    );
  if (ts.isCallExpression(expr))
    return functionsOf(expr.expression, env, depth + 1).flatMap(({ fn, env: closure }) => {
      const callEnv = bind(fn, closure, expr.arguments, env);
      return returnsOf(fn).flatMap((returned) => functionsOf(returned, callEnv, depth + 1));
    });
  return [];
}

/** The object literals an expression can be, each with its environment (and its variable, for assignments to it). */
function objectsOf(expr: ts.Expression, env: Env, depth: number): { object: ts.ObjectLiteralExpression; env: Env }[] {
  expr = unwrap(expr);
  if (depth >= maxDepth) return [];
  if (ts.isObjectLiteralExpression(expr)) return [{ object: expr, env }];
  if (ts.isIdentifier(expr)) {
    const meanings = meaningsOf(expr, env, depth);
    return Array.isArray(meanings) ? meanings.flatMap((m) => objectsOf(m.expr, m.env, depth + 1)) : [];
  }
  if (ts.isPropertyAccessExpression(expr))
    return propertiesOf(expr.expression, expr.name.text, env, depth).flatMap((p) =>
      ts.isMethodDeclaration(p.expr) ? [] : objectsOf(p.expr as ts.Expression, p.env, depth + 1),
    );
  if (ts.isCallExpression(expr))
    return functionsOf(expr.expression, env, depth + 1).flatMap(({ fn, env: closure }) => {
      const callEnv = bind(fn, closure, expr.arguments, env);
      return returnsOf(fn).flatMap((returned) => objectsOf(returned, callEnv, depth + 1));
    });
  if (ts.isConditionalExpression(expr)) return [...objectsOf(expr.whenTrue, env, depth + 1), ...objectsOf(expr.whenFalse, env, depth + 1)];
  if (ts.isBinaryExpression(expr) && [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(expr.operatorToken.kind))
    return [...objectsOf(expr.left, env, depth + 1), ...objectsOf(expr.right, env, depth + 1)];
  return [];
}

/**
 * The values a property (`name`, or every property when `name` is undefined) of an object
 * literal has: written in it, spread into it, or assigned to it later (`problems.x = '…'`).
 */
function propertiesOf(
  objectExpr: ts.Expression,
  name: string | undefined,
  env: Env,
  depth: number,
): { expr: ts.Expression | ts.MethodDeclaration; env: Env }[] {
  const found: { expr: ts.Expression | ts.MethodDeclaration; env: Env }[] = [];
  for (const { object, env: objectEnv } of objectsOf(objectExpr, env, depth + 1)) {
    for (const property of object.properties) {
      if (ts.isSpreadAssignment(property)) {
        found.push(...propertiesOf(property.expression, name, objectEnv, depth + 1));
        continue;
      }
      const key = property.name && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) ? property.name.text : undefined;
      if (name !== undefined && key !== name) continue;
      if (ts.isPropertyAssignment(property)) found.push({ expr: property.initializer, env: objectEnv });
      else if (ts.isShorthandPropertyAssignment(property)) found.push({ expr: property.name, env: objectEnv });
      else if (ts.isMethodDeclaration(property)) found.push({ expr: property, env: objectEnv });
    }
    // Assignments to the variable the literal initialises: `const problems = {}; problems.x = '…'`.
    const variable = object.parent;
    if (ts.isVariableDeclaration(variable) && ts.isIdentifier(variable.name)) {
      const scope = variable.parent.parent.parent;
      const visit = (node: ts.Node) => {
        if (
          ts.isBinaryExpression(node) &&
          node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
          ts.isPropertyAccessExpression(node.left) &&
          ts.isIdentifier(node.left.expression) &&
          node.left.expression.text === (variable.name as ts.Identifier).text &&
          (name === undefined || node.left.name.text === name)
        )
          found.push({ expr: node.right, env: objectEnv });
        ts.forEachChild(node, visit);
      };
      visit(scope);
    }
  }
  return found;
}

const isObjectValues = (expr: ts.Expression) =>
  ts.isCallExpression(expr) &&
  ts.isPropertyAccessExpression(expr.expression) &&
  ts.isIdentifier(expr.expression.expression) &&
  expr.expression.expression.text === 'Object' &&
  expr.expression.name.text === 'values';

const hole: Alt[] = [[null]];
const maxAlternatives = 400;

function product(left: Alt[], right: Alt[]): Alt[] {
  const out = left.flatMap((a) => right.map((b) => [...a, ...b]));
  return out.slice(0, maxAlternatives);
}

/** String methods the evaluator applies to a known text, given literal arguments. */
const stringMethods: Record<string, (args: readonly ts.Expression[]) => ((text: string) => string) | undefined> = {
  toUpperCase: () => (text) => text.toUpperCase(),
  toLowerCase: () => (text) => text.toLowerCase(),
  trim: () => (text) => text.trim(),
  slice: (args) =>
    args.every((arg) => ts.isNumericLiteral(arg))
      ? (text) => text.slice(...args.map((arg) => Number((arg as ts.NumericLiteral).text)))
      : undefined,
};

/** Every text an expression can be (`undefined`: none known, a dynamic value). */
function textsOf(expr: ts.Expression, env: Env, depth: number): Alt[] | undefined {
  expr = unwrap(expr);
  if (depth >= maxDepth) return undefined;
  const sub = (e: ts.Expression, en: Env = env) => textsOf(e, en, depth + 1) ?? hole;
  const union = (parts: (Alt[] | undefined)[]) => {
    const known = parts.flatMap((part) => part ?? hole);
    return known.length ? known : undefined;
  };
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [[expr.text]];
  if (ts.isTemplateExpression(expr)) {
    let alts: Alt[] = [[expr.head.text]];
    for (const span of expr.templateSpans) alts = product(product(alts, sub(span.expression)), [[span.literal.text]]);
    return alts;
  }
  if (ts.isConditionalExpression(expr)) return union([sub(expr.whenTrue), sub(expr.whenFalse)]);
  if (ts.isBinaryExpression(expr)) {
    const operator = expr.operatorToken.kind;
    if (operator === ts.SyntaxKind.BarBarToken || operator === ts.SyntaxKind.QuestionQuestionToken)
      return union([sub(expr.left), sub(expr.right)]);
    if (operator === ts.SyntaxKind.PlusToken) return product(sub(expr.left), sub(expr.right));
    return undefined;
  }
  if (ts.isIdentifier(expr)) {
    const meanings = meaningsOf(expr, env, depth);
    if (!Array.isArray(meanings) || !meanings.length) return undefined;
    return union(meanings.map((m) => textsOf(m.expr, m.env, depth + 1)));
  }
  if (ts.isPropertyAccessExpression(expr)) {
    const values = propertiesOf(expr.expression, expr.name.text, env, depth).filter((p) => !ts.isMethodDeclaration(p.expr));
    return values.length ? union(values.map((p) => textsOf(p.expr as ts.Expression, p.env, depth + 1))) : undefined;
  }
  if (ts.isElementAccessExpression(expr) && ts.isNumericLiteral(expr.argumentExpression)) {
    // A character of a known text (`what[0]`).
    const texts = textsOf(expr.expression, env, depth + 1);
    const index = Number(expr.argumentExpression.text);
    if (texts && !texts.some((alt) => alt.includes(null))) return texts.map((alt) => [alt.join('').charAt(index)]);
  }
  if (ts.isElementAccessExpression(expr)) {
    const of = unwrap(expr.expression);
    const target = isObjectValues(of) ? (of as ts.CallExpression).arguments[0]! : of;
    const values = propertiesOf(target, undefined, env, depth).filter((p) => !ts.isMethodDeclaration(p.expr));
    return values.length ? union(values.map((p) => textsOf(p.expr as ts.Expression, p.env, depth + 1))) : undefined;
  }
  if (ts.isCallExpression(expr) && ts.isPropertyAccessExpression(expr.expression)) {
    const method = expr.expression.name.text;
    const of = expr.expression.expression;
    if (method === 'join') {
      // A constant list joined: every element's text, in order.
      const separator = expr.arguments[0] ? textsOf(expr.arguments[0], env, depth + 1) : [[',']];
      const elements = elementsOf(of, env, depth + 1);
      if (elements.length && separator?.length === 1) {
        let alts: Alt[] = [[]];
        elements.forEach((element, index) => {
          if (index) alts = product(alts, separator);
          alts = product(alts, sub(element.expr, element.env));
        });
        return alts;
      }
    }
    const transform = stringMethods[method]?.(expr.arguments);
    if (transform) {
      const texts = textsOf(of, env, depth + 1);
      if (!texts || texts.some((alt) => alt.includes(null))) return undefined;
      return texts.map((alt) => [transform(alt.join(''))]);
    }
  }
  if (ts.isCallExpression(expr)) {
    const fns = functionsOf(expr.expression, env, depth + 1);
    const returned = fns.flatMap(({ fn, env: closure }) => {
      const callEnv = bind(fn, closure, expr.arguments, env);
      return returnsOf(fn).map((r) => textsOf(r, callEnv, depth + 1));
    });
    return returned.length ? union(returned) : undefined;
  }
  return undefined;
}

// --- Sinks ---------------------------------------------------------------------------------

/** Whether a class is an error that reaches the wire with its message: AppError's subclasses, and GatewayError (a refusal becomes a 409). */
function isWireError(decl: ts.ClassDeclaration, depth = 0): boolean {
  const name = decl.name?.text;
  if (name === 'AppError' || name === 'GatewayError') return true;
  const base = decl.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
  if (!base || !ts.isIdentifier(base) || depth > maxDepth) return false;
  const baseDecl = declarationOf(base);
  return baseDecl?.kind === 'class' && isWireError(baseDecl.node, depth + 1);
}

/** The message of `new C(args)`: through the constructors' `super(…)` down to Error's own argument. */
function errorMessageOf(
  decl: ts.ClassDeclaration,
  args: readonly ts.Expression[],
  env: Env,
  depth = 0,
): ts.Expression | [ts.Expression, Env] | undefined {
  const ctor = decl.members.find(ts.isConstructorDeclaration);
  const base = decl.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
  if (!base || !ts.isIdentifier(base)) return undefined;
  if (!ctor) {
    const baseDecl = declarationOf(base);
    return baseDecl?.kind === 'class' ? errorMessageOf(baseDecl.node, args, env, depth + 1) : undefined;
  }
  const callEnv = bind(ctor, noEnv, args, env);
  let superCall: ts.CallExpression | undefined;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword) superCall = node;
    else ts.forEachChild(node, visit);
  };
  visit(ctor);
  if (!superCall) return undefined;
  if (base.text === 'Error') return superCall.arguments[0] && [superCall.arguments[0], callEnv];
  const baseDecl = declarationOf(base);
  return baseDecl?.kind === 'class' && depth < maxDepth
    ? errorMessageOf(baseDecl.node, superCall.arguments, callEnv, depth + 1)
    : undefined;
}

/** valibot's schemas and actions whose last argument is not a message. */
const notMessageLast = new Set([
  'pipe',
  'optional',
  'nullable',
  'nullish',
  'undefinedable',
  'exactOptional',
  'fallback',
  'transform',
  'forward',
  'rawTransform',
  'rawCheck',
  'brand',
  'metadata',
  'title',
  'description',
]);

interface Sink {
  node: ts.Node;
  /** What the sink is, for the report: `new Conflict(…)`, `v.check`, … */
  what: string;
  /** The texts it sends, in an environment of the function it is in. */
  texts: (env: Env) => (Alt[] | undefined)[];
}

function sinks(): Sink[] {
  const found: Sink[] = [];
  const text = (expr: ts.Expression) => (env: Env) => [textsOf(expr, env, 0)];
  for (const node of allNodes) {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression)) {
      const decl = declarationOf(node.expression);
      if (decl?.kind !== 'class' || !isWireError(decl.node)) continue;
      const args = node.arguments ?? [];
      found.push({
        node,
        what: node.getText(),
        texts: (env) => {
          const message = errorMessageOf(decl.node, args, env);
          if (!message) return [undefined];
          const [expr, messageEnv] = Array.isArray(message) ? message : [message, env];
          const texts = [textsOf(expr, messageEnv, 0)];
          // Invalid's `errors`: each field's message.
          if (node.expression.getText() === 'Invalid' && args[1])
            for (const p of propertiesOf(args[1], undefined, env, 0))
              if (!ts.isMethodDeclaration(p.expr)) texts.push(textsOf(p.expr, p.env, 0));
          return texts;
        },
      });
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (ts.isIdentifier(callee) && callee.text === 'success' && node.arguments[1])
        found.push({ node, what: 'success', texts: text(node.arguments[1]) });
      if (
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'v' &&
        !notMessageLast.has(callee.name.text) &&
        node.arguments.length
      ) {
        const last = unwrap(node.arguments[node.arguments.length - 1]!);
        if (ts.isArrowFunction(last) || ts.isFunctionExpression(last)) {
          // A message function (`(issue) => …`) of an action whose first argument is the requirement.
          if (node.arguments.length > 1)
            found.push({ node, what: `v.${callee.name.text} message`, texts: (env) => returnsOf(last).map((r) => textsOf(r, env, 0)) });
        } else if (isTextish(last)) found.push({ node, what: `v.${callee.name.text}`, texts: text(last) });
      }
    } else if (ts.isObjectLiteralExpression(node)) {
      const keys = node.properties.map((p) => (p.name && ts.isIdentifier(p.name) ? p.name.text : undefined));
      if (keys.includes('status') && keys.includes('message'))
        found.push({
          node,
          what: 'envelope',
          texts: (env) =>
            propertiesOf(node, 'message', env, 0).flatMap((p) => (ts.isMethodDeclaration(p.expr) ? [] : [textsOf(p.expr, p.env, 0)])),
        });
    }
  }
  return found;
}

/** Whether a valibot argument may be a message (not a schema, a pattern, a number, a list or an object). */
function isTextish(expr: ts.Expression, depth = 0): boolean {
  expr = unwrap(expr);
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr) || ts.isTemplateExpression(expr)) return true;
  if (ts.isConditionalExpression(expr) || ts.isBinaryExpression(expr)) return true;
  if (ts.isIdentifier(expr) && depth < maxDepth) {
    const decl = declarationOf(expr);
    if (decl?.kind === 'param') return true;
    if (decl?.kind === 'var' && decl.node.initializer) return isTextish(decl.node.initializer, depth + 1);
    return false;
  }
  if (ts.isPropertyAccessExpression(expr)) return !(ts.isIdentifier(expr.expression) && expr.expression.text === 'v');
  return false;
}

export interface Collected {
  /** Message patterns (ICU: `{0}`, `{1}` for the parts that vary), each with where it is sent from. */
  messages: Map<string, string[]>;
  /** Sinks, or alternatives of them, with no text known in the source: `where — expression`. */
  dynamic: Set<string>;
  /** How many source files of functions/ were read. */
  files: number;
}

/**
 * The environments a sink is evaluated in: once per call site of the function it is in, with all
 * of that call's arguments bound together (so that two parameters are not crossed with each other's
 * values from other calls); as it is where the function has no call sites in the sources.
 */
function sinkEnvs(sink: Sink): { env: Env; from: ts.Node }[] {
  let fn: ts.Node | undefined = sink.node.parent;
  while (fn && !(ts.isFunctionLike(fn) && nameOf(fn))) fn = fn.parent;
  if (!fn) return [{ env: noEnv, from: sink.node }];
  const target = fn as FnLike;
  const calls = (callsByName.get(nameOf(target)!) ?? []).filter(
    (call): call is ts.CallExpression => ts.isCallExpression(call) && functionsOf(call.expression, noEnv, 1).some((f) => f.fn === target),
  );
  if (!calls.length) return [{ env: noEnv, from: sink.node }];
  return calls.map((call) => ({ env: bind(target, noEnv, call.arguments, noEnv), from: call }));
}

/**
 * A message as its table id (ICU): its text, with {0}, {1}, … in place of the parts that vary (two
 * side by side are one), a brace quoted ('{'), and an apostrophe doubled where ICU would read it
 * as a quote (before a brace or another apostrophe). `undefined`: no text at all, a dynamic message.
 */
function patternOf(alt: Alt): string | undefined {
  if (alt.every((piece) => piece === '')) return '';
  if (!alt.some((piece) => piece?.trim())) return undefined;
  const merged: Alt = [];
  for (const piece of alt) {
    if (piece === '') continue;
    if (piece === null && merged.at(-1) === null) continue;
    if (piece !== null && typeof merged.at(-1) === 'string') merged[merged.length - 1] += piece;
    else merged.push(piece);
  }
  return icuOf(merged);
}

/** The ICU text of a message's pieces. */
export function icuOf(pieces: Alt): string {
  let index = 0;
  let out = '';
  pieces.forEach((piece, at) => {
    if (piece === null) {
      out += `{${index++}}`;
      return;
    }
    for (let i = 0; i < piece.length; i += 1) {
      const char = piece[i];
      const next = i + 1 < piece.length ? piece[i + 1] : pieces[at + 1] === null ? '{' : '';
      if (char === '{' || char === '}') out += `'${char}'`;
      else if (char === "'" && (next === '{' || next === '}' || next === "'")) out += "''";
      else out += char;
    }
  });
  return out;
}

/** Every message the server can send, with where from, and the sinks whose text is not in the source. */
export function collectServerMessages(): Collected {
  const messages = new Map<string, string[]>();
  const dynamic = new Set<string>();
  for (const sink of sinks()) {
    for (const { env, from } of sinkEnvs(sink)) {
      for (const alt of sink.texts(env).flatMap((texts) => texts ?? hole)) {
        const pattern = patternOf(alt);
        if (pattern === undefined) dynamic.add(`${where(sink.node)} ${sink.what.replace(/\s+/g, ' ')}`);
        // Where it is sent from: the sink, or the call that gave it its words (`requiredText('Name is required')`).
        else if (pattern !== '') messages.set(pattern, [...(messages.get(pattern) ?? []), where(from)]);
      }
    }
  }
  return { messages, dynamic, files: sources.size };
}
