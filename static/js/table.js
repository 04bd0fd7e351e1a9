/* Mini Mao table: card clicks, group plays, keyboard shortcuts, connection state.
 *
 * The page works through htmx: playing posts the play form (hx-post) and every
 * screen is updated by fragments pushed over the WebSocket. This file only adds
 * what plain attributes cannot: a click on a card fills the form and submits it,
 * cards can be selected for a group, keys play cards, and a lost connection shows;
 * the notebook panel opens and closes (key N), tells the server over the socket (which
 * then pushes its evidence), keeps its open sections across pushes, and loads the
 * viewer's own part over htmx.
 */
(function () {
  "use strict";

  var selected = [];

  function form() { return document.getElementById("play-form"); }
  function groupMode() {
    var box = document.getElementById("group-mode");
    return box && box.checked;
  }

  function setField(f, name, values) {
    f.querySelectorAll('input[data-generated="' + name + '"]').forEach(function (el) { el.remove(); });
    values.forEach(function (value) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      input.setAttribute("data-generated", name);
      f.appendChild(input);
    });
  }

  function submit(type, cards) {
    var f = form();
    if (!f) { return; }
    f.querySelector('input[name="type"]').value = type;
    setField(f, "cards", cards || []);
    htmx.trigger(f, "submit");
  }

  function refreshSelection() {
    document.querySelectorAll(".hand .card").forEach(function (el) {
      var on = selected.indexOf(el.dataset.card) >= 0;
      el.setAttribute("aria-pressed", groupMode() ? String(on) : "false");
      el.classList.toggle("card--selected", on);
    });
    var button = document.getElementById("play-group");
    if (button) {
      button.hidden = !groupMode();
      button.textContent = "Play selected (" + selected.length + ")";
      button.disabled = selected.length < 1;
    }
  }

  document.addEventListener("click", function (event) {
    var card = event.target.closest(".hand .card");
    if (card) {
      if (card.getAttribute("aria-disabled") === "true") {
        var feedback = document.getElementById("feedback");
        if (feedback) { feedback.textContent = "Wait for your turn."; }
        return;
      }
      if (groupMode()) {
        var i = selected.indexOf(card.dataset.card);
        if (i >= 0) { selected.splice(i, 1); } else { selected.push(card.dataset.card); }
        refreshSelection();
      } else {
        submit("play", [card.dataset.card]);
      }
      return;
    }
    var action = event.target.closest("[data-action]");
    if (action) { submit(action.dataset.action, []); return; }
    if (event.target.closest("#play-group")) {
      submit("play", selected.slice());
      selected = [];
      refreshSelection();
    }
  });

  document.addEventListener("change", function (event) {
    if (event.target.id === "group-mode") { selected = []; refreshSelection(); }
  });

  document.addEventListener("keydown", function (event) {
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea" || event.ctrlKey ||
        event.metaKey || event.altKey) { return; }
    var cards = document.querySelectorAll(".hand .card");
    if (/^[1-9]$/.test(event.key) && cards[Number(event.key) - 1]) {
      cards[Number(event.key) - 1].click();
      event.preventDefault();
    } else if (event.key === "p" || event.key === "P") {
      var pass = document.querySelector('[data-action="pass"]:not([disabled])');
      if (pass) { pass.click(); event.preventDefault(); }
    } else if (event.key === "n" || event.key === "N") {
      toggleNotebook();
      event.preventDefault();
    } else if (event.key === "/") {
      var say = document.getElementById("say");
      if (say) { say.focus(); event.preventDefault(); }
    } else if ((event.key === "ArrowRight" || event.key === "ArrowLeft") &&
               event.target.closest(".hand")) {
      var list = Array.prototype.slice.call(cards);
      var at = list.indexOf(event.target.closest(".card"));
      var next = list[(at + (event.key === "ArrowRight" ? 1 : list.length - 1)) % list.length];
      if (next) { next.focus(); event.preventDefault(); }
    }
  });

  // After a successful play, clear the words said; keep the selection of a failed group.
  document.body.addEventListener("htmx:afterRequest", function (event) {
    var f = form();
    if (!f || event.detail.elt !== f || !event.detail.successful) { return; }
    if (event.detail.xhr.getResponseHeader("X-Mao-Accepted") === "1") {
      var say = document.getElementById("say");
      if (say) { say.value = ""; }
    }
  });

  // Fragments replace the hand: keep the group selection visible across updates.
  document.body.addEventListener("htmx:oobAfterSwap", refreshSelection);

  // Connection state: the ws extension reconnects after abnormal closes by itself;
  // for other closes (a server that went away politely) reload to resync.
  var retry = 0;
  var socket = null;
  document.body.addEventListener("htmx:wsOpen", function (event) {
    retry = 0;
    socket = event.detail.socketWrapper;
    // A new socket (a reconnect) knows nothing of the page: say the notebook is open.
    if (notebookOpen()) { tellNotebook(true); }
    var note = document.getElementById("connection");
    if (note) { note.hidden = true; }
  });
  document.body.addEventListener("htmx:wsClose", function (event) {
    var note = document.getElementById("connection");
    if (note) { note.hidden = false; }
    var code = event.detail.event.code;
    if ([1006, 1011, 1012, 1013].indexOf(code) < 0 && code !== 1000 && code < 4000) {
      retry += 1;
      setTimeout(function () { window.location.reload(); }, Math.min(1000 * retry, 5000));
    }
  });

  // The server pushes only the newest log lines (at the top of the list); keep the list to
  // the length a full render shows, and say that earlier lines exist once some fall off.
  function trimLog() {
    var list = document.getElementById("log-list");
    if (!list) { return; }
    var keep = parseInt(list.dataset.shown, 10) || 80;
    var items = list.children;
    if (items.length <= keep) { return; }
    while (items.length > keep) { list.removeChild(items[items.length - 1]); }
    // Chromium can leave a reversed list's numbers stale after lines are added and removed
    // in the same frame as a large swap (the rule builder): set the attribute again.
    list.reversed = false;
    list.reversed = true;
    var note = document.getElementById("log-earlier");
    if (note) { note.hidden = false; }
  }

  // When the game starts every lobby moves to the table; when it ends, to the reveal.
  document.body.addEventListener("htmx:wsAfterMessage", function () {
    trimLog();
    keepNotebook();
    var now = document.querySelector("[data-follow-now]");
    if (now) { window.location.href = now.href; return; }
    var link = document.querySelector("[data-autofollow]");
    if (link && !link.dataset.following) {
      link.dataset.following = "1";
      setTimeout(function () { window.location.href = link.href; }, 2500);
    }
  });

  // The notebook panel.
  function notebook() { return document.getElementById("notebook"); }
  function notebookOpen() { var nb = notebook(); return nb && !nb.hidden; }
  function tellNotebook(open) {
    if (socket) { socket.send(JSON.stringify({ type: "notebook", open: open })); }
  }
  var openSections = {};

  function toggleNotebook(force, tab) {
    var nb = notebook();
    if (!nb) { return; }
    var open = force === undefined ? nb.hidden : force;
    nb.hidden = !open;
    var button = document.getElementById("nb-toggle");
    if (button) { button.setAttribute("aria-expanded", String(open)); }
    document.body.classList.toggle("notebook-open", open);
    tellNotebook(open);
    if (open) {
      if (tab) { showTab(tab); } else if (currentTab() === "mine") { loadMine(); }
      document.getElementById("nb-title").focus();
    } else if (button) {
      button.focus();
    }
  }

  function currentTab() {
    var mine = document.getElementById("nb-tab-mine");
    return mine && mine.getAttribute("aria-selected") === "true" ? "mine" : "evidence";
  }

  function showTab(name) {
    ["evidence", "mine"].forEach(function (tab) {
      var on = tab === name;
      var button = document.getElementById("nb-tab-" + tab);
      button.setAttribute("aria-selected", String(on));
      button.tabIndex = on ? 0 : -1;
      document.getElementById("nb-panel-" + tab).hidden = !on;
    });
    if (name === "mine") { loadMine(); }
  }

  function loadMine() {
    var nb = notebook();
    htmx.ajax("GET", nb.dataset.mineUrl, { target: "#nb-mine-slot", swap: "innerHTML" });
  }

  // Pushed evidence replaces its sections: open again the ones the reader had open, and
  // say when the private part's checks or an evidence grid are older than the table.
  function keepNotebook() {
    Object.keys(openSections).forEach(function (id) {
      var section = document.getElementById(id);
      if (section) { section.open = true; }
    });
    var version = document.getElementById("version");
    if (!version) { return; }
    document.querySelectorAll("#nb-mine, #nb-grid-slot .nb-grids").forEach(function (part) {
      var stale = part.querySelector(".nb-stale");
      if (stale) { stale.hidden = part.dataset.version === version.value; }
    });
  }
  document.addEventListener("toggle", function (event) {
    var section = event.target;
    if (!section.classList || !section.classList.contains("nb-jargon")) { return; }
    if (section.open) { openSections[section.id] = true; } else { delete openSections[section.id]; }
  }, true);

  document.addEventListener("click", function (event) {
    if (event.target.closest("#nb-toggle")) { toggleNotebook(); return; }
    if (event.target.closest("#nb-close")) { toggleNotebook(false); return; }
    var tab = event.target.closest('#notebook [role="tab"]');
    if (tab) { showTab(tab.id.replace("nb-tab-", "")); }
  });
  document.addEventListener("keydown", function (event) {
    if (!notebookOpen()) { return; }
    if (event.key === "Escape" && event.target.closest("#notebook")) {
      toggleNotebook(false);
      event.preventDefault();
    } else if ((event.key === "ArrowRight" || event.key === "ArrowLeft") &&
               event.target.closest('#notebook [role="tab"]')) {
      var next = currentTab() === "mine" ? "evidence" : "mine";
      showTab(next);
      document.getElementById("nb-tab-" + next).focus();
      event.preventDefault();
    }
  });

  // Back from writing a hypothesis (…#notebook-mine), or a link to the notebook.
  document.addEventListener("DOMContentLoaded", function () {
    if (window.location.hash === "#notebook-mine") { toggleNotebook(true, "mine"); }
    else if (window.location.hash === "#notebook") { toggleNotebook(true); }
  });
})();
