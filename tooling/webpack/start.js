/* global document, Element, requestAnimationFrame, window */
// Starts the portal's code once the browser has painted the page it was sent. `/` arrives with the landing
// page already in its HTML: on a slow phone that page shows at once, and the portal's code (preloaded by the
// HTML while this waits) runs afterwards instead of holding up the first paint. The file to run is named by
// this script's `data-main` attribute.
(function start() {
  var main = document.currentScript && document.currentScript.getAttribute('data-main');
  if (!main) return;
  // A button of the prerendered page clicked before the portal's code has taken it over would do nothing:
  // the click is remembered, and the portal clicks it again once the page works (shell/src/routing/landing-clicks.ts).
  // Links need no help: they navigate as plain links.
  var clicks = [];
  function remember(event) {
    var target = event.target instanceof Element ? event.target.closest('button, [role="button"]') : null;
    var root = document.getElementById('root');
    if (target && root && root.contains(target)) clicks.push(target);
  }
  document.addEventListener('click', remember, true);
  window.ps5EarlyClicks = {
    take: function () {
      document.removeEventListener('click', remember, true);
      return clicks.splice(0);
    },
  };
  var started = false;
  function run() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.src = main;
    document.head.appendChild(script);
  }
  // A page with nothing rendered in its HTML has nothing to paint first.
  var root = document.getElementById('root');
  if (!root || !root.firstElementChild) {
    run();
    return;
  }
  // The next frame is after the first paint; a tab opened in the background gets no frames, hence the timer.
  requestAnimationFrame(function () {
    setTimeout(run, 0);
  });
  setTimeout(run, 1000);
})();
