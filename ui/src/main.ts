import './app.css';

// The first frame shows the page's own search box (index.html, public/boot.js): Tome's
// script is loaded once that frame is painted, so parsing and mounting the app never
// stand between a start and a box to type in (BENCHMARKS.md, "Against a bare window").
requestAnimationFrame(() => setTimeout(() => void import('./start'), 0));
