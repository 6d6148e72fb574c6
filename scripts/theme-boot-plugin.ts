import type { Plugin } from 'vite';
import { DEFAULT_THEME_ID, THEME_STORAGE_KEY, THEMES } from '../src/shared/constants';

/**
 * A tiny classic script, inline in the page's head, that sets the stored theme's colours on :root
 * before the first paint: React applies the theme only after the app's code has loaded, and until
 * then every visitor saw the Classic colours. Inline, it costs no request and holds nothing up (as
 * a file of its own it was a render-blocking download on every first view); the CSP allows it by
 * its hash, which the server takes from the built index.html (src/server/http/static.ts
 * `inlineScriptHashes`). Written from THEMES at build time so that the colours live in one place.
 */
export function themeBootSource(): string {
  const colors = Object.fromEntries(THEMES.map((theme) => [theme.id, theme.colors]));
  return `(function(){try{var t=${JSON.stringify(colors)};var c=t[localStorage.getItem(${JSON.stringify(
    THEME_STORAGE_KEY,
  )})]||t[${JSON.stringify(DEFAULT_THEME_ID)}];var s=document.documentElement.style;for(var k in c)s.setProperty("--color-"+k,c[k]);var m=document.querySelector('meta[name="theme-color"]');if(m)m.setAttribute("content",c.primary)}catch(e){}})();`;
}

/**
 * `html` with `script` inline just after its `<title>`: after the theme-color meta tag (which the
 * theme boot sets) and before every stylesheet (a classic script after one waits for it to load).
 */
export function inlineAfterTitle(html: string, script: string): string {
  if (script.includes('</script')) throw new Error('an inline script may not contain </script');
  const at = html.indexOf('</title>');
  if (at < 0) throw new Error('index.html has no <title>');
  const end = at + '</title>'.length;
  return `${html.slice(0, end)}\n    <script>${script}</script>${html.slice(end)}`;
}

/** Writes the theme script inline in index.html's head (dev and build alike). */
export function themeBoot(): Plugin {
  return {
    name: 'theme-boot',
    transformIndexHtml: { order: 'post', handler: (html) => inlineAfterTitle(html, themeBootSource()) },
  };
}
