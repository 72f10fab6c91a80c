import { expect, test } from '@playwright/test';
import { findings } from './fixtures';

/**
 * Checks over the whole run, after both sizes: every screenshot was audited by axe-core at both
 * sizes and scrolled no wider than the screen, every audited page had labelled controls, no page
 * threw, and the analytics beacons of the visitor journeys arrived.
 */
test('analytics: page views, navigation, vote, upload, profile update and magic link are tracked', () => {
  const events = new Set(findings('analytics'));
  const missing = ['page_view', 'navigation', 'vote', 'upload', 'profile_update', 'magic_link'].filter(
    (e) => !events.has(e),
  );
  expect(missing, `missing (saw ${[...events].join(', ')})`).toEqual([]);
});

test('controls are labelled, images have alt text, fields have labels', () => {
  expect([...new Set(findings('a11y'))].slice(0, 8)).toEqual([]);
});

test('axe-core: no serious or critical findings on any screen (every screenshot, 1280×800, 390×844, 200 % zoom)', () => {
  const sizes = new Set(findings('audited').map((l) => l.slice(l.lastIndexOf('-') + 1)));
  // 640×400: the rating screen at 200 % zoom (11-swipe.spec.ts)
  expect([...sizes].sort(), 'audited sizes').toEqual(['1280x800', '390x844', '640x400']);
  expect([...new Set(findings('axe'))].slice(0, 12)).toEqual([]);
});

test('no screen scrolls sideways (checked on every screenshot)', () => {
  expect(findings('overflow')).toEqual([]);
});

test('no uncaught errors in the pages', () => {
  expect(findings('pageerror').slice(0, 5)).toEqual([]);
});
