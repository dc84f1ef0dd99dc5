// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInTurns } from './use-in-turns';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('useInTurns', () => {
  let root: Root | undefined;
  let commits: number[] = [];

  function List({ total, from }: { total: number; from?: number }) {
    const shown = useInTurns(total, from);
    commits.push(shown);
    return null;
  }
  const show = (total: number, from?: number) =>
    act(() => {
      root ??= createRoot(document.createElement('div'));
      root.render(<List total={total} from={from} />);
    });

  /** Each turn's update is committed when its act() ends, and only then asks for the next timer. */
  const settle = async () => {
    while (vi.getTimerCount() > 0) await act(() => vi.runOnlyPendingTimersAsync());
  };

  beforeEach(() => {
    vi.useFakeTimers();
    commits = [];
  });
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
    vi.useRealTimers();
  });

  it('shows the first items at once and one more per task until all are in', async () => {
    await show(3, 1);
    expect(commits).toEqual([1]);
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(commits.at(-1)).toBe(2);
    await act(() => vi.advanceTimersToNextTimerAsync());
    expect(commits.at(-1)).toBe(3);
    await settle();
    expect(commits).toEqual([1, 2, 3]);
  });

  it('waits for items that are not there yet, then starts with the first ones', async () => {
    await show(0, 1);
    await settle();
    expect(commits.at(-1)).toBe(0);
    await show(2, 1);
    expect(commits.at(-1)).toBe(1);
    await settle();
    expect(commits.at(-1)).toBe(2);
  });

  it('shows a shorter list whole and a longer one in turns again', async () => {
    await show(3);
    await settle();
    await show(1);
    expect(commits.at(-1)).toBe(1);
    await show(4);
    expect(commits.at(-1)).toBe(3);
    await settle();
    expect(commits.at(-1)).toBe(4);
  });
});
