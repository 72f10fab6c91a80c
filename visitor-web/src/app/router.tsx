import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { Shell } from './Shell';
import { Spinner } from '../components/Spinner';
import RatePage from '../pages/RatePage';

// The rating screen is the landing page and ships in the main bundle; the rest load on demand.
const UploadPage = lazy(() => import('../pages/UploadPage'));
const StatsPage = lazy(() => import('../pages/StatsPage'));
const ProfilePage = lazy(() => import('../pages/ProfilePage'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));

const page = (el: ReactNode) => (
  <Suspense
    fallback={
      <div className="page-loading">
        <Spinner />
      </div>
    }
  >
    {el}
  </Suspense>
);

/** Declarative routing: no loaders or actions are needed, and it keeps the bundle small. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Shell />}>
          <Route path="/" element={<RatePage />} />
          {/* a share link: the rating screen with that item first */}
          <Route path="/r/:shareId" element={<RatePage />} />
          <Route path="/upload" element={page(<UploadPage />)} />
          <Route path="/stats" element={page(<StatsPage />)} />
          <Route path="/profile" element={page(<ProfilePage />)} />
          <Route path="*" element={page(<NotFoundPage />)} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
