import { describe, expect, it } from 'vitest';
import { menuKeyTarget } from './menu-keys';

const LABELS = ['Edit Profile', 'Save Account', 'Login as Different User', 'Logout'];

describe('menu keys', () => {
  it('moves down and up with wrap-around', () => {
    expect(menuKeyTarget('ArrowDown', 0, LABELS)).toBe(1);
    expect(menuKeyTarget('ArrowDown', 3, LABELS)).toBe(0);
    expect(menuKeyTarget('ArrowUp', 0, LABELS)).toBe(3);
    expect(menuKeyTarget('ArrowUp', 2, LABELS)).toBe(1);
    expect(menuKeyTarget('ArrowDown', -1, LABELS)).toBe(0);
  });
  it('jumps to the first and last item with Home and End', () => {
    expect(menuKeyTarget('Home', 2, LABELS)).toBe(0);
    expect(menuKeyTarget('End', 0, LABELS)).toBe(3);
  });
  it('goes to the next item starting with a typed letter, cycling through matches', () => {
    expect(menuKeyTarget('s', 0, LABELS)).toBe(1);
    expect(menuKeyTarget('L', 0, LABELS)).toBe(2);
    expect(menuKeyTarget('l', 2, LABELS)).toBe(3);
    expect(menuKeyTarget('l', 3, LABELS)).toBe(2);
  });
  it('ignores other keys and letters nothing starts with', () => {
    expect(menuKeyTarget('x', 0, LABELS)).toBeNull();
    expect(menuKeyTarget('Enter', 0, LABELS)).toBeNull();
    expect(menuKeyTarget(' ', 0, LABELS)).toBeNull();
    expect(menuKeyTarget('ArrowDown', 0, [])).toBeNull();
  });
});
