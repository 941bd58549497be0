import { mount } from 'svelte';
import './app.css';
import App from './App.svelte';
import { theme } from './lib/theme.svelte';

async function start(): Promise<void> {
  // Set the theme before the first paint.
  theme.init();
  // `npm run dev` in a plain browser has no Tauri backend: answer from the sample data.
  if (import.meta.env.DEV && !('__TAURI_INTERNALS__' in window)) {
    const { installMockBackend } = await import('./lib/dev-backend');
    installMockBackend();
  }
  mount(App, { target: document.getElementById('app')! });
}

void start();
