import type { Plugin } from 'vite';

/**
 * Preloads the first view's fonts (index.html names them, so they download alongside the app's
 * code): the app paints its first screen only after its code and data have arrived, by when the
 * fonts are there too, so the text never swaps from the fallback face under the reader.
 */
export function preloadFonts(names: readonly string[]): Plugin {
  return {
    name: 'preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        return Object.values(ctx.bundle ?? {})
          .filter((f) => f.type === 'asset' && f.names.some((n) => names.includes(n)))
          .map((f) => ({
            tag: 'link',
            attrs: { rel: 'preload', href: `/${f.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}
