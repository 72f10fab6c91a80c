import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { errorMessage, httpStatus } from '../providers/http';

/**
 * Toasts a failure with the server's message or the page's default text. A 401 is left to the
 * auth provider, which already says the session may have expired and returns to the login.
 */
export function useNotifyError() {
  const notify = useNotify();
  return useCallback(
    (err: unknown, fallback: string) => {
      if (httpStatus(err) === 401) return;
      notify(errorMessage(err, fallback), { type: 'error' });
    },
    [notify],
  );
}
