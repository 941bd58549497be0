import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { theme } from './lib/theme.svelte';

async function start(): Promise<void> {
  // Set the theme before the first paint.
  theme.init();
  // `npm run dev` in a plain browser has no Tauri backend: replay the core's recorded answers.
  if (import.meta.env.DEV && !('__TAURI_INTERNALS__' in window)) {
    const { installFixtureBackend } = await import('./lib/dev-backend');
    installFixtureBackend();
  }
  mount(App, { target: document.getElementById('app')! });
}

void start();
