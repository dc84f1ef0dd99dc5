// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_BANNER_DELAY_MS } from '@app/shared/constants';
import { hydrateWhenNeeded } from './hydrate-when-needed';

const PAGE = `
  <header><button id="menu">Menu</button><a id="login" href="/auth/login" tabindex="0">Log in</a>
    <button id="drawer" data-answers-early="drawer">Open menu</button></header>
  <main><p id="text">Raise your hand.</p><div id="news" data-hydrate="visible"></div></main>`;

const fire = (id: string, type: string) =>
  document.getElementById(id)!.dispatchEvent(new Event(type, { bubbles: true }));

describe('hydrateWhenNeeded', () => {
  let observed: { callback: IntersectionObserverCallback; nodes: Element[]; disconnected: boolean } | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(performance, 'now').mockReturnValue(1000);
    document.body.innerHTML = PAGE;
    window.history.replaceState(null, '', '/');
    observed = undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observed = { callback, nodes: [], disconnected: false };
        }
        observe(node: Element) {
          observed!.nodes.push(node);
        }
        disconnect() {
          observed!.disconnected = true;
        }
      },
    );
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('waits while the visitor only reads, then hydrates when the cookie banner is due, counted from the navigation', () => {
    const hydrate = vi.fn();
    expect(hydrateWhenNeeded(hydrate)).toBe(true);
    fire('text', 'pointerdown');
    fire('text', 'touchstart');
    vi.advanceTimersByTime(COOKIE_BANNER_DELAY_MS - 1000 - 1);
    expect(hydrate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it.each(['pointerover', 'pointerdown', 'touchstart', 'focusin', 'click'])(
    'hydrates once on %s over a button',
    (type) => {
      const hydrate = vi.fn();
      hydrateWhenNeeded(hydrate);
      fire('menu', type);
      fire('menu', type);
      vi.advanceTimersByTime(COOKIE_BANNER_DELAY_MS);
      expect(hydrate).toHaveBeenCalledTimes(1);
    },
  );

  it('leaves links alone (they load their page), but takes any key', () => {
    const hydrate = vi.fn();
    hydrateWhenNeeded(hydrate);
    fire('login', 'pointerover');
    fire('login', 'touchstart');
    expect(hydrate).not.toHaveBeenCalled();
    fire('text', 'keydown');
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('leaves a control that answers by itself alone (the phone menu)', () => {
    const hydrate = vi.fn();
    hydrateWhenNeeded(hydrate);
    for (const type of ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'click']) fire('drawer', type);
    expect(hydrate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(COOKIE_BANNER_DELAY_MS);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('hydrates when a marked part nears the screen, and stops watching', () => {
    const hydrate = vi.fn();
    hydrateWhenNeeded(hydrate);
    expect(observed?.nodes.map((node) => node.id)).toEqual(['news']);
    observed!.callback([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(hydrate).not.toHaveBeenCalled();
    observed!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    expect(hydrate).toHaveBeenCalledTimes(1);
    expect(observed!.disconnected).toBe(true);
  });

  it('hydrates at once for a form, or an address pointing into the page', () => {
    document.getElementById('text')!.dataset.hydrate = 'at-once';
    const forForm = vi.fn();
    expect(hydrateWhenNeeded(forForm)).toBe(false);
    expect(forForm).toHaveBeenCalledTimes(1);

    document.body.innerHTML = PAGE;
    window.history.replaceState(null, '', '/help/faq#how-to-meet');
    const forAnchor = vi.fn();
    expect(hydrateWhenNeeded(forAnchor)).toBe(false);
    expect(forAnchor).toHaveBeenCalledTimes(1);
  });

  it('stops listening once it has hydrated', () => {
    const hydrate = vi.fn();
    hydrateWhenNeeded(hydrate);
    fire('menu', 'pointerdown');
    vi.advanceTimersByTime(COOKIE_BANNER_DELAY_MS);
    fire('menu', 'click');
    expect(hydrate).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
