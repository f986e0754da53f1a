import { easeInOutCubic, scrollToSection, SMOOTH_SCROLL_MS } from './smooth-scroll';

function placeSection(id: string, top: number) {
  const section = document.createElement('section');
  section.id = id;
  section.getBoundingClientRect = () => ({ top, left: 0, right: 0, bottom: top + 100, width: 0, height: 100, x: 0, y: top, toJSON: () => ({}) });
  document.body.append(section);
  return section;
}

describe('smooth scroll', () => {
  let frames: FrameRequestCallback[];
  let scrollTo: jest.Mock;
  const realMatchMedia = window.matchMedia;

  beforeEach(() => {
    document.body.innerHTML = '';
    frames = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    scrollTo = jest.fn();
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  });
  afterEach(() => {
    jest.restoreAllMocks();
    window.matchMedia = realMatchMedia;
  });

  const runFrame = (now: number) => {
    const frame = frames.shift();
    expect(frame).toBeDefined();
    frame?.(now);
  };

  it('eases from the start to the end', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(0.5)).toBe(0.5);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.25)).toBeLessThan(0.25);
  });

  it('reaches the section, less the sticky bar, in exactly 500 ms and focuses it', () => {
    const section = placeSection('offers', 1064);
    expect(scrollToSection('offers', { offset: 64 })).toBe(true);
    runFrame(1000);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    runFrame(1000 + SMOOTH_SCROLL_MS / 2);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 500);
    expect(document.activeElement).not.toBe(section);
    runFrame(1000 + SMOOTH_SCROLL_MS);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1000);
    expect(frames).toHaveLength(0);
    expect(document.activeElement).toBe(section);
  });

  it('ends on the section even when sections on the way change height as they are laid out', () => {
    const section = placeSection('offers', 1064);
    scrollToSection('offers', { offset: 64 });
    runFrame(1000);
    // The sections above were estimated smaller than they turned out: the target is 400 px further down.
    section.getBoundingClientRect = () => ({ top: 1464, left: 0, right: 0, bottom: 1564, width: 0, height: 100, x: 0, y: 1464, toJSON: () => ({}) });
    runFrame(1000 + SMOOTH_SCROLL_MS);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1400);
    expect(document.activeElement).toBe(section);
  });

  it('jumps at once for people who prefer reduced motion', () => {
    window.matchMedia = ((query: string) => ({ matches: query.includes('reduce'), media: query })) as unknown as typeof window.matchMedia;
    placeSection('features', 800);
    scrollToSection('features', { offset: 64 });
    expect(scrollTo).toHaveBeenCalledWith(0, 736);
    expect(frames).toHaveLength(0);
  });

  it('does nothing for a missing section', () => {
    expect(scrollToSection('nowhere')).toBe(false);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
