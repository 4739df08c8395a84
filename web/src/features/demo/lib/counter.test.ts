import { renderHook, act } from '@testing-library/react';
import { useCounter } from '../hooks/use-counter';
import { counterValues, stepInterval } from './counter';

describe('counterValues', () => {
  it('reaches each target in 60 increasing steps', () => {
    for (const target of [246000, 20000]) {
      const v = counterValues(target, 60);
      expect(v).toHaveLength(60);
      expect(v.at(-1)).toBe(target);
      expect(v[0]).toBe(Math.floor(target / 60));
      expect(v.every((x, i) => i === 0 || x >= v[i - 1]!)).toBe(true);
    }
  });
  it('spaces 60 steps over 2500 ms', () => expect(stepInterval(2500, 60)).toBeCloseTo(41.67, 1));
});

describe('useCounter', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts at 0, ends at the target after 2.5 s and is then done', () => {
    const { result } = renderHook(() => useCounter(246000, 60, 2500));
    expect(result.current).toEqual({ value: 0, done: false });
    act(() => vi.advanceTimersByTime(1250));
    expect(result.current.value).toBeGreaterThan(0);
    expect(result.current.value).toBeLessThan(246000);
    act(() => vi.advanceTimersByTime(1300));
    expect(result.current).toEqual({ value: 246000, done: true });
  });
});
