// The app's start in the main window, and its giving way to the start-up screen: at once
// when the database could not be opened, or later when a command meets damage a backup must
// mend (the core then closes the file and the shell has a problem to show).
import { mount, unmount } from 'svelte';
import App from '../App.svelte';
import { api, onDatabaseError } from './api';
import type { StartupProblem } from './bindings/StartupProblem';
import { takeOverBootBox } from './boot';

type Mounted = ReturnType<typeof mount>;

/** What is drawn in the window now: the app, or the start-up screen. */
let current: Mounted | null = null;

/**
 * Draws the app in `target` at once (`onmounted` runs right after), and a database that could
 * not be opened then gives way to the start-up screen with the ways out: no round trip to the
 * shell stands before the first frame. (The app's lists wait for that frame, so the answer
 * comes first.) `ready`: what else must be set up before the app goes on (the close listener).
 */
export async function startApp(
  target: HTMLElement,
  options: { ready?: Promise<void>; onmounted?: () => void } = {},
): Promise<void> {
  current = mount(App, { target, props: { listsAfterPaint: true } });
  options.onmounted?.();
  const [problem] = await Promise.all([api.startupProblem().catch(() => null), options.ready]);
  if (problem) {
    await showProblem(target, problem);
    return;
  }
  watchForDamage(target);
}

/** Takes down whatever `startApp` drew (for tests). */
export function stopApp(): void {
  onDatabaseError(null);
  if (current) void unmount(current);
  current = null;
}

/** The start-up screen in place of the app (if one is running), until a database opens. */
async function showProblem(target: HTMLElement, problem: StartupProblem): Promise<void> {
  onDatabaseError(null);
  const { default: StartupScreen } = await import('./components/StartupScreen.svelte');
  // The first frame's search box goes with the app: the start-up screen has none.
  takeOverBootBox(null);
  if (current) void unmount(current);
  const screen = mount(StartupScreen, {
    target,
    props: {
      problem,
      onopened: () => {
        void unmount(screen);
        current = mount(App, { target });
        watchForDamage(target);
      },
    },
  });
  current = screen;
}

/**
 * A command that met damage a backup must mend closes the database in the core: the shell
 * then has a problem to show, and the app gives way to the start-up screen and its
 * restore. Any other `database` error (a file held locked) leaves the app as it is.
 */
function watchForDamage(target: HTMLElement): void {
  onDatabaseError(() => {
    void api
      .startupProblem()
      .catch(() => null)
      .then((problem) => {
        if (problem) void showProblem(target, problem);
      });
  });
}
