import { svelte } from '@sveltejs/vite-plugin-svelte';
import { defineConfig } from 'vite';

// The pages a phone or TV at the table opens while the game master shares (`tome share`,
// src/share in the core). Built into dist-table/, which the core embeds; served with a
// strict CSP, so every script and style is a file of its own.
export default defineConfig({
  plugins: [svelte()],
  clearScreen: false,
  // public/ holds the main window's first-frame script (boot.js), nothing a phone needs.
  publicDir: false,
  build: {
    // Phones: Safari 15 and newer Chromes.
    target: 'safari15',
    outDir: 'dist-table',
    emptyOutDir: true,
    sourcemap: false,
    assetsInlineLimit: 0,
    // No module-preload helper: it would add nothing for one entry.
    modulePreload: false,
    rollupOptions: { input: 'table.html' },
  },
});
