import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InactivityTimer, LOGOUT_AFTER_WARNING_MS, WARN_AFTER_MS } from '../../src/session/inactivity-timer.ts';

describe('inactivity timer (spec 8)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('warns after the idle time, then logs out if nothing happens', () => {
    const onWarn = vi.fn();
    const onExpire = vi.fn();
    const t = new InactivityTimer({ onWarn, onExpire });
    t.reset();
    vi.advanceTimersByTime(WARN_AFTER_MS - 1);
    expect(onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarn).toHaveBeenCalledTimes(1);
    expect(t.isWarning).toBe(true);
    vi.advanceTimersByTime(LOGOUT_AFTER_WARNING_MS - 1);
    expect(onExpire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('activity (mouse movement) restarts the count, even during the warning', () => {
    const onWarn = vi.fn();
    const onExpire = vi.fn();
    const t = new InactivityTimer({ onWarn, onExpire }, 1000, 500);
    t.reset();
    vi.advanceTimersByTime(900);
    t.reset();
    vi.advanceTimersByTime(900);
    expect(onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(onWarn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(400);
    t.reset();
    expect(t.isWarning).toBe(false);
    vi.advanceTimersByTime(1000 + 499);
    expect(onExpire).not.toHaveBeenCalled();
    expect(onWarn).toHaveBeenCalledTimes(2);
  });

  it('stop() cancels everything (logout, unmount)', () => {
    const onExpire = vi.fn();
    const t = new InactivityTimer({ onWarn: vi.fn(), onExpire }, 10, 10);
    t.reset();
    t.stop();
    vi.advanceTimersByTime(1000);
    expect(onExpire).not.toHaveBeenCalled();
  });
});
