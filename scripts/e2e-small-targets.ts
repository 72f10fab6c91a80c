/**
 * Run in the page (`page.evaluate(smallTargets, 24)`): the visible controls smaller than
 * `min`×`min` CSS px, one line each (name and size). Every button, link, input, select, textarea,
 * [role=button] and summary; a control inside a label is measured by its label (what the finger or
 * pointer hits). Links inside a sentence (a `<p>`) are exempt, as WCAG 2.5.5 and 2.5.8 say; so are
 * controls off the page (a skip link until focused) and screen-reader-only ones. Shared by the
 * visitor e2e (44 px, 2.5.5) and the admin e2e (24 px, 2.5.8).
 */
export function smallTargets(min: number): string[] {
  const out: string[] = [];
  const controls = 'button, a[href], input:not([type=hidden]), select, textarea, [role=button], summary';
  for (const el of document.querySelectorAll<HTMLElement>(controls)) {
    if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    if (el.tagName === 'A' && el.closest('p')) continue;
    const r = (el.closest('label') ?? el).getBoundingClientRect();
    if (r.bottom <= 0 || r.width <= 2 || r.height <= 2) continue;
    if (r.width < min - 0.5 || r.height < min - 0.5) {
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 40);
      out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
  }
  return out;
}
