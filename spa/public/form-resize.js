// Inside the form iframe: tells the embedding page how tall the form is (RaiseSpark embed.js listens).
(function () {
  if (parent === window) return;
  var last = 0, timer;
  function send() {
    var h = document.documentElement.scrollHeight;
    if (h !== last) { last = h; parent.postMessage({ type: 'raisespark:height', height: h }, '*'); }
  }
  function schedule() { clearTimeout(timer); timer = setTimeout(send, 50); }
  new ResizeObserver(schedule).observe(document.documentElement);
  addEventListener('load', send);
  addEventListener('keydown', function (e) { if (e.key === 'Escape') parent.postMessage({ type: 'raisespark:escape' }, '*'); });
})();
