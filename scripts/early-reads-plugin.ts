import path from 'node:path';
import type { Plugin } from 'vite';
import { inlineAfterTitle } from './theme-boot-plugin';

/**
 * Builds `module` (relative to the client root) as an entry of its own and writes its code inline
 * in index.html's head, first, as a classic script (src/client/lib/early-reads.ts): it runs as soon
 * as the parser reaches it, before the app's module scripts (which run in order once the document
 * is parsed), so the app always finds its reads. Inline it needs no request of its own: as a file it
 * was one more round trip before the reads, behind the render-blocking theme script. The CSP allows
 * it by its hash (src/server/http/static.ts `inlineScriptHashes`). Vite would fold a second module
 * script of index.html into the app's entry, hence the separate entry; its file is then dropped.
 * Registered after themeBoot (vite.config.ts): inserted after the title too, it then comes first.
 */
export function earlyReadsScript(module: string): Plugin {
  let file = '';
  return {
    name: 'early-reads',
    apply: 'build',
    config(config) {
      const root = path.resolve(config.root ?? '.');
      file = path.resolve(root, module);
      return {
        build: {
          rolldownOptions: { input: { index: path.resolve(root, 'index.html'), 'early-reads': file } },
        },
      };
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const chunk = Object.values(bundle).find((f) => f.type === 'chunk' && f.facadeModuleId === file);
        if (!chunk || chunk.type !== 'chunk') return html;
        if (chunk.imports.length > 0 || chunk.exports.length > 0)
          throw new Error(`${module} must import and export nothing to run inline`);
        delete bundle[chunk.fileName];
        // A classic script's top-level names would be globals.
        return inlineAfterTitle(html, `(function(){${chunk.code.trim()}})();`);
      },
    },
  };
}
