import path from 'node:path';
import type { Plugin } from 'vite';
import type { RoutePreload } from '../src/server/http/static';

/** The file the server reads to name a page's code in the HTML it answers (src/server/http/static.ts). */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Writes, for each route path given (a React Router pattern → its page module, relative to the
 * client root), the files of that page's code that the entry does not already load. The page's
 * code is a lazy chunk the entry asks for only once it has run; named in the HTML, it downloads
 * alongside the entry instead of one round trip after it, and the page's reads no longer queue
 * behind a dozen small chunks on the browser's six connections.
 */
export function routePreloads(routes: Record<string, string>): Plugin {
  let root = '';
  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, BuiltChunk>();
      for (const item of Object.values(bundle))
        if (item.type === 'chunk') chunks.set(item.fileName, item as BuiltChunk);
      const closure = (start: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(start)) return seen;
        seen.add(start);
        for (const next of chunks.get(start)?.imports ?? []) closure(next, seen);
        return seen;
      };
      const entry = new Set<string>();
      for (const chunk of chunks.values()) if (chunk.isEntry) closure(chunk.fileName, entry);
      const out: RoutePreload[] = Object.entries(routes).map(([routePath, module]) => {
        const file = path.resolve(root, module);
        const page = [...chunks.values()].find((c) => c.facadeModuleId === file);
        if (!page) throw new Error(`route-preloads: no chunk for ${module}`);
        const scripts = [...closure(page.fileName)].filter((f) => !entry.has(f));
        const styles = new Set<string>();
        for (const f of scripts) for (const css of chunks.get(f)?.viteMetadata?.importedCss ?? []) styles.add(css);
        return { path: routePath, scripts: scripts.map((f) => `/${f}`), styles: [...styles].map((f) => `/${f}`) };
      });
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(out) });
    },
  };
}
