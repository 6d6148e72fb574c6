import { lazy, useState, type ComponentType } from 'react';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router';
import { Layout } from './layout';
import { HomePage, NotFoundPage } from './pages';

type PageModule = { default: ComponentType };

// Route-level code splitting: the first view of home loads only what it needs.
const lazyPages = [
  { path: '/signin', load: () => import('../features/auth/components/sign-in-page') },
  { path: '/auth/callback', load: () => import('../features/auth/components/auth-callback-page') },
  { path: '/deck/:id', load: () => import('../features/decks/components/deck-detail-page') },
  { path: '/study/:id', load: () => import('../features/study/components/study-page') },
  { path: '/progress', load: () => import('../features/progress/components/progress-page') },
  { path: '/bugs', load: () => import('../features/bugs/components/bugs-page') },
  { path: '/onboarding', load: () => import('../features/onboarding/components/onboarding-page') },
].map(({ path, load }) => {
  const page: { path: string; load: () => Promise<PageModule>; loaded?: PageModule; Lazy: ComponentType } = {
    path,
    load: () => load().then((module) => (page.loaded = module)),
    Lazy: lazy(load),
  };
  return page;
});

/**
 * A page whose code arrived at boot renders at once (React.lazy would still suspend it for a tick
 * and show the fallback first). Chosen once per visit, so a page never remounts under the user.
 */
function Page({ page }: { page: (typeof lazyPages)[number] }) {
  const [Component] = useState(() => page.loaded?.default ?? page.Lazy);
  return <Component />;
}

/** Starts downloading the code of the page at `pathname` (at boot, alongside its data). */
export function preloadPage(pathname: string): Promise<unknown> {
  return lazyPages.find((page) => matchPath(page.path, pathname))?.load() ?? Promise.resolve();
}

/** The routes of SPEC §2, plus /signin (declarative routing: no loaders are used). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<HomePage />} />
        {lazyPages.map((page) => (
          <Route key={page.path} path={page.path} element={<Page key={page.path} page={page} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
