import { useEffect } from 'react';

/**
 * The page's canonical URL: this origin and the route, without query or hash (a tracking
 * parameter or a magic-link query is never the page). A path that is not a page (404) has none.
 * Share pages get theirs from the server with their tags.
 */
export function useCanonical(path: string | null): void {
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (path === null) {
      link?.remove();
      return;
    }
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.appendChild(link);
    }
    link.href = new URL(path, window.location.origin).href;
  }, [path]);
}
