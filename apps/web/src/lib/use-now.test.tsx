// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNow, type UseNowOptions } from './use-now';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('useNow', () => {
  let root: Root | undefined;
  let renders: number[] = [];

  function Clock({ interval, options }: { interval: number; options?: UseNowOptions }) {
    const now = useNow(interval, options);
    renders.push(now);
    return null;
  }
  const show = (interval: number, options?: UseNowOptions) =>
    act(() => {
      root ??= createRoot(document.createElement('div'));
      root.render(<Clock interval={interval} options={options} />);
    });

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    renders = [];
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    vi.useRealTimers();
  });

  it('ticks every interval, with the offset added, and does not render twice on mount', async () => {
    await show(1000, { offset: 500 });
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(renders).toEqual([1_000_500]);
    await act(() => vi.advanceTimersByTimeAsync(990));
    expect(renders.at(-1)).toBe(1_001_500);
  });

  it('stands still while inactive and catches up at once when active again', async () => {
    await show(250, { active: false });
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(renders).toEqual([1_000_000]);
    await show(250, { active: true });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(renders.at(-1)).toBe(1_005_000);
    await act(() => vi.advanceTimersByTimeAsync(250));
    expect(renders.at(-1)).toBe(1_005_250);
  });
});
