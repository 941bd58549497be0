// The moment the input box is on screen, reported as Tome's page reports its search box
// (ui/src/main.ts, markPainted).
requestAnimationFrame(() =>
  setTimeout(() => {
    const mark = performance.mark('tome:painted');
    if (window.__TOME_TRACE_STARTUP__) console.info(`tome:painted ${performance.timeOrigin + mark.startTime}`);
  }, 0),
);
