/*! RaiseSpark embed: floating button (script data-form-id) and inline forms (<div data-raisespark-form="ID">). */
(function (d, w) {
  var s = d.currentScript, origin = new URL(s.src).origin, frames = [], m, f, x, last;
  function url(id) { return origin + '/form-view/' + encodeURIComponent(id) + '?source=' + encodeURIComponent(location.href) + '&ref=' + encodeURIComponent(d.referrer); }
  function frame(id, title) {
    var f = d.createElement('iframe');
    f.src = url(id); f.title = title; f.loading = 'lazy';
    f.style.cssText = 'width:100%;border:0;display:block;height:500px';
    frames.push(f); return f;
  }
  w.addEventListener('message', function (e) {
    if (e.origin !== origin || !e.data) return;
    if (e.data.type === 'raisespark:escape' && m && f && f.contentWindow === e.source) return close();
    if (e.data.type !== 'raisespark:height') return;
    frames.forEach(function (f) {
      if (f.contentWindow !== e.source || f.dataset.rsModal) return;
      clearTimeout(f.rsT);
      f.rsT = setTimeout(function () { f.style.height = Math.max(500, e.data.height + 50) + 'px'; }, 100);
    });
  });
  d.querySelectorAll('[data-raisespark-form]:not([data-rs-done])').forEach(function (el) {
    el.setAttribute('data-rs-done', '');
    el.appendChild(frame(el.getAttribute('data-raisespark-form'), 'Investor interest form'));
  });
  var id = s.getAttribute('data-form-id');
  if (!id) return;
  // The snippet's colours (else the default theme's), as the server makes them readable; as
  // written only if that answer cannot be had (form not live, network, the page's CSP) in 1.5 s.
  var company = s.getAttribute('data-company-name') || 'this company',
    bc = s.getAttribute('data-button-color'), tc = s.getAttribute('data-text-color'),
    bg = bc || '#6365f0',
    fg = tc || '#ffffff',
    logo = s.getAttribute('data-logo'),
    b = d.createElement('button');
  b.type = 'button'; b.id = 'investor-form-button'; b.setAttribute('data-raisespark-widget', '');
  b.style.cssText = 'position:fixed;right:20px;bottom:20px;z-index:2147483000;display:flex;align-items:center;gap:8px;padding:12px 18px;border:0;border-radius:999px;font:600 15px system-ui,sans-serif;cursor:pointer;box-shadow:0 8px 24px rgba(0,0,0,.2);background:' + bg + ';color:' + fg;
  if (logo) { var i = d.createElement('img'); i.src = logo; i.alt = ''; i.style.cssText = 'width:22px;height:22px;border-radius:50%;object-fit:cover'; b.appendChild(i); }
  b.appendChild(d.createTextNode('Invest in ' + company));
  function close() {
    m.remove(); m = null; frames.splice(frames.indexOf(f), 1);
    d.removeEventListener('keydown', key, true); d.removeEventListener('focusin', trap);
    last && last.focus();
  }
  function key(e) { if (e.key === 'Escape') close(); }
  function trap(e) { if (m && !m.contains(e.target)) x.focus(); }
  b.onclick = function () {
    last = d.activeElement;
    m = d.createElement('div'); m.setAttribute('data-raisespark-widget', '');
    m.setAttribute('role', 'dialog'); m.setAttribute('aria-modal', 'true'); m.setAttribute('aria-label', 'Invest in ' + company);
    m.style.cssText = 'position:fixed;inset:0;z-index:2147483001;background:rgba(17,24,39,.55);display:flex;align-items:center;justify-content:center;padding:16px';
    var p = d.createElement('div');
    p.style.cssText = 'position:relative;width:100%;max-width:560px;height:min(720px,90vh);background:#fff;border-radius:16px;overflow:hidden';
    x = d.createElement('button'); x.type = 'button'; x.setAttribute('aria-label', 'Close'); x.textContent = '\u00d7';
    x.style.cssText = 'position:absolute;top:8px;right:8px;width:36px;height:36px;border:0;border-radius:50%;background:#f3f4f6;font:24px/1 system-ui;cursor:pointer';
    f = frame(id, 'Invest in ' + company); f.dataset.rsModal = '1'; f.style.height = '100%';
    p.appendChild(f); p.appendChild(x); m.appendChild(p);
    m.onclick = function (e) { if (e.target === m) close(); };
    x.onclick = close;
    d.addEventListener('keydown', key, true); d.addEventListener('focusin', trap);
    d.body.appendChild(m); x.focus();
  };
  var placed;
  function place() {
    if (placed) return;
    placed = 1;
    d.body ? d.body.appendChild(b) : d.addEventListener('DOMContentLoaded', function () { d.body.appendChild(b); });
  }
  function paint(t) {
    if (t && t.button && t.buttonText) { b.style.background = t.button; b.style.color = t.buttonText; }
    place();
  }
  setTimeout(place, 1500);
  var q = new URLSearchParams();
  bc && q.set('buttonColor', bc); tc && q.set('buttonTextColor', tc);
  fetch(origin + '/api/public-forms/' + encodeURIComponent(id) + '/floating-button?' + q).then(function (r) { return r.ok ? r.json() : null; }).then(paint, place);
})(document, window);
