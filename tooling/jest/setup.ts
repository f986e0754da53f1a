import '@testing-library/jest-dom';
import { restoreFetch } from './fake-api';

// jsdom lacks matchMedia, which MUI's useMediaQuery needs; default to a desktop-width screen.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Tests start from empty storage, as a new visitor would.
beforeEach(() => localStorage.clear());

// A test that faked the API with fakeApi() gets the real fetch back, whatever happened in it.
afterEach(restoreFetch);
