import { lazy } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { createBrowserRouter, Navigate, Route, RouterProvider } from 'react-router-dom';
import { adminStore } from './app/store';
import { darkTheme, lightTheme } from './app/theme';
import { Layout } from './layout/Layout';
import audit from './audit';
import media from './media';
import moderation from './moderation';
import users from './users';
import { authProvider } from './providers/auth-provider';
import { dataProvider } from './providers/data-provider';

// every page is its own chunk, loaded on first visit
const Dashboard = lazy(() => import('./dashboard/Dashboard'));
const PopulateVotesPage = lazy(() => import('./populate-votes/PopulateVotesPage'));
const DbAdminPage = lazy(() => import('./db-admin/DbAdminPage'));
const AdsPage = lazy(() => import('./ads/AdsPage'));
const TrafficHandlersPage = lazy(() => import('./traffic/TrafficHandlersPage'));
const BucketManagerPage = lazy(() => import('./bucket/BucketManagerPage'));
const ExportVotesPage = lazy(() => import('./export-votes/ExportVotesPage'));

const store = adminStore();

export const AdminApp = () => (
  <Admin
    title="How's my Vibe? Admin"
    dataProvider={dataProvider}
    authProvider={authProvider}
    store={store}
    layout={Layout}
    dashboard={Dashboard}
    lightTheme={lightTheme}
    darkTheme={darkTheme}
    loginPage={false}
    disableTelemetry
  >
    <Resource name="media" options={{ label: 'Media' }} {...media} />
    <Resource name="users" options={{ label: 'Users' }} {...users} />
    <Resource name="moderation" options={{ label: 'Moderation' }} {...moderation} />
    <Resource name="audit" options={{ label: 'Audit log' }} {...audit} />
    <CustomRoutes>
      <Route path="/export-votes" element={<ExportVotesPage />} />
      <Route path="/bucket" element={<BucketManagerPage />} />
      <Route path="/traffic-handlers" element={<TrafficHandlersPage />} />
      <Route path="/ads" element={<AdsPage />} />
      <Route path="/dbtest" element={<DbAdminPage />} />
      {/* texts in the spec link here; it is the same page */}
      <Route path="/db-test" element={<Navigate to="/dbtest" replace />} />
      <Route path="/populate-votes" element={<PopulateVotesPage />} />
    </CustomRoutes>
  </Admin>
);

/**
 * Real /adm/... paths through a data router (react-admin needs one for warnWhenUnsavedChanges);
 * the server falls back to index.html for every /adm path.
 */
const router = createBrowserRouter([{ path: '*', element: <AdminApp /> }], { basename: '/adm' });

export const App = () => <RouterProvider router={router} />;
