import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
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

/** The routes of SPEC §2, plus /signin (declarative routing: no loaders are used). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<HomePage />} />
        <Route path="/signin" element={<SignInPage />} />
        <Route path="/auth/callback" element={<AuthCallbackPage />} />
        <Route path="/deck/:id" element={<DeckDetailPage />} />
        <Route path="/study/:id" element={<StudyPage />} />
        <Route path="/progress" element={<ProgressPage />} />
        <Route path="/bugs" element={<BugsPage />} />
        <Route path="/onboarding" element={<OnboardingPage />} />
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
