import { INACTIVITY_LIMIT_MS, watchInactivity } from './inactivity';

describe('watchInactivity', () => {
  beforeEach(() => jest.useFakeTimers());
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
