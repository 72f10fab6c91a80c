export const HIDE_AFTER_PX = 100;
export const SHOW_WITHIN_PX = 10;

/** Bottom bar: hides scrolling down past 100 px, shows scrolling up or within 10 px of the top. */
export function nextBarVisible(visible: boolean, lastY: number, y: number): boolean {
  if (y <= SHOW_WITHIN_PX) return true;
  if (y > lastY && y > HIDE_AFTER_PX) return false;
  if (y < lastY) return true;
  return visible;
}
