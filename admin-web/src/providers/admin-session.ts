import { useSyncExternalStore } from 'react';

/** Spec §3/§6: the admin token lives in local storage as `adminToken` (never the password). */
export const TOKEN_KEY = 'adminToken';
const USERNAME_KEY = 'adminUsername';

const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const getAdminToken = (): string | null => localStorage.getItem(TOKEN_KEY);
export const getAdminUsername = (): string | null => localStorage.getItem(USERNAME_KEY);

export function setAdminSession(token: string, username: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USERNAME_KEY, username);
  emit();
}

export function clearAdminSession(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USERNAME_KEY);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // a login or logout in another tab applies here too
  const onStorage = (e: StorageEvent) => {
    if (e.key === TOKEN_KEY || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current token, re-rendering on login, logout and changes from other tabs. */
export const useAdminToken = (): string | null => useSyncExternalStore(subscribe, getAdminToken, () => null);
