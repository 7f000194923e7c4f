/** JavaScript and CSS on the wire per route, read from the built web app (apps/web/dist): the entry chunk and its
 * static imports, which every route loads, plus each route's lazily loaded page chunk, the English catalogues every
 * lazily loaded page waits for, and their static imports that the entry does not already bring. A page the router
 * imports statically (the sign-in page) is the entry alone. Sizes raw, gzip (level 9) and brotli (quality 11), as a
 * static server would send them precompressed. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROUTES } from '@portal/contract';
import { ROOT } from './servers';

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface RouteBytes {
  route: string;
  page: string;
  /** Files of the route beyond the entry closure (none for a page in the entry). */
  own: Sizes;
  /** Entry closure plus own: what a first visit straight to this route downloads. */
  total: Sizes;
}

export interface BundleReport {
  entry: Sizes & { files: number };
  css: Sizes;
  allJs: Sizes;
  routes: RouteBytes[];
}

const DIST = path.join(ROOT, 'apps/web/dist');
const ROUTER = path.join(ROOT, 'apps/web/src/app/router.tsx');

function sizesOf(files: Iterable<string>): Sizes {
  const sizes = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const bytes = fs.readFileSync(path.join(DIST, file));
    sizes.raw += bytes.length;
    sizes.gzip += zlib.gzipSync(bytes, { level: 9 }).length;
    sizes.brotli += zlib.brotliCompressSync(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
  }
  return sizes;
}

/** `file` (relative to dist) and everything it imports statically, transitively. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || !fs.existsSync(path.join(DIST, file))) return seen;
  seen.add(file);
  const code = fs.readFileSync(path.join(DIST, file), 'utf8');
  for (const match of code.matchAll(/\bimport\s*(?:[^"'()]*?\bfrom\s*)?["']([^"']+\.js)["']/g)) {
    closure(path.posix.join(path.posix.dirname(file), match[1]!), seen);
  }
  return seen;
}

interface RoutePage {
  route: string;
  /** Imported statically by the router, so in the entry chunk. */
  inEntry: boolean;
}

function routePaths(): Map<string, RoutePage> {
  // module basename (e.g. login-page) -> route path, from the router's page imports and the contract's ROUTES.
  const source = fs.readFileSync(ROUTER, 'utf8');
  const paths = new Map<string, RoutePage>();
  const routes = ROUTES as Record<string, { path: string }>;
  const add = (name: string, module: string, inEntry: boolean) => {
    const base = path.posix.basename(module);
    const key = name.charAt(0).toLowerCase() + name.slice(1).replace(/Page$/, '');
    const route = routes[key]?.path ?? (base === 'not-found-page' ? '(any unknown path)' : `(${name})`);
    paths.set(base, { route, inEntry });
  };
  for (const [, name, module] of source.matchAll(/^import (\w+Page) from '([^']+)';$/gm)) add(name!, module!, true);
  for (const [, name, module] of source.matchAll(
    /(?:const\s+)?(\w+)\s*[:=]\s*lazy\w*\(\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g,
  ))
    add(name!, module!, false);
  return paths;
}

export function bundleReport(): BundleReport | undefined {
  const indexFile = path.join(DIST, 'index.html');
  if (!fs.existsSync(indexFile)) return undefined;
  const html = fs.readFileSync(indexFile, 'utf8');
  const referenced = [...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  const entryJs = new Set<string>();
  for (const file of referenced.filter((name) => name.endsWith('.js'))) closure(file, entryJs);
  const css = referenced.filter((name) => name.endsWith('.css'));
  const assets = fs.readdirSync(path.join(DIST, 'assets'));
  const allJs = assets.filter((name) => name.endsWith('.js')).map((name) => `assets/${name}`);

  const routes: RouteBytes[] = [];
  const entrySizes = sizesOf(entryJs);
  const chunkOf = (base: string) => allJs.find((file) => path.posix.basename(file).startsWith(`${base}-`));
  // The English catalogues that the entry leaves out, fetched with every lazily loaded page (lib/i18n.ts).
  const catalogues = chunkOf('i18n-english');
  for (const [base, { route, inEntry }] of routePaths()) {
    if (inEntry) {
      routes.push({ route, page: '(entry)', own: sizesOf([]), total: entrySizes });
      continue;
    }
    const chunk = chunkOf(base);
    if (!chunk) continue;
    const files = closure(chunk);
    if (catalogues) closure(catalogues, files);
    const own = [...files].filter((file) => !entryJs.has(file));
    const ownSizes = sizesOf(own);
    routes.push({
      route,
      page: path.posix.basename(chunk),
      own: ownSizes,
      total: {
        raw: entrySizes.raw + ownSizes.raw,
        gzip: entrySizes.gzip + ownSizes.gzip,
        brotli: entrySizes.brotli + ownSizes.brotli,
      },
    });
  }
  return { entry: { ...entrySizes, files: entryJs.size }, css: sizesOf(css), allJs: sizesOf(allJs), routes };
}
