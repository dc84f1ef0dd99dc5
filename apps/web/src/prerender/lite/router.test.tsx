// @vitest-environment jsdom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as real from 'react-router';
import { createPath, Link, Router, useLocation, useNavigate, type Navigator } from './router';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const navigatorSpy = () => ({
  createHref: (to: Parameters<Navigator['createHref']>[0]) => (typeof to === 'string' ? to : createPath(to)),
  push: vi.fn<Navigator['push']>(),
  replace: vi.fn<Navigator['replace']>(),
  go: vi.fn<Navigator['go']>(),
});

const at = { pathname: '/terms', search: '?lang=ru', hash: '', state: null, key: 'default' };
const hrefOf = (html: string) => /href="([^"]*)"/.exec(html)?.[1];

describe('the public pages’ router stand-in', () => {
  let container: HTMLDivElement | undefined;
  afterEach(() => container?.remove());

  it('joins paths exactly as React Router does', () => {
    const cases = [
      { pathname: '/a' },
      { pathname: '/a', search: 'x=1' },
      { pathname: '/a', search: '?x=1', hash: 'h' },
      { hash: '#h' },
      { search: '?' },
    ];
    for (const path of cases) expect(createPath(path)).toBe(real.createPath(path));
  });

  it('writes the same addresses into links as React Router, relative ones against the page', () => {
    for (const to of ['/market', '#section-3', '?page=2', '/help/faq#q-5']) {
      const lite = renderToString(
        <Router location={at} navigator={navigatorSpy()}>
          <Link to={to}>x</Link>
        </Router>,
      );
      const original = renderToString(
        <real.Router location={at} navigator={navigatorSpy() as real.Navigator}>
          <real.Link to={to}>x</real.Link>
        </real.Router>,
      );
      expect(hrefOf(lite), to).toBe(hrefOf(original));
    }
  });

  async function render(node: React.ReactNode) {
    container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => root.render(node));
    return container;
  }

  it('a plain click goes through the navigator; the same address replaces; a modified click or a new tab is the browser’s', async () => {
    const navigator = navigatorSpy();
    const page = await render(
      <Router location={at} navigator={navigator}>
        <Link to="/market">market</Link>
        <Link to="/terms?lang=ru">same</Link>
        <Link to="/privacy" target="_blank">
          tab
        </Link>
      </Router>,
    );
    const [market, same, tab] = [...page.querySelectorAll('a')];
    // Whether the link kept the click; then the test's own page never navigates (jsdom cannot).
    let kept = false;
    page.addEventListener('click', (event) => {
      kept = event.defaultPrevented;
      event.preventDefault();
    });
    const click = (a: Element, init: MouseEventInit = {}) => {
      a.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
      return kept;
    };
    expect(click(market!)).toBe(true);
    expect(navigator.push).toHaveBeenCalledWith({ pathname: '/market', search: undefined, hash: undefined }, undefined);
    expect(click(same!)).toBe(true);
    expect(navigator.replace).toHaveBeenCalledTimes(1);
    expect(click(market!, { ctrlKey: true })).toBe(false);
    expect(click(tab!)).toBe(false);
    expect(navigator.push).toHaveBeenCalledTimes(1);
  });

  it('gives the location and a navigate function', async () => {
    const navigator = navigatorSpy();
    let navigate!: ReturnType<typeof useNavigate>;
    function Probe() {
      navigate = useNavigate();
      const { pathname, search } = useLocation();
      return <span>{pathname + search}</span>;
    }
    const page = await render(
      <Router location={at} navigator={navigator}>
        <Probe />
      </Router>,
    );
    expect(page.textContent).toBe('/terms?lang=ru');
    navigate('/a');
    navigate('/b', { replace: true, state: 1 });
    navigate(-1);
    expect(navigator.push).toHaveBeenCalledWith('/a', undefined);
    expect(navigator.replace).toHaveBeenCalledWith('/b', 1);
    expect(navigator.go).toHaveBeenCalledWith(-1);
  });
});
