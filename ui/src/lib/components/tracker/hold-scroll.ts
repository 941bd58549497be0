// Typing in the bar's fields must not move the list behind it: WebKitGTK scrolls the page
// to show the caret (or a field reached with Tab) where the sticky bar would sit unstuck.
// The page's scroll from before a key is put back while that key does its work: from its
// keydown until two frames after its keyup. Nothing else is held: a scroll the app or the
// player makes afterwards (a wheel, a click, an error brought into view) is left alone.

/** Holds the page's scroll while keys typed in `bar` do their work; answers the undoing. */
export function holdScrollWhileTyping(bar: HTMLElement): () => void {
  let heldScroll: number | null = null;
  let releaseFrame = 0;
  function restoreScroll() {
    const main = document.getElementById('main');
    if (main && heldScroll !== null && main.scrollTop !== heldScroll) main.scrollTop = heldScroll;
  }
  function holdScroll() {
    cancelAnimationFrame(releaseFrame);
    // A burst of keys keeps the scroll from before its first key.
    if (heldScroll === null) heldScroll = document.getElementById('main')?.scrollTop ?? null;
  }
  function letGo() {
    cancelAnimationFrame(releaseFrame);
    heldScroll = null;
  }
  function releaseAfterFrames() {
    if (heldScroll === null) return;
    restoreScroll();
    cancelAnimationFrame(releaseFrame);
    releaseFrame = requestAnimationFrame(() => {
      restoreScroll();
      releaseFrame = requestAnimationFrame(() => {
        restoreScroll();
        heldScroll = null;
      });
    });
  }
  const main = document.getElementById('main');
  const onScroll = () => {
    if (heldScroll !== null && bar.contains(document.activeElement)) restoreScroll();
  };
  bar.addEventListener('keydown', holdScroll, true);
  bar.addEventListener('input', restoreScroll);
  // The keyup may land outside the bar (Tab moved the focus out): listened for everywhere.
  window.addEventListener('keyup', releaseAfterFrames, true);
  window.addEventListener('pointerdown', letGo, true);
  window.addEventListener('wheel', letGo, { capture: true, passive: true });
  main?.addEventListener('scroll', onScroll);
  return () => {
    letGo();
    bar.removeEventListener('keydown', holdScroll, true);
    bar.removeEventListener('input', restoreScroll);
    window.removeEventListener('keyup', releaseAfterFrames, true);
    window.removeEventListener('pointerdown', letGo, true);
    window.removeEventListener('wheel', letGo, true);
    main?.removeEventListener('scroll', onScroll);
  };
}
