// Vitest: every test starts with no Tauri mock, an empty catalog, a clean
// location and clean storage.
import { clearMocks } from '@tauri-apps/api/mocks';
import { afterEach, beforeEach, vi } from 'vitest';
import { catalog } from './lib/catalog.svelte';

beforeEach(() => {
  localStorage.clear();
  window.location.hash = '';
  catalog.reset();
});

afterEach(() => {
  clearMocks();
  vi.useRealTimers();
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.removeAttribute('data-theme-mode');
});
