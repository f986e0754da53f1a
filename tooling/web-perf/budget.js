// Bytes of JavaScript (brotli, as sent) that the visitor's first page `/` may load, computed from the build
// output by page-weight.js (168,126 B when it was set). Raise it only with a reason in the commit message.
export const LANDING_BUDGET_BYTES = 172_000;

// And how many files (4 when it was set, besides start.js): each one costs a request and about a kilobyte of
// response headers, so a change that splits the start-up into more files is caught here even when the bytes
// stay within budget (tooling/webpack/startup-chunk.js).
export const LANDING_BUDGET_FILES = 4;
