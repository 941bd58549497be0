// Moves focus to a page's heading when it appears, so keyboard and screen-reader
// users start reading the new page (unless they are busy in a field).
import { focusQuietly } from './keys';

let firstPage = true;

export function focusHeading(node: HTMLElement): void {
  // The first page of a session is where focus already starts.
  if (firstPage) {
    firstPage = false;
    return;
  }
  const active = document.activeElement;
  if (active === null || active === document.body || !document.contains(active)) {
    focusQuietly(node);
  }
}
