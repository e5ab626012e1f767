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

  // Once the page has painted and its HTML has been read whole (at once in a hidden page, which
  // paints nothing): `then`.
  var afterFirstPaint = function (then) {
    var whole = function () {
      if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', then);
      else then();
    };
    if (document.visibilityState === 'hidden') whole();
    else if (
      window.PerformanceObserver &&
      (window.PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0
    )
      // Once the browser reports the first paint (its frame on the screen), not merely drawn.
      new window.PerformanceObserver(function (list, observer) {
        observer.disconnect();
        whole();
      }).observe({ type: 'paint', buffered: true });
    else
      window.requestAnimationFrame(function () {
        setTimeout(whole);
      });
  };
  // PRODUCT §13.6: until then, a long map's reasons off the first screen skip their layout
  // (content-visibility in the page's CSS, while <html> has no data-laid-out), so the first paint
  // does not wait for a thousand of them; from then on every reason is laid out at its real height.
  afterFirstPaint(function () {
    document.documentElement.setAttribute('data-laid-out', '');
  });
  // PRODUCT §13.6: a page rendered for reading names the reader's script on this tag, and it is
  // fetched once the page has painted and its HTML has been read whole (as a module script in the
  // head would run): nothing a reader needs to read waits for a script. A hidden page (opened in
  // the background) paints nothing, and fetches it once read. A press on a button before it has
  // arrived is not lost: it is held, and made again once it has.
  var reader = document.currentScript && document.currentScript.getAttribute('data-reader');
  if (!reader) return;
  var loading = null;
  var held = null;
  var load = function () {
    loading =
      loading ||
      import(reader).then(
        function () {
          document.removeEventListener('click', hold, true);
          if (held) held.click();
        },
        // A reader's script that fails to arrive leaves the page as it is: readable, its links working.
        function () {
          document.removeEventListener('click', hold, true);
        },
      );
  };
  var start = function () {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', load);
    else load();
  };
  var hold = function (event) {
    var button = event.target && event.target.closest ? event.target.closest('button') : null;
    if (!button) return;
    event.preventDefault();
    event.stopPropagation();
    held = button;
    start();
  };
  document.addEventListener('click', hold, true);
  afterFirstPaint(load);
})();
