import { lazy, useState, type ComponentType } from 'react';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router';
import { lazyNamed, LoadBoundary, markLoadFailure } from '@client/components/ui/lazy';
import { SignInRequired, Welcome } from '@client/features/auth/components/welcome';
import { Layout } from './layout';
import { RequireUser } from './require-user';
import { HomePage, HomePending } from './routes/home';
import { NotFoundPage } from './routes/not-found';

type PageModule = { default: ComponentType };

// Shown only to a visitor who opens a shared deck's link: downloads then.
const SignInToContinue = lazyNamed(() => import('./sign-in-to-continue').then((m) => m.SignInToContinue));
// Shown only to a visitor who opens a family invite's link.
const JoinSignIn = lazyNamed(() => import('@client/features/family/components/join-sign-in').then((m) => m.JoinSignIn));

/** A page whose code downloads on demand (see `Page`). */
interface LazyPage {
  path: string;
  load: () => Promise<PageModule>;
  loaded?: PageModule;
  Lazy: ComponentType;
}

const lazyModule = (load: () => Promise<PageModule>) => lazy(() => load().catch(markLoadFailure));

function lazyPage(path: string, load: () => Promise<PageModule>): LazyPage {
  const page: LazyPage = {
    path,
    load: () => load().then((module) => (page.loaded = module)),
    Lazy: lazyModule(load),
  };
  return page;
}

// Route-level code splitting: the first view of home loads only what it needs.
const signIn = lazyPage('/signin', () => import('./routes/sign-in'));
const authCallback = lazyPage('/auth/callback', () => import('./routes/auth-callback'));
const deck = lazyPage('/deck/:id', () => import('./routes/deck'));
const deckPrint = lazyPage('/deck/:id/print', () => import('./routes/deck-print'));
const deckShare = lazyPage('/deck/:id/share', () => import('./routes/deck-share'));
const shared = lazyPage('/shared/:code', () => import('./routes/shared'));
const join = lazyPage('/join/:code', () => import('./routes/join'));
// Before /study/:id, which its path also matches (preloadPage takes the first match).
const review = lazyPage('/study/review', () => import('./routes/review'));
const study = lazyPage('/study/:id', () => import('./routes/study'));
const play = lazyPage('/play/:source', () => import('./routes/play'));
const progress = lazyPage('/progress', () => import('./routes/progress'));
const classProgress = lazyPage('/progress/all', () => import('./routes/class-progress'));
const bugs = lazyPage('/bugs', () => import('./routes/bugs'));
const onboarding = lazyPage('/onboarding', () => import('./routes/onboarding'));
const lazyPages = [
  signIn,
  authCallback,
  deck,
  deckPrint,
  deckShare,
  shared,
  join,
  review,
  study,
  play,
  progress,
  classProgress,
  bugs,
  onboarding,
];

/**
 * A page whose code arrived at boot renders at once (React.lazy would still suspend it for a tick
 * and show the fallback first). Chosen once per visit, so a page never remounts under the user.
 */
function Page({ page }: { page: LazyPage }) {
  const [Component, setComponent] = useState(() => page.loaded?.default ?? page.Lazy);
  // A download that failed (offline before the page was first opened) is tried afresh.
  const retry = () => setComponent(() => (page.Lazy = lazyModule(page.load)));
  return (
    <LoadBoundary onRetry={retry}>
      <Component />
    </LoadBoundary>
  );
}

// Keyed by path: pages side by side in one layout route must not share one Page (and its chosen component).
const pageRoute = (page: LazyPage) => (
  <Route key={page.path} path={page.path} element={<Page key={page.path} page={page} />} />
);

/** Starts downloading the code of the page at `pathname` (at boot, alongside its data). */
export function preloadPage(pathname: string): Promise<unknown> {
  return lazyPages.find((page) => matchPath(page.path, pathname))?.load() ?? Promise.resolve();
}

/**
 * The routes of SPEC §2, plus /signin (declarative routing: no loaders are used). Every page for
 * signed-in users sits under RequireUser, which shows visitors the welcome (home), the
 * sign-in-required screen (bugs) or sends them home (the rest).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route element={<RequireUser pending={<HomePending />} signedOut={<Welcome />} />}>
          <Route path="/" element={<HomePage />} />
        </Route>
        <Route element={<RequireUser signedOut={<SignInRequired />} />}>{pageRoute(bugs)}</Route>
        <Route element={<RequireUser />}>
          {[deck, deckPrint, deckShare, review, study, play, progress, classProgress, onboarding].map(pageRoute)}
        </Route>
        <Route element={<RequireUser signedOut={<SignInToContinue />} />}>{pageRoute(shared)}</Route>
        <Route element={<RequireUser signedOut={<JoinSignIn />} />}>{pageRoute(join)}</Route>
        {[signIn, authCallback].map(pageRoute)}
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
