/** One outbound call's deadline: it aborts its signal after its time and says so; cleared, it never does. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { abortAfter } from '../../src/domain/deadline.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('abortAfter', () => {
  it('aborts the signal once its time has run out, and says it expired', () => {
    const deadline = abortAfter(300);
    vi.advanceTimersByTime(299);
    expect([deadline.signal.aborted, deadline.expired()]).toEqual([false, false]);
    vi.advanceTimersByTime(1);
    expect([deadline.signal.aborted, deadline.expired()]).toEqual([true, true]);
  });

  it('never fires once cleared, so a call that ended leaves no timer behind', () => {
    const deadline = abortAfter(300);
    deadline.clear();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(1_000);
    expect([deadline.signal.aborted, deadline.expired()]).toEqual([false, false]);
  });
});
