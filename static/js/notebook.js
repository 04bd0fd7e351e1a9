/* The table's notebook, without leaving the table (templates/games/notebook/at_table.html).
 *
 * Writing a hypothesis: the notebook's "Write a hypothesis" and "Change" links load the
 * writer over htmx into #nb-write, in place of the notebook's tabs, so the table stays
 * beside it (a wide screen) or one tap away (a phone), its draft kept while the player
 * plays. "Back to my notes" or Escape closes it and gives the focus back to the link that
 * opened it (which opens it again as it was left); keeping the hypothesis brings "My notes"
 * back with it. The builder's ids are the table's rule builder's too, so while that one is
 * on the table (its viewer writing a rule) the links open the page in a new tab instead,
 * and a rule builder arriving drops the writer. Single-key table shortcuts do not fire
 * from inside the writer.
 *
 * The draft's verdict is checked again a moment after the table moves on.
 *
 * The turn: after every push, the table's turn line (with its clock, which clock.js counts
 * down) is copied into #nb-turn, shown where the notebook covers the table; when the move
 * becomes the viewer's while the notebook is open there, it alerts, and "Back to the
 * table" closes the notebook onto the hand.
 */
(function () {
  "use strict";

  var opener = null;
  var wasMine = false;

  function byId(id) { return document.getElementById(id); }
  function writer() { return byId("nb-write"); }
  function notebookOpen() { var nb = byId("notebook"); return nb && !nb.hidden; }
  function writing() { var w = writer(); return w && !w.hidden; }

  // The rule builder of the table's stage (a rule being written by this viewer).
  function ruleBuilder() {
    var w = writer();
    return Array.prototype.some.call(document.querySelectorAll("#builder-form"),
      function (form) { return !w || !w.contains(form); });
  }

  function showWriter(on) {
    var nb = byId("notebook");
    var w = writer();
    if (!nb || !w) { return; }
    w.hidden = !on;
    nb.classList.toggle("notebook--writing", on);
  }

  function focusTitle() {
    var title = byId("nb-writer-title");
    if (title) { title.focus(); }
  }

  function openWriter(link) {
    var href = link.getAttribute("href");
    // Back to the same hypothesis: its draft, as it was left.
    if (href === opener && writer().querySelector("#nb-writer")) {
      showWriter(true);
      focusTitle();
      return;
    }
    opener = href;
    htmx.ajax("GET", link.getAttribute("href"), { target: "#nb-write", swap: "innerHTML" })
      .then(function () {
        if (!writer().querySelector("#nb-writer")) { return; }
        showWriter(true);
        focusTitle();
      });
  }

  function closeWriter(restore) {
    if (!writing()) { return; }
    showWriter(false);
    if (!restore) { return; }
    var back = opener && document.querySelector('#nb-mine a[href="' + CSS.escape(opener) + '"]');
    (back || byId("nb-tab-mine")).focus();
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest('#notebook a[href*="/notebook/hypothesis/"]');
    if (link && !event.ctrlKey && !event.metaKey && !event.shiftKey && event.button === 0) {
      event.preventDefault();
      if (ruleBuilder()) {
        window.open(link.href, "_blank", "noopener");
      } else {
        openWriter(link);
      }
      return;
    }
    if (event.target.closest("[data-nb-write-close]")) { closeWriter(true); return; }
    if (event.target.closest("[data-nb-back]")) { backToTable(); }
  });

  // Escape leaves the writer (a second one closes the notebook: static/js/table.js); the
  // table's single-key shortcuts stay out of it, where a key belongs to the form. Heard on
  // the writer itself, so that the key goes no further up to the table's listeners.
  function writerKeys(event) {
    if (event.key === "Escape") {
      closeWriter(true);
      event.preventDefault();
      event.stopPropagation();
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.stopPropagation();
    }
  }
  if (writer()) { writer().addEventListener("keydown", writerKeys); }

  // Kept: the answer is "My notes" again (its slot, by the server's retarget), with the
  // hypothesis and a message in it.
  document.body.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    var source = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (!target || target.id !== "nb-mine-slot" || !source || !writer().contains(source)) {
      return;
    }
    closeWriter(false);
    writer().innerHTML = "";
    var message = document.querySelector("#nb-mine .nb-message");
    if (message) {
      message.tabIndex = -1;
      message.focus();
    } else {
      byId("nb-tab-mine").focus();
    }
  });

  // The turn, as the table's status shows it.
  function stripShown() {
    var strip = byId("nb-turn");
    return strip && window.getComputedStyle(strip).display !== "none";
  }

  function mirrorTurn() {
    var turn = document.querySelector("#status .status__turn");
    var line = byId("nb-turn-line");
    var strip = byId("nb-turn");
    if (!turn || !line || !strip) { return; }
    line.innerHTML = turn.innerHTML;
    var mine = !!turn.querySelector(".your-turn");
    strip.classList.toggle("nb-turn--mine", mine);
    var alert = byId("nb-turn-alert");
    if (mine && !wasMine && notebookOpen() && stripShown() && alert) {
      alert.textContent = turn.textContent.trim().replace(/\s+/g, " ") +
        " Back to the table to play.";
    } else if (!mine && alert) {
      alert.textContent = "";
    }
    wasMine = mine;
  }

  function backToTable() {
    var close = byId("nb-close");
    if (close) { close.click(); }
    if (!wasMine) { return; }
    var next = document.querySelector(".hand .card:not([aria-disabled])") ||
      document.querySelector('#turn-buttons [data-action="pass"]:not([disabled])') ||
      document.querySelector("#stage button, #stage select");
    if (next) { next.focus(); }
  }

  // The table moved on: the draft is checked again (a few seconds after, at most once in
  // that time), so the verdict counts what was just seen. The form's "seen" field carries
  // the version asked about, so the builder's queue (static/js/builder.js) does not take
  // it for the question it asked last.
  var recheck = null;
  function checkAgain() {
    if (recheck !== null || !writing()) { return; }
    recheck = window.setTimeout(function () {
      recheck = null;
      var form = writer().querySelector("#builder-form");
      var seen = form && form.querySelector('input[name="seen"]');
      var version = byId("version");
      if (!writing() || !seen || !version || seen.value === version.value) { return; }
      seen.value = version.value;
      htmx.trigger(form, "ask");
    }, RECHECK_MS);
  }
  var RECHECK_MS = 2000;

  document.body.addEventListener("htmx:wsAfterMessage", function () {
    mirrorTurn();
    checkAgain();
    if (writer().querySelector("#nb-writer") && ruleBuilder()) {
      // This viewer now writes a rule on the table: its builder has the same ids.
      closeWriter(false);
      writer().innerHTML = "";
      var alert = byId("nb-turn-alert");
      if (alert) { alert.textContent = "You write a rule now: your hypothesis was not kept."; }
    }
  });
  mirrorTurn();
})();
