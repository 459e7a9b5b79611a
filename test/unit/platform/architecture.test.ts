import { readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { declarations, importCycles, relativeImports, sourceFiles } from '../../support/tools/imports';

/**
 * The import rules no linter checks here: areas of functions/ depend one way (a floor imports only
 * lower floors), a repo imports no other area, the console (admin) writes only through the areas'
 * services, and the web's areas sit on floors too (a feature imports only features below it).
 */
const root = resolve(import.meta.dirname, '../../..');
const functionsDir = join(root, 'functions');
const webDir = join(root, 'web', 'src');

/** Each area's floor: an area may import areas on lower floors only (and itself). */
const floors: Record<string, number> = {
  routes: 0,
  contract: 0,
  shared: 1,
  users: 2,
  http: 3,
  gateway: 4,
  suppliers: 4,
  audit: 4,
  mail: 4,
  sms: 4,
  risk: 4,
  notifications: 5,
  reports: 5,
  catalog: 4,
  content: 4,
  wallet: 5,
  promotions: 5,
  auth: 6,
  vouchers: 6,
  orders: 7,
  payments: 8,
  platform: 8,
  admin: 9,
};

/** Areas a repo may import besides its own: the shared floor. */
const repoMayImport = new Set(['shared', 'contract']);

/** The area of a path under functions/: its first folder, or the file's name at the top (routes). */
const areaOf = (path: string) => relative(functionsDir, path).split(sep)[0]!.replace(/\.ts$/, '');

const functionFiles = sourceFiles(functionsDir);

/** A repo: an area's `repo.ts`, or one of its repos split by job (`orders/delivery-repo.ts`). */
const isRepo = (path: string) => /(?:^|-)repo\.ts$/.test(basename(path));

describe('functions/ areas', () => {
  it('names every area on a floor', () => {
    const areas = new Set(functionFiles.map(areaOf));
    expect([...areas].filter((area) => !(area in floors))).toEqual([]);
  });

  it('import only areas on lower floors', () => {
    const upward: string[] = [];
    for (const file of functionFiles) {
      const from = areaOf(file);
      for (const target of relativeImports(file)) {
        const to = areaOf(target);
        if (to !== from && !(floors[to]! < floors[from]!)) upward.push(`${relative(root, file)} → ${to}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it('keep each repo to its own area and the shared floor', () => {
    const crossing: string[] = [];
    for (const file of functionFiles.filter(isRepo)) {
      const from = areaOf(file);
      for (const target of relativeImports(file)) {
        const to = areaOf(target);
        if (to !== from && !repoMayImport.has(to)) crossing.push(`${relative(root, file)} → ${to}`);
      }
    }
    expect(crossing).toEqual([]);
  });

  it('keep the contract to valibot and itself, so that the SPA can carry it', () => {
    const contractDir = join(functionsDir, 'contract');
    const contractFiles = functionFiles.filter((file) => areaOf(file) === 'contract');
    const outside: string[] = [];
    for (const file of contractFiles) {
      const text = readFileSync(file, 'utf8');
      const specifiers = [
        ...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g),
      ].map((match) => match[1] ?? match[2]!);
      for (const specifier of specifiers) {
        const inside = specifier.startsWith('.') && !relative(contractDir, resolve(dirname(file), specifier)).startsWith('..');
        if (specifier !== 'valibot' && !inside) outside.push(`${relative(root, file)} → ${specifier}`);
      }
    }
    expect(contractFiles.length).toBeGreaterThan(3);
    expect(outside).toEqual([]);
  });

  it('catches an upward import (the rule is not vacuous)', () => {
    const ordersService = join(functionsDir, 'orders', 'service.ts');
    expect(relativeImports(ordersService).map(areaOf)).toContain('wallet');
    expect(floors.wallet! < floors.orders!).toBe(true);
    expect(floors.payments! < floors.orders!).toBe(false);
  });
});

describe('payment gateways (functions/gateway/)', () => {
  /** The port's own files; every other file there is one gateway's adapter. */
  const portFiles = new Set(['port.ts', 'registry.ts', 'repo.ts', 'limits.ts'].map((name) => join(functionsDir, 'gateway', name)));
  const adapters = functionFiles.filter((file) => areaOf(file) === 'gateway' && !portFiles.has(file));
  /** Files that import an adapter other than the registry, which holds them all. */
  const adapterImports = (files: string[]) =>
    files.flatMap((file) =>
      relativeImports(file)
        .filter((target) => adapters.includes(`${target}.ts`) && file !== join(functionsDir, 'gateway', 'registry.ts'))
        .map((target) => `${relative(root, file)} → ${relative(root, target)}`),
    );

  it('are reached through the registry only: no service imports an adapter', () => {
    expect(adapters.map((file) => relative(functionsDir, file))).toContain(join('gateway', 'uddoktapay.ts'));
    expect(adapterImports(functionFiles)).toEqual([]);
  });

  it('catches a service importing an adapter (the rule is not vacuous)', () => {
    const registry = join(functionsDir, 'gateway', 'registry.ts');
    expect(relativeImports(registry).map((target) => `${target}.ts`)).toContain(join(functionsDir, 'gateway', 'uddoktapay.ts'));
    const service = join(functionsDir, 'payments', 'service.ts');
    expect(adapterImports([service])).toEqual([]);
    const text = `import { uddoktaPay } from '../gateway/uddoktapay';\n${readFileSync(service, 'utf8')}`;
    expect(relativeImports(service, text).some((target) => adapters.includes(`${target}.ts`))).toBe(true);
  });
});

/** What writing looks like in the data layer: a transaction item, a write command, the client itself. */
const writing =
  /\bTransactionItem\b|\b(?:Put|Update|Delete)\s*:\s*\{|new\s+(?:Put|Update|Delete|BatchWrite|TransactWrite)Command\b|DynamoDBDocumentClient/;

/**
 * The exports of a data-layer module that write: those that build a transaction item or send a
 * write themselves, or through one of the module's own unexported helpers that does.
 */
function writersOf(file: string): Set<string> {
  const found = declarations(file);
  const writers = new Set([...found].filter(([, { text }]) => writing.test(text)).map(([name]) => name));
  for (let grew = true; grew; ) {
    grew = false;
    const helpers = [...writers].filter((name) => !found.get(name)!.exported);
    for (const [name, { text }] of found)
      if (!writers.has(name) && helpers.some((helper) => new RegExp(`\\b${helper}\\b`).test(text))) {
        writers.add(name);
        grew = true;
      }
  }
  return new Set([...writers].filter((name) => found.get(name)!.exported));
}

/**
 * The data layer the console must not write through: every other area's repo (the audit's
 * excepted: the audit entry is the console's own to make) and the shared DynamoDB modules.
 * `transact` stays open: with no item builder but `auditItem`, all it can send is audit entries.
 */
const consoleMaySend = new Set(['transact']);
const isDataLayer = (path: string) =>
  (isRepo(path) && !['admin', 'audit'].includes(areaOf(path))) ||
  [join(functionsDir, 'shared', 'db.ts'), join(functionsDir, 'shared', 'transactions.ts')].includes(path);
const writersCache = new Map<string, Set<string>>();
const writersIn = (path: string) => writersCache.get(path) ?? writersCache.set(path, writersOf(path)).get(path)!;

/**
 * The writes a console file makes around the areas' services: an item or write command of its own,
 * each value it imports from the data layer (by name, or `ns.name` through a namespace import; a
 * dynamic import of a module with writers counts whole) that writes, and any import of the
 * DynamoDB client packages.
 */
function writesAroundServices(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (specifier: string) => `${relative(root, file)} → ${specifier}`;
  if (writing.test(text)) found.push(at('an item or write of its own'));
  const check = (specifier: string, names: string[]) => {
    if (/^@aws-sdk\/(?:client-dynamodb|lib-dynamodb)$/.test(specifier)) found.push(at(specifier));
    if (!specifier.startsWith('.')) return;
    const target = `${resolve(dirname(file), specifier)}.ts`;
    if (!isDataLayer(target)) return;
    const writers = writersIn(target);
    for (const name of names)
      if (name === '*' ? writers.size > 0 : writers.has(name) && !consoleMaySend.has(name)) found.push(at(`${specifier} ${name}`));
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && !node.importClause?.isTypeOnly) {
      const bindings = node.importClause?.namedBindings;
      const names =
        bindings && ts.isNamespaceImport(bindings)
          ? [...text.matchAll(new RegExp(`\\b${bindings.name.text}\\.(\\w+)`, 'g'))].map((match) => match[1]!)
          : bindings && ts.isNamedImports(bindings)
            ? bindings.elements.filter((element) => !element.isTypeOnly).map((element) => (element.propertyName ?? element.name).text)
            : [];
      check(node.moduleSpecifier.text, names);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      const clause = node.exportClause;
      const names =
        clause && ts.isNamedExports(clause)
          ? clause.elements.filter((element) => !element.isTypeOnly).map((element) => (element.propertyName ?? element.name).text)
          : ['*'];
      check(node.moduleSpecifier.text, names);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      ts.isStringLiteral(node.arguments[0]!)
    ) {
      check(node.arguments[0].text, ['*']);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the console (functions/admin/)', () => {
  it("writes only through the areas' services: it imports no writer of another area's repo or of the shared data layer", () => {
    const around = functionFiles
      .filter((file) => areaOf(file) === 'admin')
      .flatMap((file) => writesAroundServices(file, readFileSync(file, 'utf8')));
    expect(around).toEqual([]);
    // It parses every console file and the repos they import with the compiler: seconds on a busy 2-core machine.
  }, 60_000);

  it("tells a repo's writers from its readers", () => {
    const orders = writersIn(join(functionsDir, 'orders', 'repo.ts'));
    for (const writer of ['orderStatusItem', 'newOrderItem']) expect(orders).toContain(writer);
    expect(writersIn(join(functionsDir, 'orders', 'refund-repo.ts'))).toContain('gatewayRefundDoneItem');
    for (const reader of ['findOrder', 'getOrder', 'listOrdersByStatus', 'countPendingOrders', 'pendingOrderKey'])
      expect(orders).not.toContain(reader);
    const users = writersIn(join(functionsDir, 'users', 'repo.ts'));
    expect(users).toContain('updateProfileItem');
    expect(users).toContain('googleClaimItem');
    expect(users).not.toContain('findUserIds');
    expect(writersIn(join(functionsDir, 'shared', 'db.ts'))).toEqual(new Set(['db', 'putItem']));
  });

  it('catches a write around a service (the rule is not vacuous)', () => {
    const file = join(functionsDir, 'admin', 'service', 'users.ts');
    const before = [
      "import { type OrderStatus, findOrder, orderStatusItem } from '../../orders/repo';",
      "import type { User } from '../../users/repo';",
      "import * as wallet from '../../wallet/repo';",
      "import { auditItem } from '../../audit/repo';",
      "import { transact, upsertItem } from '../../shared/transactions';",
      "import { QueryCommand } from '@aws-sdk/lib-dynamodb';",
      'const items = [...wallet.balanceChangeItems(id, change, now), wallet.walletKey(id)];',
      "const repo = await import('../../catalog/repo');",
    ].join('\n');
    const handMade = 'const item: TransactionItem = { Put: { TableName: tableName, Item: {} } };';
    expect(writesAroundServices(file, before).map((found) => found.split(' → ')[1])).toEqual([
      '../../orders/repo orderStatusItem',
      '../../wallet/repo balanceChangeItems',
      '../../shared/transactions upsertItem',
      '@aws-sdk/lib-dynamodb',
      '../../catalog/repo *',
    ]);
    expect(writesAroundServices(file, handMade).map((found) => found.split(' → ')[1])).toEqual(['an item or write of its own']);
  });
});

/**
 * The web's floors: an area imports only areas on lower floors (and itself). `lib` and `config`
 * are the base (they may use each other; no file cycle, see below); then the shared UI; the low
 * features; the orders' read side; the buying features; the console; the app (shell, router,
 * pages) on top. A feature never imports a sibling on its own floor.
 */
const webFloors: Record<string, number> = {
  lib: 0,
  config: 0,
  components: 1,
  'features/payments': 2,
  'features/content': 2,
  'features/auth': 2,
  'features/notifications': 2,
  'features/orders': 3,
  'features/promotions': 3,
  'features/catalog': 4,
  'features/vouchers': 4,
  'features/wallet': 4,
  'features/admin': 5,
  app: 6,
};

/** The console's pages: the one place that may import `features/admin`. */
const adminPagesDir = join(webDir, 'app', 'routes', 'admin');

/** The area of a path under web/src: `features/<name>`, or its first folder (`main.tsx` is the app's). */
function webAreaOf(path: string): string {
  const [first, second] = relative(webDir, path).split(sep);
  if (first === 'features') return `features/${second}`;
  return first === 'main.tsx' ? 'app' : first!.replace(/\.tsx?$/, '');
}

/** The imports of a web file (its text given) that break a floor, or reach the console from outside its pages. */
function webCrossings(file: string, text: string): string[] {
  const from = webAreaOf(file);
  const found: string[] = [];
  for (const target of relativeImports(file, text)) {
    const to = webAreaOf(target);
    const at = `${relative(root, file)} → ${relative(webDir, target)}`;
    if (to === 'features/admin' && from !== to && !file.startsWith(`${adminPagesDir}${sep}`))
      found.push(`${at} (the console is imported by its pages only)`);
    if (to === from || (webFloors[to] === 0 && webFloors[from] === 0)) continue;
    if (!(webFloors[to]! < webFloors[from]!)) found.push(at);
  }
  return found;
}

const webFiles = sourceFiles(webDir);

/** The import cycles between web files: each as the files around it. */
const webCycles = () => importCycles(webFiles, webDir);

describe('web areas (web/src)', () => {
  it('names every area on a floor', () => {
    const areas = new Set(webFiles.map(webAreaOf));
    expect([...areas].filter((area) => !(area in webFloors))).toEqual([]);
  });

  it('import only areas on lower floors, and the console only from its pages', () => {
    expect(webFiles.flatMap((file) => webCrossings(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('have no import cycle between files', () => {
    expect(webCycles()).toEqual([]);
  });

  it('catches an upward, a sideways and a console import (the rule is not vacuous)', () => {
    const plant = (path: string, line: string) =>
      webCrossings(join(webDir, ...path.split('/')), line).map((found) => found.split(' → ')[1]);
    expect(plant('features/payments/components/payment-actions.tsx', "import { useOrders } from '../../orders/api/get-orders';")).toEqual([
      'features/orders/api/get-orders',
    ]);
    expect(
      plant('features/catalog/components/order-form.tsx', "import { VoucherCard } from '../../vouchers/components/voucher-card';"),
    ).toEqual(['features/vouchers/components/voucher-card']);
    expect(plant('lib/api.ts', "import { useUser } from '../features/auth/api/log-in';")).toEqual(['features/auth/api/log-in']);
    expect(plant('app/routes/profile/orders.tsx', "const admin = import('../../../features/admin/sections');")).toEqual([
      'features/admin/sections (the console is imported by its pages only)',
    ]);
    expect(plant('features/catalog/components/order-form.tsx', "import { useOrders } from '../../orders/api/get-orders';")).toEqual([]);
    expect(
      plant('app/routes/admin/orders.tsx', "import { OrdersTable } from '../../../features/admin/orders/components/orders-table';"),
    ).toEqual([]);
  });
});

/** The web's endpoint files: `features/<area>/api/*.ts`, the console's `features/admin/<section>/api/*.ts` too. */
const isWebApiFile = (file: string) => {
  const [first, ...folders] = relative(webDir, file).split(sep).slice(0, -1);
  return first === 'features' && folders.at(-1) === 'api';
};

/**
 * The calls of a web endpoint file (its text given) that send a body, `apiRequest('POST', path,
 * { body })`, each as `file:line`, and whether the file types them by a request schema of the
 * contract: imports one type-only (`import type { xBody } from '@contract/…'`, so that no schema
 * code reaches the bundle) and uses it (`v.InferInput<typeof xBody>`).
 */
function bodiesSent(file: string, text: string): { calls: string[]; typed: boolean } {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const calls: string[] = [];
  const schemas = new Set<string>();
  const used = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const bindings = node.importClause?.namedBindings;
      if (
        ts.isStringLiteral(node.moduleSpecifier) &&
        node.moduleSpecifier.text.startsWith('@contract/') &&
        bindings &&
        ts.isNamedImports(bindings)
      )
        for (const element of bindings.elements)
          if (/Body$/.test((element.propertyName ?? element.name).text) && (node.importClause?.isTypeOnly || element.isTypeOnly))
            schemas.add(element.name.text);
      return;
    }
    if (ts.isTypeQueryNode(node) && ts.isIdentifier(node.exprName)) used.add(node.exprName.text);
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'apiRequest') {
      const [method, , options] = node.arguments;
      const hasBody =
        options !== undefined &&
        ts.isObjectLiteralExpression(options) &&
        options.properties.some(
          (property) =>
            (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) && property.name.getText(source) === 'body',
        );
      if (method && ts.isStringLiteral(method) && method.text === 'POST' && hasBody)
        calls.push(`${relative(webDir, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { calls, typed: [...schemas].some((schema) => used.has(schema)) };
}

/** The calls of a web endpoint file that send a body typed by hand: one drifts from what the handler validates. */
function untypedBodies(file: string, text: string): string[] {
  const { calls, typed } = bodiesSent(file, text);
  return typed ? [] : calls;
}

describe('web endpoint files (web/src/features/**/api)', () => {
  const apiFiles = webFiles.filter(isWebApiFile).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

  it('type each body they send by its request schema from the contract', () => {
    expect(apiFiles.filter(({ file, text }) => bodiesSent(file, text).calls.length > 0).length).toBeGreaterThan(30);
    expect(apiFiles.flatMap(({ file, text }) => untypedBodies(file, text))).toEqual([]);
  });

  it('catches a body typed by hand (the rule is not vacuous)', () => {
    const file = join(webDir, 'features', 'vouchers', 'api', 'buy-voucher.ts');
    const send = "apiRequest<CodeSale>('POST', '/user/buy_voucher/', { body: arg });";
    const typed = 'type R = v.InferInput<typeof buyVoucherBody>;';
    const plant = (...lines: string[]) => untypedBodies(file, lines.join('\n'));
    expect(plant("import type { CodeSale } from '@contract/wire';", send)).toEqual(['features/vouchers/api/buy-voucher.ts:2']);
    expect(plant('const body = { voucher_id, qty };', "apiRequest('POST', path, { body, quietUnauthorized: true });")).toEqual([
      'features/vouchers/api/buy-voucher.ts:2',
    ]);
    expect(plant("import type { buyVoucherBody } from '@contract/orders';", send)).toEqual(['features/vouchers/api/buy-voucher.ts:2']);
    expect(plant("import { buyVoucherBody } from '@contract/orders';", typed, send)).toEqual(['features/vouchers/api/buy-voucher.ts:3']);
    expect(plant("import type { buyVoucherBody } from '@contract/orders';", typed, send)).toEqual([]);
    expect(plant("import { type buyVoucherBody } from '@contract/orders';", typed, send)).toEqual([]);
    expect(plant("apiRequest<RevealedSecret>('POST', path);", "apiRequest('POST', path, { quietUnauthorized: true });")).toEqual([]);
    expect(isWebApiFile(file)).toBe(true);
    expect(isWebApiFile(join(webDir, 'features', 'admin', 'orders', 'api', 'move-order.ts'))).toBe(true);
    expect(isWebApiFile(join(webDir, 'lib', 'api.ts'))).toBe(false);
  });
});
