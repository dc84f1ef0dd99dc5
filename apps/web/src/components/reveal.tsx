import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { SCROLL_ANIMATION_MS } from '@app/shared/constants';

/** Fades content in as it scrolls into view (SPEC.md: scroll animations last 700 ms). */
export function Reveal({ children, delay = 0 }: { children: ReactNode; delay?: number }) {
  const ref = useRef<HTMLDivElement>(null);
  // Without an observer, or for people who prefer less motion, content is simply there.
  const [visible, setVisible] = useState(
    () => typeof IntersectionObserver === 'undefined' || window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  );

  useEffect(() => {
    const node = ref.current;
    if (!node || visible) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: '0px 0px -10% 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [visible]);

  return (
    <Box
      ref={ref}
      data-revealed={visible}
      sx={{
        height: '100%',
        opacity: visible ? 1 : 0,
        transform: visible ? 'none' : 'translateY(24px)',
        transition: `opacity ${SCROLL_ANIMATION_MS}ms ease-out ${delay}ms, transform ${SCROLL_ANIMATION_MS}ms ease-out ${delay}ms`,
      }}
    >
      {children}
    </Box>
  );
}
