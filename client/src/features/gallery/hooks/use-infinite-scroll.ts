import { INFINITE_SCROLL_THRESHOLD_PX } from '@atelier/shared';
import { useEffect } from 'react';

/** The page is within 500 px of its bottom (SPEC section 9), or too short to scroll at all. */
export function nearPageBottom(threshold = INFINITE_SCROLL_THRESHOLD_PX): boolean {
  const { scrollHeight } = document.documentElement;
  return scrollHeight - (window.scrollY + window.innerHeight) <= threshold;
}

/**
 * Asks for the next page whenever the window is scrolled near its bottom, and again after each
 * page lands if the page is still that short.
 */
export function useInfiniteScroll(loadMore: () => void, enabled: boolean, itemCount: number): void {
  useEffect(() => {
    if (!enabled) return;
    const check = () => {
      if (nearPageBottom()) loadMore();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [loadMore, enabled, itemCount]);
}
