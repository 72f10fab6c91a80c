import { useMemo } from 'react';
import { useNotify } from 'react-admin';
import { httpStatus } from '../providers/http';

/**
 * A list's `queryOptions` that toast the page's "Failed to fetch …" text when it cannot load;
 * a 401 is left to the auth provider, which already says the session may have expired.
 */
export function useListLoadError(text: string) {
  const notify = useNotify();
  return useMemo(
    () => ({
      onError: (err: unknown) => {
        if (httpStatus(err) !== 401) notify(text, { type: 'error' });
      },
    }),
    [notify, text],
  );
}
