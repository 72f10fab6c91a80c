import { localStorageStore, type Store } from 'react-admin';

/**
 * react-admin's store in localStorage under its own key (the visitor app shares this origin).
 * Logout resets the store (list filters, selections, job ids); the operator's light/dark choice
 * is a preference of the device, not of the session, so it survives the reset.
 */
export function adminStore(): Store {
  const store = localStorageStore('1', 'adm');
  return {
    ...store,
    reset() {
      const theme = store.getItem('theme');
      store.reset();
      if (theme) store.setItem('theme', theme);
    },
  };
}
