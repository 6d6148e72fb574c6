import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Builds `module` (relative to the client root) as an entry of its own and names it first in
 * index.html's head, at high priority, as a module script: it does not wait for the app's code
 * (src/client/lib/early-reads.ts), and module scripts run in document order, so it has always run
 * when the app's entry starts (an async one could run after it, and the app would read twice). Vite would fold a second module script of
 * index.html into the app's entry, hence the separate entry.
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
        const chunk = Object.values(ctx.bundle ?? {}).find((f) => f.type === 'chunk' && f.facadeModuleId === file);
        const at = html.indexOf('<script type="module"');
        if (!chunk || at < 0) return html;
        const tag = `<script type="module" crossorigin fetchpriority="high" src="/${chunk.fileName}"></script>\n    `;
        return html.slice(0, at) + tag + html.slice(at);
      },
    },
  };
}
