import type { Plugin } from 'vite';
import { DEFAULT_THEME_ID, THEME_STORAGE_KEY, THEMES } from '../src/shared/constants';

/**
 * A tiny classic script, blocking in the page's head, that sets the stored theme's colours on
 * :root before the first paint: React applies the theme only after the app's code has loaded,
 * and until then every visitor saw the Classic colours. The CSP forbids inline scripts, so it is a
 * file of its own (fingerprinted, cached like every asset), written from THEMES at build time so
 * that the colours live in one place.
 */
export function themeBootSource(): string {
  const colors = Object.fromEntries(THEMES.map((theme) => [theme.id, theme.colors]));
  return `(function(){try{var t=${JSON.stringify(colors)};var c=t[localStorage.getItem(${JSON.stringify(
    THEME_STORAGE_KEY,
  )})]||t[${JSON.stringify(DEFAULT_THEME_ID)}];var s=document.documentElement.style;for(var k in c)s.setProperty("--color-"+k,c[k]);var m=document.querySelector('meta[name="theme-color"]');if(m)m.setAttribute("content",c.primary)}catch(e){}})();\n`;
}

const NAME = 'theme-boot.js';
const DEV_PATH = `/@${NAME}`;

/** Emits the theme script (assets/theme-boot-[hash].js) and names it in index.html's head. */
export function themeBoot(): Plugin {
  let building = false;
  return {
    name: 'theme-boot',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      if (building) this.emitFile({ type: 'asset', name: NAME, source: themeBootSource() });
    },
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (_req, res) => {
        res.setHeader('content-type', 'text/javascript');
        res.end(themeBootSource());
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const emitted = Object.values(ctx.bundle ?? {}).find((f) => f.type === 'asset' && f.names.includes(NAME));
        const src = ctx.server || !emitted ? DEV_PATH : `/${emitted.fileName}`;
        return [{ tag: 'script', attrs: { src }, injectTo: 'head' }];
      },
    },
  };
}
