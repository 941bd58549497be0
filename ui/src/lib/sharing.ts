// The share panel tells the top bar at once when sharing starts or stops (a window event),
// so the bar's "Sharing" never lags behind the panel.

export const SHARING_CHANGED = 'tome:sharing';

export function sharingChanged(): void {
  window.dispatchEvent(new Event(SHARING_CHANGED));
}
