/* A viewer's own preferences, kept in this browser (localStorage) and applied on every page
   before it is drawn, each as a class on <html> while it is on:

   - "four-colour" (off unless chosen) draws diamonds blue and clubs green, so that the four
     suits differ by more than colour pairs (WCAG 1.4.1);
   - "key-shortcuts" (on unless turned off): the table's single-key shortcuts (1-9, P, N, /,
     static/js/table.js; R, and C D H S for a suit, in a race, static/js/race.js), which a
     speech-input user may set off by saying a word (WCAG 2.1.4), so they can be turned off.

   A checkbox with data-pref="four-colour" (or "key-shortcuts") anywhere on a page turns it
   on and off. */
(function () {
  "use strict";
  var PREFS = {
    "four-colour": { key: "mao-four-colour", byDefault: false },
    "key-shortcuts": { key: "mao-key-shortcuts", byDefault: true },
  };
  var root = document.documentElement;

  function stored(name) {
    var pref = PREFS[name];
    try {
      var value = window.localStorage.getItem(pref.key);
      return value === null ? pref.byDefault : value === "1";
    } catch (e) { return pref.byDefault; }
  }

  function apply(name, on) {
    root.classList.toggle(name, on);
  }

  Object.keys(PREFS).forEach(function (name) { apply(name, stored(name)); });

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("input[data-pref]").forEach(function (box) {
      var name = box.dataset.pref;
      if (!PREFS[name]) { return; }
      box.checked = stored(name);
      box.addEventListener("change", function () {
        try { window.localStorage.setItem(PREFS[name].key, box.checked ? "1" : "0"); } catch (e) { /* private mode: this page only */ }
        apply(name, box.checked);
      });
    });
  });
})();
