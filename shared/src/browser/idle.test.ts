import { afterLoadWhenIdle } from './idle';

describe('afterLoadWhenIdle', () => {
  afterEach(() => {
    jest.useRealTimers();
    delete (window as Partial<Window>).requestIdleCallback;
    delete (window as Partial<Window>).cancelIdleCallback;
  });

  it('waits for an idle moment of a loaded page, and can be called off', () => {
    const idle: IdleRequestCallback[] = [];
    window.requestIdleCallback = jest.fn((callback: IdleRequestCallback) => idle.push(callback));
    window.cancelIdleCallback = jest.fn();
    const task = jest.fn();
    const cancel = afterLoadWhenIdle(task);
    expect(task).not.toHaveBeenCalled();
    expect(window.requestIdleCallback).toHaveBeenCalledTimes(1);
    idle[0]?.({ didTimeout: false, timeRemaining: () => 10 });
    expect(task).toHaveBeenCalledTimes(1);
    cancel();
    expect(window.cancelIdleCallback).toHaveBeenCalledWith(1);
  });

  it('falls back to a short timer where the browser has no idle callbacks', () => {
    jest.useFakeTimers();
    const task = jest.fn();
    afterLoadWhenIdle(task);
    expect(task).not.toHaveBeenCalled();
    jest.advanceTimersByTime(200);
    expect(task).toHaveBeenCalledTimes(1);

    const called = jest.fn();
    afterLoadWhenIdle(called)();
    jest.advanceTimersByTime(1000);
    expect(called).not.toHaveBeenCalled();
  });
});
