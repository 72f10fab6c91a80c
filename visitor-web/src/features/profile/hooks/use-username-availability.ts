import { useEffect, useState } from 'react';
import { checkUsername } from '../api/profile-api';

export type Availability = 'unknown' | 'checking' | 'available' | 'taken';

export const USERNAME_MIN = 3;
export const CHECK_DELAY_MS = 500;

/** Checked only when at least 3 characters and different from the current name (spec §5). */
export function shouldCheck(value: string, current: string): boolean {
  const v = value.trim();
  return v.length >= USERNAME_MIN && v !== current;
}

/** Live availability with a 500 ms debounce; answers for an outdated value are dropped. */
export function useUsernameAvailability(value: string, current: string): Availability {
  const [state, setState] = useState<{ for: string; status: Availability }>({ for: '', status: 'unknown' });
  const name = value.trim();
  const check = shouldCheck(value, current);

  useEffect(() => {
    if (!check) return;
    const ctrl = new AbortController();
    setState({ for: name, status: 'checking' });
    const timer = setTimeout(() => {
      checkUsername(name, ctrl.signal)
        .then((r) => setState({ for: name, status: r.available ? 'available' : 'taken' }))
        .catch(() => {
          if (!ctrl.signal.aborted) setState({ for: name, status: 'unknown' });
        });
    }, CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [name, check]);

  if (!check || state.for !== name) return check ? 'checking' : 'unknown';
  return state.status;
}
