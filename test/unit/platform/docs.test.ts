import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { fallbackHandler, routes } from '../../../functions/routes';

/**
 * The docs stay true to the code: every repo path they name exists, the floors they draw are the
 * ones the architecture test enforces, the route table they print is the route table, the pinned
 * contract is the team's copy, and measured figures live in the bench's report, not in prose.
 */
const root = resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** What a newcomer reads: the front door, the crib sheet and every page under docs/. */
const docs = ['README.md', 'CONTRIBUTING.md', ...filesUnder('docs', (name) => name.endsWith('.md'))];

/** The text of a page's section: from its `## ` heading to the next one. */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start < 0) return '';
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

/** Where a repo path starts: a top folder of the repo, or one of its root files. */
const repoPath =
  /^(?:(?:functions|web|infra|scripts|test|docs|bench|\.ci)\/|(?:[A-Z][A-Z_-]*\.md|[\w-]+\.config\.ts|(?:package|package-lock|biome|cdk|tsconfig)\.json|\.gitignore)$)/;
/** Placeholders and patterns, not paths: `functions/<area>/`, `{id}`, globs, ellipses, alternatives. */
const placeholder = /[<>{}*…|]/;
/**
 * A test file named by its name alone (`purchases.test.ts`): the docs name tests so, with their
 * tier's folder, because tests move between folders; it must exist somewhere in the repository.
 */
