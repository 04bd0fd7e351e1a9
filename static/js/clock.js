// The table's clocks. Every element with data-due (ms of the server's clock) counts down to
// it in its .clock__left, against the server's clock as the page received it
// (data-server-now on .table: a browser's own clock may be off); a stopped clock
// (data-frozen-at, a point of order) shows the time it had left when it stopped. The
// player whose own turn clock (.clock--mine) reaches ten seconds hears it once.
(function () {
  "use strict";
  var table = document.querySelector(".table[data-server-now]");
  var offset = table ? Number(table.dataset.serverNow) - Date.now() : 0;
  var warned = "";

  function text(ms) {
    var whole = Math.ceil(ms / 1000);
    var hours = Math.floor(whole / 3600);
    var minutes = Math.floor((whole % 3600) / 60);
    var seconds = whole % 60;
    var two = function (n) { return (n < 10 ? "0" : "") + n; };
    return hours ? hours + ":" + two(minutes) + ":" + two(seconds) : minutes + ":" + two(seconds);
  }

  function tick() {
    var now = Date.now() + offset;
    document.querySelectorAll("[data-due]").forEach(function (el) {
      var stopped = el.dataset.frozenAt;
      var left = Math.max(0, Number(el.dataset.due) - (stopped ? Number(stopped) : now));
      var out = el.querySelector(".clock__left");
      var shown = text(left);
      if (out && out.textContent !== shown) { out.textContent = shown; }
      el.classList.toggle("clock--low", !stopped && left <= 10000);
      if (el.classList.contains("clock--mine") && !stopped && left <= 10000 && left > 0
          && warned !== el.dataset.due) {
        warned = el.dataset.due;
        var alert = document.getElementById("clock-alert");
        if (alert) { alert.textContent = "Ten seconds left to play or draw."; }
      }
    });
  }

  tick();
  window.setInterval(tick, 250);
  document.body.addEventListener("htmx:wsAfterMessage", tick);
})();
