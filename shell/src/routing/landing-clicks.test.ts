import { replayEarlyClicks } from './landing-clicks';

describe('replayEarlyClicks', () => {
  afterEach(() => {
    delete window.ps5EarlyClicks;
    document.body.replaceChildren();
  });

  it('clicks each remembered button again, once, skipping buttons no longer in the page', () => {
    const register = document.createElement('button');
    const gone = document.createElement('button');
    document.body.append(register);
    const onRegister = jest.fn();
    const onGone = jest.fn();
    register.addEventListener('click', onRegister);
    gone.addEventListener('click', onGone);
    const pending = [register, gone, register];
    window.ps5EarlyClicks = { take: () => pending.splice(0) };

    replayEarlyClicks();
    replayEarlyClicks();

    expect(onRegister).toHaveBeenCalledTimes(1);
    expect(onGone).not.toHaveBeenCalled();
  });

  it('does nothing when the page was not prerendered (no start.js queue)', () => {
    expect(() => replayEarlyClicks()).not.toThrow();
  });
});
