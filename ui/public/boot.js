// Runs before anything else in the main window, as the page is parsed: the saved theme
// goes on <html> so the first frame is drawn in it, and the search box the page holds
// from the start (index.html) is shown, so a player can type while Tome's own script
// loads; the app takes the box over, with what was typed, once it is mounted (start.ts).
// The player view's window shows neither. Kept tiny and classic (no module): it blocks
// the parser for a moment only.
(function () {
  var root = document.documentElement;
  var mode = 'system';
  try {
    var saved = localStorage.getItem('tome.theme');
    if (saved === 'light' || saved === 'dark') mode = saved;
  } catch {
    // storage unavailable: the system's theme
  }
  var dark = mode === 'dark' || (mode === 'system' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.dataset.theme = dark ? 'dark' : 'light';
  if (location.hash.indexOf('#/player/') === 0) return;
  root.dataset.boot = 'search';
  // The frame with the box is painted by the time a task queued in its animation
  // callback runs. The end-to-end speed test reads the mark (and, with the shell's
  // start-up trace on, the console line WebKit prints).
  requestAnimationFrame(function () {
    setTimeout(function () {
      var mark = performance.mark('tome:painted');
      if (window.__TOME_TRACE_STARTUP__) console.info('tome:painted ' + (performance.timeOrigin + mark.startTime));
    }, 0);
  });
})();
