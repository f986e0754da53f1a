import { markIdleSignOut, takeIdleSignOut } from './idle-sign-out';

describe('the reason of an inactivity logout', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('survives into the next page load once, then is forgotten', () => {
    expect(takeIdleSignOut()).toBe(false);
    markIdleSignOut();
    expect(takeIdleSignOut()).toBe(true);
    expect(takeIdleSignOut()).toBe(false);
  });

  it('gives up quietly when storage refuses', () => {
    const refusing = {
      setItem: () => {
        throw new Error('denied');
      },
      getItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(() => markIdleSignOut(refusing)).not.toThrow();
    expect(takeIdleSignOut(refusing)).toBe(false);
  });
});
