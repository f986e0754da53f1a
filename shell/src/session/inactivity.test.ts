import { INACTIVITY_LIMIT_MS, INACTIVITY_LIMIT_OVERRIDE_KEY, LAST_ACTIVITY_KEY, inactivityLimitMs, watchInactivity } from './inactivity';

describe('watchInactivity', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => jest.useRealTimers());

  it('fires after 5 minutes without activity', () => {
    const onIdle = jest.fn();
    const stop = watchInactivity(onIdle);
    jest.advanceTimersByTime(INACTIVITY_LIMIT_MS - 1);
    expect(onIdle).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it.each(['mousemove', 'keydown', 'click'])('a %s postpones it by a full period', (eventName) => {
    const onIdle = jest.fn();
    const stop = watchInactivity(onIdle);
    jest.advanceTimersByTime(4 * 60 * 1000);
    window.dispatchEvent(new Event(eventName));
    jest.advanceTimersByTime(60 * 1000);
    expect(onIdle).not.toHaveBeenCalled();
    jest.advanceTimersByTime(4 * 60 * 1000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stops watching when asked', () => {
    const onIdle = jest.fn();
    watchInactivity(onIdle)();
    jest.advanceTimersByTime(INACTIVITY_LIMIT_MS * 2);
    expect(onIdle).not.toHaveBeenCalled();
  });
});

describe('watchInactivity across tabs', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => jest.useRealTimers());

  it('activity in another tab (the shared last-activity time) keeps this tab alive', () => {
    const onIdle = jest.fn();
    const stop = watchInactivity(onIdle);
    jest.advanceTimersByTime(4 * 60 * 1000);
    // Another tab of the same browser writes its activity.
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    jest.advanceTimersByTime(60 * 1000);
    expect(onIdle).not.toHaveBeenCalled();
    jest.advanceTimersByTime(4 * 60 * 1000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it("shares this tab's activity for the others, at most once a second", () => {
    const stop = watchInactivity(jest.fn());
    jest.advanceTimersByTime(5000);
    window.dispatchEvent(new Event('mousemove'));
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).toBe(String(Date.now()));
    jest.advanceTimersByTime(300);
    window.dispatchEvent(new Event('mousemove'));
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).toBe(String(Date.now() - 300));
    stop();
  });

  it('a browser may only shorten the limit', () => {
    localStorage.setItem(INACTIVITY_LIMIT_OVERRIDE_KEY, '2000');
    expect(inactivityLimitMs()).toBe(2000);
    localStorage.setItem(INACTIVITY_LIMIT_OVERRIDE_KEY, String(INACTIVITY_LIMIT_MS * 10));
    expect(inactivityLimitMs()).toBe(INACTIVITY_LIMIT_MS);
    localStorage.setItem(INACTIVITY_LIMIT_OVERRIDE_KEY, 'soon');
    expect(inactivityLimitMs()).toBe(INACTIVITY_LIMIT_MS);
  });
});
