/**
 * The phone menu of a prerendered page before React has it (decision 036). The server puts the
 * drawer, rendered by the header's own NavDrawer in its open state, into the page as
 * `<template id="early-drawer">` with its styles. A tap on the header's menu button clones it onto
 * the page and slides it in with MUI's timings, at once, whether or not the page has hydrated: the
 * React drawer's code comes later. It behaves as MUI's modal drawer does: the page behind is inert
 * and does not scroll, focus moves into the drawer and stays there, Escape, the backdrop and the
 * close button close it and give focus back to the menu button. Its links are links.
 *
 * The React header takes over as soon as it can (header.tsx, header-popups.tsx): once hydrated it
 * follows the early drawer's state (`attach`), mounts its own drawer open, and that drawer's paper
 * calls `handOver` as it enters the page, in the same frame: the early drawer leaves, focus goes to
 * the same place in the React drawer, and a press on a control that needs React (the theme switch,
 * "Download App") is replayed there. From then on the menu is React's alone.
 */
export interface EarlyDrawer {
  /** Whether the early drawer is on screen. */
  isOpen(): boolean;
  /** The hydrated header follows the early drawer's state from now on; returns the detach. */
  attach(follow: (open: boolean) => void): () => void;
  /**
   * The React drawer is opening: the page behind is given back (aria-hidden, scrolling) before
   * MUI's modal manager reads it, or it would keep what the early drawer set as the page's own.
   */
  release(): void;
  /** The React drawer's paper has entered the page: the early drawer leaves it for good. */
  handOver(paper: HTMLElement): void;
}

declare global {
  interface Window {
    __earlyDrawer?: EarlyDrawer;
  }
}

const MENU_BUTTON = '[data-answers-early="drawer"]';
const CONTROLS = 'a[href],button,[tabindex]';
const FOCUS_VISIBLE = 'Mui-focusVisible';

export function armEarlyDrawer() {
  const template = document.getElementById('early-drawer') as HTMLTemplateElement | null;
  const page = document.getElementById('root');
  if (!template || !page) return;
  const body = document.body.style;
  let root: HTMLElement | null = null;
  let button: HTMLElement | null = null;
  /** The control pressed that only React answers (its index among the paper's controls), or -1. */
  let held = -1;
  let follow: ((open: boolean) => void) | undefined;
  let handedOver = false;
  let overflow: string | undefined;

  const paperOf = (node: Element) => node.querySelector<HTMLElement>('.MuiDrawer-paper')!;
  const controls = (paper: Element) => [...paper.querySelectorAll<HTMLElement>(CONTROLS)];
  const focus = (node?: HTMLElement | null) => node?.focus({ preventScroll: true });
  /**
   * MUI's Slide and Fade, with its timings (in 225 ms easing out, out 195 ms sharp), as animations:
   * they run off the main thread from the first frame, with no style or layout read first.
   */
  const slide = (node: HTMLElement, shown: boolean) => {
    const timing = { duration: shown ? 225 : 195, fill: 'forwards' } as const;
    const away = { transform: 'translateX(100%)' };
    const home = { transform: 'none' };
    paperOf(node).animate(shown ? [away, home] : [home, away], {
      ...timing,
      easing: shown ? 'cubic-bezier(0, 0, 0.2, 1)' : 'cubic-bezier(0.4, 0, 0.6, 1)',
    });
    node
      .querySelector('.MuiBackdrop-root')!
      .animate({ opacity: shown ? [0, 1] : [1, 0] }, { ...timing, easing: 'cubic-bezier(0.4, 0, 0.2, 1)' });
  };

  // Focus stays in the drawer: a sentinel (Tab past either end) sends it round to the other end.
  const contain = (event: FocusEvent) => {
    const paper = root && paperOf(root);
    const target = event.target as Element;
    if (!paper || paper.contains(target)) return;
    const list = controls(paper);
    focus(target === paper.nextElementSibling ? list[0] : target === paper.previousElementSibling ? list.pop() : paper);
  };

  function release() {
    if (overflow === undefined) return;
    page!.removeAttribute('aria-hidden');
    body.overflow = overflow;
    overflow = undefined;
    document.removeEventListener('focusin', contain);
  }

  function open(from: HTMLElement) {
    button = from;
    held = -1;
    const node = template!.content.firstElementChild!.cloneNode(true) as HTMLElement;
    root = node;
    // The page behind, as MUI's modal leaves it: hidden from assistive technology, not scrolling.
    page!.setAttribute('aria-hidden', 'true');
    overflow = body.overflow;
    body.overflow = 'hidden';
    document.body.append(node);
    slide(node, true);
    focus(paperOf(node));
    document.addEventListener('focusin', contain);
    // A keyboard's focus shows as on MUI's controls: their rules for the class are among the page's.
    node.addEventListener('focusin', (event) => {
      const target = event.target as Element;
      if (target.matches(':focus-visible')) target.classList.add(FOCUS_VISIBLE);
    });
    node.addEventListener('focusout', (event) => (event.target as Element).classList.remove(FOCUS_VISIBLE));
    node.onkeydown = (event) => {
      if (event.key !== 'Escape' || root !== node) return;
      event.stopPropagation();
      close();
    };
    node.onclick = (event) => {
      const target = event.target as Element;
      const control = target.closest<HTMLElement>('a[href],button,[role="button"]');
      if (root !== node || control?.matches('a[href]')) return;
      if (target.matches('.MuiBackdrop-root') || control?.dataset.testid === 'menu-close') close();
      else if (control) {
        // The theme switch and the app's download: React's, replayed on its drawer at the hand-over.
        event.preventDefault();
        held = controls(paperOf(node)).indexOf(control);
      }
    };
    follow?.(true);
  }

  function close() {
    const node = root!;
    root = null;
    release();
    slide(node, false);
    setTimeout(() => node.remove(), 195);
    focus(button);
    follow?.(false);
  }

  addEventListener(
    'click',
    (event) => {
      const target = (event.target as Element).closest?.<HTMLElement>(MENU_BUTTON);
      if (!target || handedOver || root) return;
      // Neither held for hydration (hold-early-taps) nor seen by React: the early drawer answers.
      event.preventDefault();
      event.stopImmediatePropagation();
      open(target);
    },
    true,
  );

  window.__earlyDrawer = {
    isOpen: () => root !== null,
    attach(next) {
      follow = next;
      if (root) next(true);
      return () => {
        if (follow === next) follow = undefined;
      };
    },
    release,
    handOver(paper) {
      handedOver = true;
      const node = root;
      if (!node) return;
      const at = controls(paperOf(node)).indexOf(document.activeElement as HTMLElement);
      const press = held;
      root = null;
      release();
      node.remove();
      // The menu button first: it is what React's focus trap gives focus back to when it closes.
      focus(button);
      focus(at < 0 ? paper : controls(paper)[at]);
      if (press >= 0) setTimeout(() => controls(paper)[press]?.click());
    },
  };
}
