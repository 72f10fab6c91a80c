export interface NavItem {
  to: string;
  title: string;
  short: string;
}

/** Routes with the spec's titles and short labels (§2). */
export const NAV_ITEMS: NavItem[] = [
  { to: '/', title: 'Rate Photos', short: 'Rate' },
  { to: '/upload', title: 'Upload Media', short: 'Upload' },
  { to: '/stats', title: 'My Stats', short: 'Stats' },
  { to: '/profile', title: 'Edit Profile', short: 'Profile' },
];
