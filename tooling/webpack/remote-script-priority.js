// A federation runtime plugin of the shell: the scripts the runtime adds for a remote (its remoteEntry.js and
// the chunks of the page being opened) load at the browser's default priority for a script added by code, as
// every chunk webpack loads does, instead of the runtime's `fetchpriority="high"`. Marked high, a signed-in
// page's remote went ahead of the shell's own frame on a slow line, and the frame (top bar, balance, the
// page's spinner) painted only once the page's larger files had arrived.
export default function remoteScriptPriority() {
  return {
    name: 'ps5-remote-script-priority',
    createScript({ attrs }) {
      // Returning nothing lets the runtime build the script from these attributes.
      if (attrs && attrs.fetchpriority === 'high') delete attrs.fetchpriority;
    },
  };
}
