import { useEffect, useState } from 'react';

export const MOBILE_BREAKPOINT = 768;

/** Media area height (spec §9): desktop window − 190 px (min 300); mobile 55 % − 10 px (min 150). */
export function mediaAreaHeight(width: number, height: number): number {
  if (width < MOBILE_BREAKPOINT) return Math.max(150, Math.round(height * 0.55 - 10));
  return Math.max(300, Math.round(height - 190));
}

/**
 * `sizes` of the stage's picture: the box a photo of this aspect gets in a media area of this
 * height (never wider than the window), so a phone downloads the preview its screen needs.
 */
export function stageSizes(areaHeight: number, aspect: number): string {
  return `min(100vw, ${Math.round(areaHeight * aspect)}px)`;
}

export function useMediaAreaHeight(): number {
  const [h, setH] = useState(() => mediaAreaHeight(window.innerWidth, window.innerHeight));
  useEffect(() => {
    const onResize = () => setH(mediaAreaHeight(window.innerWidth, window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return h;
}
