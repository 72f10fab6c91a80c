import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Layout as RaLayout, LoadingPage } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAdminToken } from '../providers/admin-session';
import { AppBar } from './AppBar';
import { Menu } from './Menu';

const LoginPage = lazy(() => import('../login/LoginPage'));

/**
 * Logged out, every admin path shows the login form at /adm (spec §4: "without it admin pages
 * redirect to /adm"): one replace to /, remembering where the operator was going, and nothing
 * behind it mounts, so no page can start another redirect (the old portal looped thousands of
 * times). Logged in, react-admin's layout with the sidebar and the app bar.
 */
export function Layout({ children }: { children: ReactNode }) {
  const token = useAdminToken();
  const location = useLocation();
  const navigate = useNavigate();
  const away = !token && location.pathname !== '/';

  useEffect(() => {
    if (away) {
      navigate('/', {
        replace: true,
        state: { nextPathname: location.pathname, nextSearch: location.search, reason: 'missing-token' },
      });
    }
  }, [away, location.pathname, location.search, navigate]);

  if (!token) {
    return away ? null : (
      <Suspense fallback={<LoadingPage />}>
        <LoginPage />
      </Suspense>
    );
  }
  return (
    <RaLayout
      appBar={AppBar}
      menu={Menu}
      // react-admin's layout grows to fit its widest child (min-width: fit-content): a wide table
      // would widen the whole page on a phone; keep it to the screen and let tables scroll inside
      sx={{ minWidth: 0, '& .RaLayout-contentWithSidebar, & .RaLayout-content': { minWidth: 0 } }}
    >
      {children}
    </RaLayout>
  );
}
