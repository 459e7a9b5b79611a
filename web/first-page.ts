import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Plugin, Rollup } from 'vite';
import { localeStorageKey } from './src/lib/locale-key.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/** A public read a page's first render makes: a GET path, with `:name` standing for the page's address parameters. */
interface FirstRead {
  path: string;
  query?: Record<string, string>;
}

/**
 * A page a visit often starts on: its address (as app/router.tsx has it), its route module, and
 * the reads its first render makes (the selling pages' shop status waits for the first paint:
 * features/content/api/get-shop-status.ts).
 */
interface StartPage {
  path: string;
  module: string;
  reads: FirstRead[];
}

/** The site settings (app/app.tsx): the shop's state and the popups. */
const siteSettingsRead: FirstRead = { path: '/user/site_settings' };

/** What every page reads as it starts: the site settings and the header's games. */
const everyPageReads: FirstRead[] = [siteSettingsRead, { path: '/user/master_category_list' }];

/**
 * features/content/popup-rules.ts's `firstPopup` as a script that sets the start script's
 * `firstPopup` variable: the same rule the app's popups follow, not a copy of it.
 */
async function popupRulesScript(): Promise<string> {
  const bundled = await build({
    stdin: {
      contents: "import { firstPopup as rule } from './popup-rules.ts'; firstPopup = rule;",
      resolveDir: fileURLToPath(new URL('./src/features/content', import.meta.url)),
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    // What the app's own build targets: object rest and optional chaining as written.
    target: 'es2020',
    minify: true,
  });
  return bundled.outputFiles[0]!.text.trim();
}

/**
 * The shop's public pages. A page missing here still works; it only starts as the app's code
 * arrives. The browser test `first-page` loads each one and checks that its chunk and reads were
 * started here and that every read started here was used.
 */
const startPages: StartPage[] = [
  { path: '/', module: 'src/app/routes/home.tsx', reads: [{ path: '/user/event_list' }] },
  {
    path: '/category/:id',
    module: 'src/app/routes/category.tsx',
    reads: [{ path: '/user/category_list', query: { master_category: ':id' } }],
  },
  {
    path: '/voucher/:id',
    module: 'src/app/routes/voucher.tsx',
    reads: [{ path: '/user/auto_delivery_vouchers_list', query: { mcategory_id: ':id' } }, { path: '/user/redeem_link' }],
  },
  { path: '/blogs', module: 'src/app/routes/blogs.tsx', reads: [{ path: '/user/blog_list' }] },
  { path: '/blog/:id', module: 'src/app/routes/blog.tsx', reads: [{ path: '/user/blog/:id' }] },
  { path: '/login', module: 'src/app/routes/login.tsx', reads: [] },
  { path: '/register', module: 'src/app/routes/register.tsx', reads: [] },
  { path: '/forgot-password', module: 'src/app/routes/forgot-password.tsx', reads: [] },
  { path: '/voucher-code', module: 'src/app/routes/voucher-code.tsx', reads: [] },
  { path: '/player-id-topup', module: 'src/app/routes/player-id-topup.tsx', reads: [] },
  { path: '/about-us', module: 'src/app/routes/about-us.tsx', reads: [] },
  { path: '/contact-us', module: 'src/app/routes/contact-us.tsx', reads: [] },
  { path: '/terms-and-condition', module: 'src/app/routes/terms.tsx', reads: [] },
];

/**
 * The files a route module's chunk needs beyond what index.html already loads: its chunk, the
 * shared chunks it imports (transitively) and their CSS, as Vite's preload helper would fetch
 * them once the app's code asks for the page.
 */
function chunkFiles(bundle: OutputBundle, chunk: OutputChunk, loadedFirst: Set<string>): string[] {
  const files: string[] = [];
  const visit = (current: OutputChunk) => {
    if (loadedFirst.has(current.fileName) || files.includes(current.fileName)) return;
    files.push(current.fileName);
    for (const css of current.viteMetadata?.importedCss ?? []) if (!loadedFirst.has(css) && !files.includes(css)) files.push(css);
    for (const name of current.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(chunk);
  return files;
}

/** A page's catalog chunks by language (`bn` → the files of its areas' Bengali catalogs). */
type CatalogFiles = Record<string, string[]>;

/** A messages module (app/messages.ts, features/<area>/messages.ts): it names an area's catalogs, one per language. */
const isMessagesModule = (id: string) => /[\\/](?:app|features[\\/]\w+)[\\/]messages\.ts$/.test(id);

/** The output files of these compiled catalogs (`…/locales/<language>.po` modules), by language. */
function catalogFiles(bundle: OutputBundle, catalogModules: string[]): CatalogFiles {
  const byLanguage: CatalogFiles = {};
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue;
    for (const id of output.moduleIds.filter((module) => catalogModules.includes(module))) {
      const language = /[\\/]locales[\\/](\w+)\.po$/.exec(id)?.[1];
      if (language && !byLanguage[language]?.includes(output.fileName))
        byLanguage[language] = [...(byLanguage[language] ?? []), output.fileName];
    }
  }
  return byLanguage;
}

/** `/category/:id` → a pattern of the whole path, one group per parameter, and the parameters' names. */
function addressPattern(path: string): { pattern: string; params: string[] } {
  const params: string[] = [];
  const pattern = path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  return { pattern: path === '/' ? '^/$' : `^${pattern}/?$`, params };
}

/** A read with `:name` placeholders as the script fills them: [path, query entries]. */
const readTemplate = (read: FirstRead) => [read.path, Object.entries(read.query ?? {})];

/**
 * The inline script: it runs while index.html is parsed, long before the app's code has been
 * downloaded and evaluated, and starts what the first page needs — its chunks and CSS as
 * preloads, its public reads as fetches kept in `window.firstReads` for the API client to take
 * over (lib/api.ts). Without it each waits for the app's code (about half a second of a phone's
 * CPU), and the page's chunk and its reads for one another. Once the settings answer, the image of
 * the popup the page opens with (the largest paint of a first visit to a selling page) is asked
 * for too, while the app's code is still on its way.
 */
function startScript(
  popupRules: string,
  bengaliFaces: string[],
  shellCatalogs: CatalogFiles,
  pages: { pattern: string; params: string[]; files: string[]; reads: FirstRead[]; catalogs: CatalogFiles }[],
): string {
  const table = JSON.stringify({
    every: everyPageReads.map(readTemplate),
    shell: shellCatalogs,
    faces: bengaliFaces,
    pages: pages.map((page) => [page.pattern, page.params, page.files, page.reads.map(readTemplate), page.catalogs]),
  });
  // Written as ES5-era code on purpose: it is not bundled, and runs before anything else. The
  // language is guessed as lib/i18n.ts decides it (the device's choice, else the browser's first
  // language the shop speaks): its catalogs are preloaded with the page's chunks.
  return `(function(){var t=${table},d=document,r=window.firstReads={},p=location.pathname,v={},L='en',s=null;
try{s=localStorage.getItem(${JSON.stringify(localeStorageKey)})}catch(e){}
if(s==='bn'||s==='en')L=s;else{var n=navigator.languages||[navigator.language];for(var j=0;j<n.length;j++){var b=String(n[j]).toLowerCase().split('-')[0];if(b==='bn'||b==='en'){L=b;break}}}
d.documentElement.lang=L;
if(L==='bn')t.faces.forEach(function(f){var l=d.createElement('link');l.rel='preload';l.as='font';l.type='font/woff2';l.crossOrigin='';l.fetchPriority='low';l.href='/'+f;d.head.appendChild(l)});
function pre(f){var l=d.createElement('link'),css=/\\.css$/.test(f);l.rel=css?'preload':'modulepreload';if(css){l.as='style';l.crossOrigin=''}l.href='/'+f;d.head.appendChild(l)}
(t.shell[L]||[]).forEach(pre);
function get(x){var u=x[0].replace(/:(\\w+)/g,function(_,n){return encodeURIComponent(v[n])}),q=new URLSearchParams();
x[1].forEach(function(e){q.append(e[0],e[1].replace(/^:(\\w+)$/,function(_,n){return v[n]}))});u+=x[1].length?'?'+q:'';
if(!r[u])r[u]=fetch('/api'+u,{headers:{Client:'web'}})}
for(var i=0;i<t.pages.length;i++){var g=t.pages[i],m=new RegExp(g[0]).exec(p);if(!m)continue;
try{g[1].forEach(function(n,k){v[n]=decodeURIComponent(m[k+1])})}catch(e){break}
g[2].forEach(pre);(g[4][L]||[]).forEach(pre);
g[3].forEach(get);break}
t.every.forEach(get);
var firstPopup;${popupRules}
r[${JSON.stringify(siteSettingsRead.path)}].then(function(x){return x.clone().json()}).then(function(s){var f=s&&s.data&&firstPopup(s.data,p,location.search);
if(f&&f.image){var l=d.createElement('link');l.rel='preload';l.as='image';l.setAttribute('fetchpriority','high');l.href=f.image;d.head.appendChild(l)}})['catch'](function(){})})()`;
}

/**
 * Writes the start script into the built index.html, with the file names of this build. Every
 * start page's module must be one of the build's route chunks: a renamed route fails the build
 * rather than silently starting nothing.
 */
export function firstPageStarts(): Plugin {
  /**
   * The catalogs each start page (and the entry) loads before it renders, from the module graph:
   * the messages modules it imports itself (its `loadMessages(…)`; test/unit/languages/message-catalogs.test.ts
   * checks it names every area it shows) and their catalogs. The shared chunk holds every area's
   * messages module, so the chunks alone would name every catalog.
   */
  const catalogsOf = new Map<string, string[]>();
  return {
    name: 'storefront-first-page-starts',
    apply: 'build',
    buildEnd() {
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (!info || !/[\\/]web[\\/]src[\\/]/.test(id)) continue;
        const catalogs = info.importedIds
          .filter(isMessagesModule)
          .flatMap((messages) => this.getModuleInfo(messages)?.dynamicallyImportedIds ?? []);
        if (catalogs.length > 0) catalogsOf.set(id.replaceAll('\\', '/'), catalogs);
      }
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) throw new Error('The first page starts need the bundle');
        const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
        const loadedFirst = new Set<string>();
        for (const entry of chunks.filter((chunk) => chunk.isEntry)) {
          for (const file of chunkFiles(bundle, entry, new Set())) loadedFirst.add(file);
        }
        const pages = startPages.map((page) => {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(`/web/${page.module}`));
          if (!chunk?.isDynamicEntry) throw new Error(`${page.path}: ${page.module} is not a route chunk of this build`);
          const files = chunkFiles(bundle, chunk, loadedFirst);
          const catalogs = catalogFiles(bundle, catalogsOf.get(chunk.facadeModuleId!.replaceAll('\\', '/')) ?? []);
          return { ...addressPattern(page.path), files, reads: page.reads, catalogs };
        });
        const entry = [...catalogsOf.keys()].find((id) => id.endsWith('/web/src/main.tsx'));
        const shell = catalogFiles(bundle, entry ? catalogsOf.get(entry)! : []);
        if (!shell.bn?.length || !shell.en?.length)
          throw new Error('The first load imports no shell catalog in each language (app/messages.ts)');
        // Bengali pages draw in the Bengali face (global.css): fetched with the page's first files, not once text asks for it.
        const faces = Object.keys(bundle).filter((file) => /noto-sans-bengali-bengali-400-normal.*\.woff2$/.test(file));
        if (faces.length !== 1) throw new Error(`The build has ${faces.length} Bengali faces, not the one regular`);
        return [{ tag: 'script', children: startScript(await popupRulesScript(), faces, shell, pages), injectTo: 'head' }];
      },
    },
  };
}

