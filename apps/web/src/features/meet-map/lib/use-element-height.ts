import { useCallback, useState } from 'react';

/** The height of an element as it changes (a callback ref and the height in px). */
export function useElementHeight(): [(element: HTMLElement | null) => void, number] {
  const [height, setHeight] = useState(0);
  const ref = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) =>
      setHeight(Math.round(entry!.borderBoxSize[0]?.blockSize ?? entry!.contentRect.height)),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, height];
}
