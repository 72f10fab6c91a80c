import { fetchUtils } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import { adminToken } from './auth-provider';

/** ra-data-simple-rest against /api/admin, with the Basic credential on every call. */
const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = adminToken();
  if (token) headers.set('Authorization', `Basic ${token}`);
  return fetchUtils.fetchJson(url, { ...options, headers, credentials: 'include' });
};

export const dataProvider = simpleRestProvider('/api/admin', httpClient);
