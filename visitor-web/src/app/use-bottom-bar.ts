import { useEffect, useRef, useState } from 'react';
import { nextBarVisible } from './scroll-bar';

export function useBottomBarVisible(): boolean {
  const [visible, setVisible] = useState(true);
  const lastY = useRef(0);
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const y = Math.max(0, window.scrollY);
        const prev = lastY.current;
        lastY.current = y;
        setVisible((v) => nextBarVisible(v, prev, y));
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return visible;
}
