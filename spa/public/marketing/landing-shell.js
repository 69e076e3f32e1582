// On the landing page, index.html's static header and hero are the first paint while the app
// loads (see #landing-shell). The landing page removes them when it mounts; if it never does,
// the app is shown anyway after 10 seconds. Links in the static copy work as plain links; a
// tap on its menu button is remembered and replayed by the app.
if (location.pathname === '/') {
  var root = document.documentElement;
  root.setAttribute('data-landing-shell', '');
  document.addEventListener('click', function (event) {
    var target = event.target;
    if (target instanceof Element && target.closest('#landing-shell button[aria-label="Open menu"]')) {
      root.setAttribute('data-landing-shell-menu', '');
    }
  });
  setTimeout(function () {
    root.removeAttribute('data-landing-shell');
  }, 10000);
}
