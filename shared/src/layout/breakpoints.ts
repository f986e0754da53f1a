/** Details open as a modal on screens narrower than 768 px, as a side panel otherwise. */
export const NARROW_SCREEN = '(max-width: 767.98px)';
