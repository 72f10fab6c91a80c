import { describe, expect, it } from 'vitest';
import { adminStore } from './store';

describe('adminStore', () => {
  it("keeps the theme choice across the logout reset and clears the session's state", () => {
    const store = adminStore();
    store.setup();
    store.setItem('theme', 'dark');
    store.setItem('jobs.import-media', 'import-media-1');
    store.reset();
    expect(store.getItem('theme')).toBe('dark');
    expect(store.getItem('jobs.import-media')).toBeUndefined();
    expect(Object.keys(localStorage).filter((k) => k.includes('theme'))).toEqual(['RaStoreadm.theme']);
    store.teardown();
  });
});
