import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { ChartIcon, FlameIcon, RefreshIcon, UploadIcon, UserIcon, AlertIcon } from '../components/icons';
import { initials } from '../lib/format';
import { useSession } from '../lib/session';
import { useSiteName } from '../lib/site-config';
import { track } from '../lib/analytics';
import { SaveAccountDialog } from '../features/account/components/SaveAccountDialog';
import { LoginDialog } from '../features/account/components/LoginDialog';
import { WelcomeBackDialog } from '../features/account/components/WelcomeBackDialog';
import { MagicLinkLanding } from '../features/account/components/MagicLinkLanding';
import { TrafficRedirects } from '../features/traffic/components/TrafficRedirects';
import { AvatarMenu } from './AvatarMenu';
import { NAV_ITEMS } from './nav';
import { useBottomBarVisible } from './use-bottom-bar';
import './shell.css';
import { sessionErrorText } from './session-error';
import { useCanonical } from './canonical';

const NAV_ICONS: Record<string, typeof FlameIcon> = {
  '/': FlameIcon,
  '/upload': UploadIcon,
  '/stats': ChartIcon,
  '/profile': UserIcon,
};

function Logo() {
  return (
    <span className="logo" aria-hidden="true">
      <FlameIcon size={18} />
    </span>
  );
}

export function Shell() {
  const siteName = useSiteName();
  const { user, isLoading, error, retry, logout } = useSession();
  const [dialog, setDialog] = useState<'save' | 'login' | null>(null);
  const barVisible = useBottomBarVisible();
  const location = useLocation();
  const lastPath = useRef<string | null>(null);

  // a share link (/r/{shareId}) is the rating screen
  const route = location.pathname.startsWith('/r/') ? '/' : location.pathname;
  const page = NAV_ITEMS.find((n) => n.to === route);
  useEffect(() => {
    const title = page ? page.title : 'Page Not Found';
    document.title = siteName ? `${title} · ${siteName}` : title;
  }, [page, siteName]);
  useCanonical(page ? location.pathname : null);

  useEffect(() => {
    if (lastPath.current === location.pathname) return;
    track('page_view', { path: location.pathname, title: page?.title ?? 'Page Not Found' });
    lastPath.current = location.pathname;
  }, [location.pathname, page]);

  // a session that could not start offline starts by itself when the link is back (the uploads
  // waiting for the link need it), without the visitor pressing Retry
  const sessionFailed = Boolean(error && !user && !isLoading);
  useEffect(() => {
    if (!sessionFailed) return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [sessionFailed, retry]);

  const onNav = (to: string) => track('navigation', { from: location.pathname, to });
  const menuProps = {
    user,
    onSaveAccount: () => setDialog('save'),
    onLoginOther: () => setDialog('login'),
    onLogout: logout,
    triggerTitle: user?.username,
  };
  // Focus the main region without a #main history entry (a Back-button redirect must not see one).
  const skipToContent = (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    const main = document.getElementById('main');
    main?.focus();
    main?.scrollIntoView();
  };

  return (
    <div className="shell">
      <a className="skip-link" href="#main" onClick={skipToContent}>
        Skip to content
      </a>

      <aside className="sidebar" aria-label="Sidebar">
        <Link to="/" className="brand" onClick={() => onNav('/')}>
          <Logo />
          <span className="brand__name" data-testid="site-name">
            {siteName}
          </span>
        </Link>
        <nav className="sidebar__nav" aria-label="Main">
          <ul>
            {NAV_ITEMS.map((item) => {
              const Icon = NAV_ICONS[item.to]!;
              return (
                <li key={item.to}>
                  <NavLink to={item.to} end className="sidebar__link" onClick={() => onNav(item.to)}>
                    <Icon size={20} />
                    <span>{item.title}</span>
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="sidebar__footer">
          <AvatarMenu
            {...menuProps}
            placement="sidebar"
            triggerClassName="user-block"
            trigger={
              <>
                <span className="avatar" aria-hidden="true">
                  {user ? initials(user.username) : '··'}
                </span>
                <span className="user-block__text">
                  <span className="user-block__name" data-testid="sidebar-username">
                    {user ? user.username : 'Loading...'}
                  </span>
                  <span className="user-block__status">
                    {user ? (
                      <>
                        <span className="dot" aria-hidden="true" />
                        Active
                      </>
                    ) : (
                      'Loading...'
                    )}
                  </span>
                </span>
              </>
            }
          />
        </div>
      </aside>

      <header className="mobile-header">
        <Link to="/" className="brand" onClick={() => onNav('/')}>
          <Logo />
          <span className="brand__name" data-testid="mobile-site-name">
            {siteName}
          </span>
        </Link>
        <AvatarMenu
          {...menuProps}
          placement="header"
          triggerClassName="avatar avatar--button"
          trigger={
            <>
              <span data-testid="mobile-avatar">{initials(user?.username)}</span>
              <span className="visually-hidden">{user ? ` account menu for ${user.username}` : ' account menu'}</span>
            </>
          }
        />
      </header>

      <main id="main" className="main" tabIndex={-1}>
        {error && !user && !isLoading ? (
          <div className="banner banner--error" role="alert">
            <AlertIcon size={18} />
            <span>{sessionErrorText(error)}</span>
            <button type="button" className="btn btn--sm btn--secondary" onClick={retry}>
              <RefreshIcon size={16} /> Retry
            </button>
          </div>
        ) : null}
        <Outlet />
      </main>

      <nav
        className={`tabbar${barVisible ? '' : ' is-hidden'}`}
        aria-label="Tabs"
        data-testid="tabbar"
        data-visible={barVisible}
      >
        {NAV_ITEMS.map((item) => {
          const Icon = NAV_ICONS[item.to]!;
          return (
            <NavLink key={item.to} to={item.to} end className="tabbar__link" onClick={() => onNav(item.to)}>
              <Icon size={22} />
              <span>{item.short}</span>
            </NavLink>
          );
        })}
      </nav>

      <SaveAccountDialog open={dialog === 'save'} onOpenChange={(o) => setDialog(o ? 'save' : null)} />
      <LoginDialog open={dialog === 'login'} onOpenChange={(o) => setDialog(o ? 'login' : null)} />
      <WelcomeBackDialog />
      <MagicLinkLanding />
      <TrafficRedirects />
    </div>
  );
}
