import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { scrollToAnchor } from '../../../components/scroll-to-anchor';

/** Scrolls to the section the hash names, also when the page is opened straight from a link. */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) return scrollToAnchor(decodeURIComponent(hash.slice(1)));
  }, [hash]);
}
