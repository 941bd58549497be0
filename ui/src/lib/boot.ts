// The search box of the first frame (index.html) gives way to the app's own.

/**
 * Takes the first frame's box away; what was typed in it, the caret, and the focus go to
 * `into` (the app's search box) when there is one. Safe to call more than once, and when
 * there was no box (the player view's window).
 */
export function takeOverBootBox(into: HTMLInputElement | null): void {
  const boot = document.getElementById('boot');
  const box = document.getElementById('boot-search') as HTMLInputElement | null;
  if (box && into) {
    const focused = document.activeElement === box;
    if (box.value) {
      into.value = box.value;
      into.dispatchEvent(new Event('input', { bubbles: true }));
    }
    if (focused) {
      into.focus();
      const end = box.selectionEnd ?? box.value.length;
      into.setSelectionRange(box.selectionStart ?? end, end);
    }
  }
  boot?.remove();
  delete document.documentElement.dataset.boot;
}
