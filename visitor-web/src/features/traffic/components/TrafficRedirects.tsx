import { useLocation } from 'react-router-dom';
import { usePublicTrafficConfig } from '../api/public-config';
import { isAdminPath } from '../hooks/redirect';
import { useBackButtonRedirect, useIdleRedirect } from '../hooks/use-traffic-redirects';

export function TrafficRedirects() {
  const { pathname } = useLocation();
  const { data } = usePublicTrafficConfig(!isAdminPath(pathname));
  useIdleRedirect(data, pathname);
  useBackButtonRedirect(data, pathname);
  return null;
}
