import { useRef, type RefObject } from 'react';

/**
 * Focus handlers for a Radix Dialog opened without a Dialog.Trigger (from a menu, a card, the
 * media): Radix would return focus to its (missing) trigger, i.e. to the body. These remember
 * what had focus when the dialog opened and give it back on close, if it is still on the page.
 * `initial`: the control focused on open instead of the first one (the safe action, e.g. Close
 * rather than Delete or Report, so Enter or Space right after opening does no harm).
 */
export function useReturnFocus(
  fallback?: () => HTMLElement | null | undefined,
  initial?: RefObject<HTMLElement | null>,
) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (e: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      if (initial?.current) {
        e.preventDefault();
        initial.current.focus();
      }
    },
    onCloseAutoFocus: (e: Event) => {
      const target = opener.current?.isConnected ? opener.current : fallback?.();
      if (!target) return;
      e.preventDefault();
      target.focus();
    },
  };
}
