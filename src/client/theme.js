// Runs before the page paints, so a dark-mode reader never sees a white flash. The build writes it
// into each page's head (vite.config.ts), and the Content-Security-Policy allows it by its hash.
(function () {
  var stored = null;
  try {
    stored = localStorage.getItem('colorscheme');
  } catch {
    // Storage can be blocked (private mode); the system preference decides then.
  }
  var dark = stored ? stored === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
})();
