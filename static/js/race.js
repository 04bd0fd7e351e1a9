// The race panel (templates/games/table.html, partial "race"; games/engine/races.py). Its
// clock counts down with the table's other clocks (static/js/clock.js, data-due). Here:
//
// - the key R presses the big button of the oldest race the viewer has not answered, and
//   C, D, H, S name a suit in a race to name one, unless the viewer turned the single-key
//   shortcuts off (static/js/prefs.js, WCAG 2.1.4), and never while typing in a field;
// - a race that opens is read at once into the alert region (#race-alert): it is over in
//   seconds, so it interrupts. Its result is a moment of the banner, which table.js reads.
//
// Nothing here takes the focus: a race may open while someone types in the say-box, and
// saying the phrase there answers it too.
(function () {
  "use strict";

  function shortcuts() { return document.documentElement.classList.contains("key-shortcuts"); }

  document.addEventListener("keydown", function (event) {
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea" || event.ctrlKey ||
        event.metaKey || event.altKey || !shortcuts() || event.repeat) { return; }
    var key = event.key.toUpperCase();
    var button = null;
    if (key === "R") {
      button = document.querySelector("#race [data-race-key]");
    } else if (/^[CDHS]$/.test(key)) {
      button = document.querySelector('#race [data-race-suit="' + key + '"]');
    }
    if (button) {
      button.click();
      event.preventDefault();
    }
  });

  // The races already read out, by number, so that a push that only adds an answer to a
  // race is not read again.
  var heard = {};
  function readNew() {
    var alert = document.getElementById("race-alert");
    var words = [];
    document.querySelectorAll("#race [data-race]").forEach(function (race) {
      var number = race.dataset.race;
      if (heard[number]) { return; }
      heard[number] = true;
      var ask = race.querySelector(".race__ask");
      var waiting = race.classList.contains("race--waiting");
      words.push(ask.textContent.trim().replace(/\s+/g, " ") +
                 (waiting && shortcuts() ? " Press R, or the button." : ""));
    });
    if (alert && words.length) {
      alert.textContent = "";
      window.setTimeout(function () { alert.textContent = words.join(" "); }, 50);
    }
  }
  // A race open when the page loads is not news: only those that open later are read.
  document.querySelectorAll("#race [data-race]").forEach(function (race) {
    heard[race.dataset.race] = true;
  });
  document.body.addEventListener("htmx:wsAfterMessage", readNew);

  // The answer to a button clears itself once the race is over (its panel went away).
  document.body.addEventListener("htmx:wsAfterMessage", function () {
    var feedback = document.getElementById("feedback-race");
    var panel = document.getElementById("race");
    if (feedback && panel && panel.hidden) { feedback.textContent = ""; }
  });
})();
