export type RatingKeyAction = 'hot' | 'not' | 'skip';

/** H or → votes Hot, N or ← votes Not, S skips; never while typing, with modifiers or in a dialog. */
export function ratingKeyAction(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'repeat' | 'target'>,
): RatingKeyAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return null;
  const el = e.target as HTMLElement | null;
  if (el && typeof el.closest === 'function') {
    if (
      el.closest(
        'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"], [role="menu"]',
      )
    )
      return null;
  }
  switch (e.key) {
    case 'h':
    case 'H':
    case 'ArrowRight':
      return 'hot';
    case 'n':
    case 'N':
    case 'ArrowLeft':
      return 'not';
    case 's':
    case 'S':
      return 'skip';
    default:
      return null;
  }
}
