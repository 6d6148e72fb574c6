import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { Layout } from './layout';
import { HomePage, NotFoundPage } from './pages';

// Route-level code splitting: the first view of home loads only what it needs.
const SignInPage = lazy(() => import('../features/auth/components/sign-in-page'));
const AuthCallbackPage = lazy(() => import('../features/auth/components/auth-callback-page'));
const DeckDetailPage = lazy(() => import('../features/decks/components/deck-detail-page'));
const StudyPage = lazy(() => import('../features/study/components/study-page'));
const ProgressPage = lazy(() => import('../features/progress/components/progress-page'));
const BugsPage = lazy(() => import('../features/bugs/components/bugs-page'));
const OnboardingPage = lazy(() => import('../features/onboarding/components/onboarding-page'));

/** The routes of SPEC §2, plus /signin. */
export const routes = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/signin', element: <SignInPage /> },
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { path: '/deck/:id', element: <DeckDetailPage /> },
      { path: '/study/:id', element: <StudyPage /> },
      { path: '/progress', element: <ProgressPage /> },
      { path: '/bugs', element: <BugsPage /> },
      { path: '/onboarding', element: <OnboardingPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
