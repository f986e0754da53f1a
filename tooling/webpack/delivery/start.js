/* global document, Element, requestAnimationFrame, window */
// Starts the portal's code. A page that arrives with something to show (`/` with the landing page in its
// HTML, a signed-in page with its first view) paints that first: the portal's code and the files it needs
// next wait in `<template data-after-paint>` until the first paint is on screen, then all of them are asked
// for at once and the portal's code runs. On a slow phone the page shows at once instead of sharing the line
// with its scripts. A page that arrives empty preloads its files from the HTML and runs the code at once.
// The file to run is named by this script's `data-main` attribute.
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
  /** @type {Window & { ps5EarlyClicks?: { take(): Element[] } }} */ (window).ps5EarlyClicks = {
    take: function () {
      document.removeEventListener('click', remember, true);
      return clicks.splice(0);
    },
  };
  var started = false;
  function run() {
    if (started) return;
    started = true;
    var later = /** @type {HTMLTemplateElement | null} */ (document.querySelector('template[data-after-paint]'));
    if (later) document.head.appendChild(document.importNode(later.content, true));
    var script = document.createElement('script');
    script.src = /** @type {string} */ (main);
    document.head.appendChild(script);
  }
  // A page with nothing rendered in its HTML (neither the landing page in #root nor a signed-in page's first
  // view before it) has nothing to paint first.
  var root = document.getElementById('root');
  if (!document.getElementById('first-view') && !(root && root.firstElementChild)) {
    run();
    return;
  }
  // The first paint counts once it is on screen. Chromium reports a paint by when its frame was presented,
  // after the frame's requestAnimationFrame callbacks and the tasks they queue: code started from those ran
  // before the page was seen. The paint entry is queued after that moment. A tab opened in the background
  // paints nothing until it is shown: it starts at once.
  if (document.visibilityState === 'hidden') {
    run();
    return;
  }
  if (window.PerformanceObserver && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0) {
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(run, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () {
      setTimeout(run, 0);
    });
  }
  // Should no paint be reported (the page hidden while loading), the portal still starts.
  setTimeout(run, 2000);
})();
