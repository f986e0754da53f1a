import '@testing-library/jest-dom';

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
