/**
 * Where to go once signed in, for a visitor who opened a page that needs an account (a shared
 * deck's link). Kept in this tab's sessionStorage: it survives a provider's redirect and nothing
 * longer.
 */
const KEY = 'returnAfterSignIn';

/** Only a path of this app: never another site (`//host`, `https:`). */
const isAppPath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');

export function rememberReturnPath(path: string): void {
  try {
    if (isAppPath(path)) window.sessionStorage.setItem(KEY, path);
  } catch {
    /* storage unavailable: the visitor lands on home after signing in */
  }
}

/** The remembered path, if any (it stays until the page there calls forgetReturnPath). */
export function returnPath(): string | null {
  try {
    const path = window.sessionStorage.getItem(KEY);
    return path && isAppPath(path) ? path : null;
  } catch {
    return null;
  }
}

export function forgetReturnPath(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    /* nothing to forget */
  }
}
