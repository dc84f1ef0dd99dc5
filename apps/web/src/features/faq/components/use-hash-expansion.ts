import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { scrollToAnchor } from '../../../components/scroll-to-anchor';
import { isFaqQuestion, type FaqQuestion } from './faq-questions';

/**
 * Which questions are open. A link with a question's hash opens that question and scrolls to it,
 * on arrival and whenever the hash changes later; the reader can still close it again.
 */
export function useHashExpansion() {
  const { hash } = useLocation();
  const target = decodeURIComponent(hash.slice(1));
  const [open, setOpen] = useState<ReadonlySet<FaqQuestion>>(() => new Set(isFaqQuestion(target) ? [target] : []));
  const [seenTarget, setSeenTarget] = useState(target);

  // A new hash opens its question while rendering, so it is open before the scroll below runs.
  if (target !== seenTarget) {
    setSeenTarget(target);
    if (isFaqQuestion(target)) setOpen((prev) => new Set(prev).add(target));
  }

  useEffect(() => {
    if (isFaqQuestion(target)) return scrollToAnchor(target);
  }, [target]);

  const toggle = (id: FaqQuestion, expanded: boolean) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (expanded) next.add(id);
      else next.delete(id);
      return next;
    });

  return { isOpen: (id: FaqQuestion) => open.has(id), toggle };
}