/**
 * The pages most visits start on, and the popup they open with: the shared code they import is
 * one chunk, the rest of the shared code another.
 */
const busiestStarts = [
  'src/app/routes/home.tsx',
  'src/app/routes/category.tsx',
  'src/app/routes/voucher.tsx',
  'src/app/routes/login.tsx',
  'src/features/content/components/site-popups.tsx',
];

/**
 * The shop's shared code in a few chunks. Left to itself, the bundler splits the modules the pages
 * share into one chunk per set of pages that import them: a game page needs about twenty of
 * them, each a request, and a phone on a slow network pays a round trip per few. Here every module
 * of the shop that two or more pages share, and that the first load does not already carry, goes
 * into one of two chunks: what the busiest start pages need ("shop") and the rest ("pages"); the
 * operators' console keeps its own. One chunk of all of it made a game page fetch twice the
 * shared code it runs, beside the app's code on a slow network. The first load is left as it is:
 * its modules are known once the module graph is built (`buildEnd`), before chunks are made.
 */
export function sharedChunks(): { plugin: Plugin; groups: Rollup.OutputOptions['codeSplitting'] } {
  const firstLoad = new Set<string>();
  const needSanitiser = new Set<string>();
  /** What the busiest start pages import (statically), beyond the first load. */
  const startsNeed = new Set<string>();
  const isSanitiser = (id: string) => /[\\/]safe-html\.tsx$/.test(id);
  const plugin: Plugin = {
    name: 'storefront-shared-chunks',
    apply: 'build',
    buildEnd() {
      const visit = (id: string) => {
        if (firstLoad.has(id)) return;
        firstLoad.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
      };
      for (const id of this.getModuleIds()) {
        if (this.getModuleInfo(id)?.isEntry) visit(id);
        if (this.getModuleInfo(id)?.importedIds.some(isSanitiser)) needSanitiser.add(id);
      }
      const claim = (id: string) => {
        if (firstLoad.has(id) || startsNeed.has(id)) return;
        startsNeed.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) claim(imported);
      };
      for (const page of busiestStarts) {
        const root = [...this.getModuleIds()].find((id) => id.replaceAll('\\', '/').endsWith(`/web/${page}`));
        if (!root) throw new Error(`${page} is not a module of this build`);
        claim(root);
      }
    },
  };
  // The shop's modules, the rules it shares with the server, their validation library and SWR's
  // mutation hook; not the HTML sanitiser nor what shows HTML with it (DOMPurify, the largest of
  // them, is for posts, popups and vouchers only).
  const inShop = (id: string) =>
    /[\\/](?:web[\\/]src|functions[\\/]contract|node_modules[\\/](?:valibot|swr[\\/]dist[\\/]mutation))[\\/]/.test(id) &&
    !isSanitiser(id) &&
    !needSanitiser.has(id) &&
    !firstLoad.has(id);
  // The catalogs of the areas the busiest start pages show (a game page: catalog, orders, payments,
  // and content for its popup), one file per language: one request where there were four.
  const startCatalog = /[\\/]features[\\/](?:catalog|orders|payments|content)[\\/]locales[\\/](\w+)\.po$/;
  const consoleModule = /[\\/](?:routes|features)[\\/]admin[\\/]|[\\/]contract[\\/]admin-|[\\/]config[\\/]admin-paths\./;
  return {
    plugin,
    groups: {
      // Only the modules named: the dependencies they share with the first load stay in it.
      includeDependenciesRecursively: false,
      groups: [
        // What the first load shares with later chunks (React, the router, SWR, the API client, the
        // i18n runtime) in one file beside the entry, not one file each: fewer requests, and one
        // compression stream rather than several.
        { name: 'first', test: (id: string) => firstLoad.has(id) && !/[\\/]web[\\/]src[\\/]main\.tsx$/.test(id), priority: 3 },
        { name: (id: string) => startCatalog.exec(id)?.[1] ?? null, test: (id: string) => startCatalog.test(id), priority: 4 },
        { name: 'console', test: (id: string) => inShop(id) && consoleModule.test(id), minShareCount: 2, priority: 2 },
        {
          name: (id: string) => (startsNeed.has(id) ? 'shop' : 'pages'),
          test: (id: string) => inShop(id) && !consoleModule.test(id),
          minShareCount: 2,
          priority: 1,
        },
      ],
    },
  };
}
