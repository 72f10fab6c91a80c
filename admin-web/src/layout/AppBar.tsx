import { useMediaQuery, type Theme } from '@mui/material';
import { useEffect } from 'react';
import {
  AppBar as RaAppBar,
  LoadingIndicator,
  TitlePortal,
  ToggleThemeButton,
  useGetIdentity,
  UserMenu,
  useSidebarState,
} from 'react-admin';
import { JobsIndicator } from './JobsIndicator';

/**
 * Below 900 CSS px (a laptop at 200 % zoom is 640×400) the 240 px sidebar folds to its icon rail
 * when the window gets there, leaving the page the room; the menu button opens it again. Under
 * 600 px react-admin makes it a drawer itself.
 */
function useSidebarFoldsWhenNarrow() {
  const narrow = useMediaQuery<Theme>((t) => t.breakpoints.down('md'));
  const [, setOpen] = useSidebarState();
  useEffect(() => {
    if (narrow) setOpen(false);
  }, [narrow, setOpen]);
}

/**
 * react-admin's app bar with the jobs indicator beside the theme toggle. The page title each page
 * sets with `<Title>` lands in the portal, which is the page's one h1 (react-admin's own is an h6).
 */
/**
 * react-admin's user menu, named by what it shows: the button reads the admin's name on a wide
 * screen, so its accessible name starts with it ("admin, account menu"; react-admin's is "Profile").
 */
function AccountMenu() {
  const { identity } = useGetIdentity();
  const name = identity?.fullName;
  return <UserMenu label={name ? `${name}, account menu` : 'Account menu'} />;
}

export const AppBar = () => {
  useSidebarFoldsWhenNarrow();
  return (
    <RaAppBar
      userMenu={<AccountMenu />}
      toolbar={
        <>
          <JobsIndicator />
          <ToggleThemeButton />
          <LoadingIndicator />
        </>
      }
    >
      <TitlePortal component="h1" />
    </RaAppBar>
  );
};
