import { useRef } from 'react';

/**
 * Focus handlers for a Radix Dialog opened without a Dialog.Trigger (from a menu, a card, the
 * media): Radix would return focus to its (missing) trigger, i.e. to the body. These remember
 * what had focus when the dialog opened and give it back on close, if it is still on the page.
 */
export function useReturnFocus(fallback?: () => HTMLElement | null | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    onCloseAutoFocus: (e: Event) => {
      const target = opener.current?.isConnected ? opener.current : fallback?.();
      if (!target) return;
      e.preventDefault();
      target.focus();
    },
  };
}
