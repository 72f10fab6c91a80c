import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import {
  AdminContext,
  HttpError,
  memoryStore,
  Notification,
  TestMemoryRouter,
  testDataProvider,
  type AuthProvider,
  type DataProvider,
  type Store,
} from 'react-admin';
import type { Location } from 'react-router-dom';
import type { AdminDataProvider } from '../providers/data-provider';

/** Any subset of the provider's methods, loosely typed: tests answer with plain objects. */
type FakeDataProvider = { [K in keyof AdminDataProvider]?: (...args: never[]) => unknown };

interface Options {
  dataProvider?: FakeDataProvider;
  authProvider?: AuthProvider;
  path?: string;
  store?: Store;
  onLocation?: (l: Location) => void;
}

/**
 * A page inside react-admin's context as the app runs it, with a testDataProvider that throws
 * for any call the test did not provide, a fresh memory store and no query retries.
 */
export function renderAdmin(ui: ReactElement, options: Options = {}) {
  const store = options.store ?? memoryStore();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const dataProvider = testDataProvider(options.dataProvider as Partial<DataProvider>) as unknown as AdminDataProvider;
  const view = render(
    <TestMemoryRouter initialEntries={[options.path ?? '/']} locationCallback={options.onLocation}>
      <AdminContext
        dataProvider={dataProvider as unknown as DataProvider}
        authProvider={options.authProvider}
        store={store}
        queryClient={queryClient}
      >
        {ui}
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...view, store, queryClient, dataProvider };
}

/** A settled promise's answer for the fake data provider's methods. */
export const ok =
  <T,>(value: T) =>
  () =>
    Promise.resolve(value);

/** The error the data provider throws for a non-2xx answer (message from the body, as fetchJson does). */
export const httpError = (status: number, body: { message?: string } & Record<string, unknown> = {}) =>
  new HttpError(body.message ?? '', status, body);
