import { mount, unmount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { api } from './lib/api';
import { listenForClose } from './lib/closing';
import PlayerScreen from './lib/components/PlayerScreen.svelte';
import StartupScreen from './lib/components/StartupScreen.svelte';
import { theme } from './lib/theme.svelte';

async function start(): Promise<void> {
  // Set the theme before the first paint.
  theme.init();
  const target = document.getElementById('app')!;
  // The player view's window shows one encounter to the table, and nothing else: it may
  // only call `player_view` (capabilities/player.json), so none of the app starts there.
  if (window.location.hash.startsWith('#/player/')) {
    if (import.meta.env.DEV && !('__TAURI_INTERNALS__' in window)) {
      const { installFixtureBackend } = await import('./lib/dev-backend');
      installFixtureBackend();
    }
    mount(PlayerScreen, { target });
    return;
  }
  // `npm run dev` in a plain browser has no Tauri backend: replay the core's recorded answers.
  if (import.meta.env.DEV && !('__TAURI_INTERNALS__' in window)) {
    const { installFixtureBackend } = await import('./lib/dev-backend');
    installFixtureBackend();
  } else {
    await listenForClose();
  }
  // A database that could not be opened is explained, with the ways out, before the app starts.
  const problem = await api.startupProblem().catch(() => null);
  if (problem) {
    const screen = mount(StartupScreen, {
      target,
      props: {
        problem,
        onopened: () => {
          void unmount(screen);
          mount(App, { target });
        },
      },
    });
    return;
  }
  mount(App, { target });
}

void start();
