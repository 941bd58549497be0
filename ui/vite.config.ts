import { svelte } from '@sveltejs/vite-plugin-svelte';
import { svelteTesting } from '@testing-library/svelte/vite';
import { defineConfig } from 'vitest/config';

// The Tauri shell loads `dist/` in production and http://localhost:1420 in development.
const host = process.env.TAURI_DEV_HOST;

export default defineConfig({
  plugins: [svelte(), svelteTesting()],
  clearScreen: false,
  server: {
    port: 1420,
    strictPort: true,
    host: host || false,
    hmr: host ? { protocol: 'ws', host, port: 1421 } : undefined,
    watch: { ignored: ['**/src-tauri/**'] },
  },
  envPrefix: ['VITE_', 'TAURI_ENV_'],
  build: {
    // Tauri on Linux renders with WebKitGTK.
    target: 'safari15',
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Assets stay files (the CSP takes fonts from the app's own files only). The pages a
    // start does not show are chunks of their own, loaded when first opened
    // (src/lib/pages.ts).
    assetsInlineLimit: 0,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
    setupFiles: ['src/test-setup.ts'],
  },
});
