/**
 * Where a key moves focus in a menu of `labels`, from item `current` (-1 when none has focus):
 * ↓ ↑ wrap around, Home and End jump, a letter goes to the next item starting with it.
 * Null when the key does not move focus.
 */
export function menuKeyTarget(key: string, current: number, labels: string[]): number | null {
  const n = labels.length;
  if (n === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return (current + 1) % n;
    case 'ArrowUp':
      return current <= 0 ? n - 1 : current - 1;
    case 'Home':
      return 0;
    case 'End':
      return n - 1;
  }
  if (key.length !== 1 || !/\S/.test(key)) return null;
  const letter = key.toLowerCase();
  for (let step = 1; step <= n; step++) {
    const i = (current + step + n) % n;
    if (labels[i]!.trim().toLowerCase().startsWith(letter)) return i;
  }
  return null;
}