const testFile = /^[\w.-]+\.test\.tsx?$/;
let testFilesFound: string[] | undefined;
const testFiles = () => {
  testFilesFound ??= ['test', 'web', 'scripts', 'functions', 'infra'].flatMap((dir) => filesUnder(dir, (name) => testFile.test(name)));
  return testFilesFound;
};
/** Build output and local data (the .gitignore's folders): named in the docs, absent from a clone. */
const generated = read('.gitignore')
  .split('\n')
  .filter((line) => line.endsWith('/'))
  .map((line) => line.replace(/^\//, ''));

/** The repo paths a page names that do not exist: in backticks, and every relative markdown link. */
function missingPaths(file: string, text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, '');
  const missing: string[] = [];
  for (const [, span] of prose.matchAll(/`([^`\n]+)`/g)) {
    const path = span!.trim().replace(/[#?].*$/, '');
    if (testFile.test(path)) {
      if (!testFiles().some((file) => file.endsWith(`/${path}`))) missing.push(`${file}: \`${span}\``);
      continue;
    }
    if (/\s/.test(path) || placeholder.test(path) || !repoPath.test(path)) continue;
    if (generated.some((folder) => `${path}/`.startsWith(folder))) continue;
    if (!existsSync(join(root, path))) missing.push(`${file}: \`${span}\``);
  }
  for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target!) || target!.startsWith('#')) continue;
    const path = resolve(root, dirname(file), target!.replace(/#.*$/, ''));
    if (relative(root, path).startsWith(`..${sep}`) || !existsSync(path)) missing.push(`${file}: (${target})`);
  }
  for (const [outside] of text.matchAll(/\.\.\/shared\/[^\s`)'"]*|(?<![\w./-])\/work\/[^\s`)'"]*/g))
    missing.push(`${file}: ${outside} (not in a clone)`);
  return missing;
}

/** Every file under `dir` (recursively) whose name passes `keep`, as a repo path. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

/** A `Record<string, number>` object literal declared as `name` in a TypeScript file (another value declared so is none). */
function objectLiteral(file: string, name: string): Record<string, number> | undefined {
  const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true);
  let found: Record<string, number> | undefined;
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name && node.initializer) {
      let value = node.initializer;
      while (ts.isAsExpression(value) || ts.isSatisfiesExpression(value) || ts.isParenthesizedExpression(value)) value = value.expression;
      if (!ts.isObjectLiteralExpression(value)) return;
      found = {};
      for (const property of value.properties)
        if (ts.isPropertyAssignment(property) && ts.isNumericLiteral(property.initializer))
          found[(property.name as ts.Identifier | ts.StringLiteral).text] = Number(property.initializer.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The floors the architecture test enforces, wherever under test/ it declares them (`name` is
 * `floors` for the server, `webFloors` for the web app): exactly one file may declare each, so a
 * move of the test or of its tools needs no change here.
 */
function enforcedFloors(name: string): Record<string, number> {
  const declaration = new RegExp(`\\b(?:const|let|var) ${name}\\b`);
  const declared = filesUnder('test', (file) => file.endsWith('.ts'))
    .filter((file) => declaration.test(read(file)))
    .flatMap((file) => {
      const literal = objectLiteral(file, name);
      return literal ? [literal] : [];
    });
  if (declared.length !== 1) throw new Error(`${declared.length} files under test/ declare ${name}; the architecture test should, once`);
  return declared[0]!;
}

/** The floors a docs table draws: rows `| <floor> | \`<area>\` | … |`. */
function floorsIn(text: string): Record<string, number> {
  return Object.fromEntries([...text.matchAll(/^\| (\d+) \| `([^`]+)` \|/gm)].map(([, floor, area]) => [area!, Number(floor)]));
}

const sorted = (floors: Record<string, number>) => Object.fromEntries(Object.entries(floors).sort(([a], [b]) => a.localeCompare(b)));

/**
 * What a measured figure looks like: sizes a build reports (limits are written in KB and MB),
 * rates, percentiles with a time, ratios against a baseline, the length of a run. A figure like
 * these belongs to the run that measured it: `npm run bench` writes them to bench/report.md,
 * which docs/performance.md points at. A decision record may keep the figures that decided it in
 * a paragraph that dates them (YYYY-MM-DD): history, not a claim about today.
 */
const measuredFigure = [
  /\d\s?[KMG]iB\b/,
  /\d\s?[a-z]*\/s\b/,
  /\bp(?:50|75|90|95|99)\b[^.\n]{0,24}?\d\s?m?s\b/,
  /\d\.\d+×/,
  /\d\s?min\s\d+\s?s\b/,
];

function undatedFigures(file: string, text: string): string[] {
  const dated = (paragraph: string) => file.startsWith('docs/decisions/') && /\b20\d\d-\d\d-\d\d\b/.test(paragraph);
  return text
    .split(/\n\s*\n/)
    .filter((paragraph) => !dated(paragraph))
    .flatMap((paragraph) => paragraph.split('\n'))
    .filter((line) => measuredFigure.some((pattern) => pattern.test(line)))
    .map((line) => `${file}: ${line.trim()}`);
}

describe('the docs', () => {
  it('name only paths that exist in the repository', () => {
    expect(docs.flatMap((file) => missingPaths(file, read(file)))).toEqual([]);
  });

  it('draw the server areas and web floors that the architecture test enforces', () => {
    const architecture = read('docs/architecture.md');
    expect(sorted(floorsIn(section(architecture, 'Server areas and floors')))).toEqual(sorted(enforcedFloors('floors')));
    expect(sorted(floorsIn(section(architecture, 'Web areas and floors')))).toEqual(sorted(enforcedFloors('webFloors')));
  });

  it('print the route table of functions/routes.ts in docs/api.md, row for row', () => {
    const table = section(read('docs/api.md'), 'Route table');
    const printed = [...table.matchAll(/^\| (?:GET|POST) \| .*$/gm)].map(([row]) => row).sort();
    const rows = routes.map((route) => `| ${route.method} | /api${route.path} | ${route.access} | ${route.handler} |`).sort();
    expect(printed).toEqual(rows);
    expect(table).toContain(`| * | anything else under /api | public | ${fallbackHandler} `);
  });

  const teamContract = join(root, '..', 'shared', 'api-contract.md');
  it.skipIf(!existsSync(teamContract))('keep docs/api-contract.md the same as the team’s pinned contract beside the repository', () => {
    expect(read('docs/api-contract.md')).toBe(readFileSync(teamContract, 'utf8'));
  });

  it('carry no measured figure outside the bench report (but a dated one in a decision record)', () => {
    expect(docs.flatMap((file) => undatedFigures(file, read(file)))).toEqual([]);
  });

  it('keep the README a front door: at most 150 lines, with the quick start’s two commands as they were', () => {
    const readme = read('README.md');
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(150);
    expect(readme).toContain('\nnpm ci && npm start     # the whole shop at http://localhost:3000 (or $PORT), demo logins printed\n');
    expect(readme).toContain('\nnpm ci && npm test      # every test: unit, integration, infra, bundles, browser\n');
  });

  it('recognise what they check (the checks are not vacuous)', () => {
    expect(missingPaths('docs/x.md', 'See `functions/nowhere.ts`, [a](../web/nowhere.md) and `../shared/spec.txt`.')).toEqual([
      'docs/x.md: `functions/nowhere.ts`',
      'docs/x.md: (../web/nowhere.md)',
      'docs/x.md: ../shared/spec.txt (not in a clone)',
    ]);
    expect(missingPaths('docs/x.md', '`functions/routes.ts`, `functions/<area>/`, `web/dist`, [api](api.md), `config.json`')).toEqual([]);
    expect(floorsIn('| 0 | `routes` | the table |\n| 9 | `admin` | the console |')).toEqual({ routes: 0, admin: 9 });
    expect(Object.keys(enforcedFloors('floors'))).toContain('admin');
    expect(Object.keys(enforcedFloors('webFloors'))).toContain('app');
    expect(missingPaths('docs/x.md', '`purchases.test.ts` and `docs.test.ts` but `nowhere.test.ts`')).toEqual([
      'docs/x.md: `nowhere.test.ts`',
    ]);
    const figures = ['JS 97.9 KiB gzip', '915 req/s', 'p50 541 ms, p99 911 ms', 'the floor 1.06×', '12 min 13 s'];
    expect(undatedFigures('docs/x.md', figures.join('\n'))).toHaveLength(figures.length);
    expect(undatedFigures('docs/decisions/9.md', `Measured on 2026-11-26: ${figures[0]}.`)).toEqual([]);
    expect(undatedFigures('docs/x.md', 'a 64 KB limit, 1024 MB, 20,000 requests in five minutes, `pct(durationMs, 95) as p95_ms`')).toEqual(
      [],
    );
  });
});
