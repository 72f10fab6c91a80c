export type RatingKeyAction = 'hot' | 'not' | 'skip';

/** Fields the visitor types into, and the layers that own the keyboard while they are open. */
const TYPING =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"], [role="combobox"]';
const LAYERS = '[role="dialog"], [role="alertdialog"], [role="menu"]';

/**
 * H or → votes Hot, N or ← votes Not, S skips; never while typing, with modifiers, or while any
 * dialog or menu is open (wherever the focus happens to be).
 */
export function ratingKeyAction(
  e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'repeat' | 'target'>,
): RatingKeyAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return null;
  const el = e.target as HTMLElement | null;
  if (el && typeof el.closest === 'function' && el.closest(`${TYPING}, ${LAYERS}`)) return null;
  if (document.querySelector(LAYERS)) return null;
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
