/* Mini Mao table: card clicks, group plays, keyboard shortcuts, connection state.
 *
 * The page works through htmx: every screen is updated by fragments pushed over the
 * WebSocket, and the play form posts (hx-post) when there is no socket to send it over.
 * This file adds what plain attributes cannot: while the socket is open, a play or a
 * pass goes over it (the form's fields as an "act" frame); a click on a card fills the
 * form and submits it,
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
        // The hand says whose turn it is (and which card a multiple would be).
        var feedback = document.getElementById("feedback");
        var why = document.getElementById("off-turn");
        if (feedback) { feedback.textContent = why ? why.textContent : "Wait for your turn."; }
        return;
      }
      if (groupMode()) {
        var i = selected.indexOf(card.dataset.card);
        if (i >= 0) { selected.splice(i, 1); } else { selected.push(card.dataset.card); }
        refreshSelection();
      } else if (card.dataset.card === "JK") {
        if (!askJoker(card, ["JK"], false)) { submit("play", ["JK"]); }
      } else {
        submit("play", [card.dataset.card]);
      }
      return;
    }
    var action = event.target.closest("[data-action]");
    if (action) { submit(action.dataset.action, []); return; }
    var group = event.target.closest("#play-group");
    if (group) {
      // A group with a joker asks first what it stands for, as a joker played alone does.
      if (selected.indexOf("JK") < 0 || !askJoker(group, selected.slice(), true)) {
        playGroup(selected.slice());
      }
    }
  });

  // A group play ends group mode, refused or not: the next click plays a card again.
  function playGroup(cards) {
    submit("play", cards);
    selected = [];
    var box = document.getElementById("group-mode");
    if (box) { box.checked = false; }
    refreshSelection();
  }

  // A joker played, alone or in a group, asks on the spot which card it stands for (nothing
  // is chosen for the player); the answer fills the form's "named" field and plays it.
  // Cancelled, nothing is played (a group stays selected).
  var jokerFrom = null;
  var jokerPlay = null;
  function askJoker(from, cards, group) {
    var dialog = document.getElementById("joker-dialog");
    var named = document.getElementById("named");
    if (!dialog || !named || typeof dialog.showModal !== "function") { return false; }
    jokerFrom = from;
    jokerPlay = { cards: cards, group: group };
    document.getElementById("joker-choice").value = "";
    document.getElementById("joker-error").textContent = "";
    dialog.showModal();
    document.getElementById("joker-choice").focus();
    return true;
  }
  document.addEventListener("submit", function (event) {
    if (event.target.id !== "joker-form") { return; }
    event.preventDefault();
    var dialog = document.getElementById("joker-dialog");
    var choice = document.getElementById("joker-choice");
    if (event.submitter && event.submitter.value === "cancel") {
      dialog.close();
      return;
    }
    if (!choice.value) {
      document.getElementById("joker-error").textContent = "Choose the card your joker stands for.";
      choice.focus();
      return;
    }
    var named = document.getElementById("named");
    if (named) { named.value = choice.value; }
    var play = jokerPlay || { cards: ["JK"], group: false };
    dialog.close();
    if (play.group) { playGroup(play.cards); } else { submit("play", play.cards); }
  });
  document.addEventListener("close", function (event) {
    if (event.target.id !== "joker-dialog") { return; }
    var back = jokerFrom && document.contains(jokerFrom) && !jokerFrom.hidden ? jokerFrom
      : document.querySelector('.hand .card[data-card="JK"]');
    jokerFrom = null;
    jokerPlay = null;
    if (back) { back.focus({ preventScroll: true }); }
  }, true);

  document.addEventListener("change", function (event) {
    if (event.target.id === "group-mode") { selected = []; refreshSelection(); }
  });

  // Single-key shortcuts (1-9, P, N, /), unless the viewer turned them off (static/js/
  // prefs.js, WCAG 2.1.4); the arrow keys move along the hand either way.
  function shortcuts() { return document.documentElement.classList.contains("key-shortcuts"); }
  document.addEventListener("keydown", function (event) {
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea" || event.ctrlKey ||
        event.metaKey || event.altKey) { return; }
    var cards = document.querySelectorAll(".hand .card");
    var character = event.key.length === 1;
    if (character && !shortcuts()) { return; }
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

  // Words said in the say-box are cleared once heard (the box keeps the focus: a push never
  // replaces it); words refused stay, to be corrected.
  document.body.addEventListener("htmx:afterRequest", function (event) {
    var box = document.getElementById("say-form");
    if (!box || event.detail.elt !== box || !event.detail.successful) { return; }
    if (event.detail.xhr.getResponseHeader("X-Mao-Accepted") === "1") {
      var words = document.getElementById("say-words");
      if (words) { words.value = ""; }
    }
  });

  // After a successful play, clear the words said; keep the selection of a failed group.
  function played() {
    var say = document.getElementById("say");
    if (say) { say.value = ""; }
    // What a joker stood for is asked afresh next time, never kept as a default.
    var named = document.getElementById("named");
    if (named) { named.value = ""; }
  }
  document.body.addEventListener("htmx:afterRequest", function (event) {
    var f = form();
    if (!f || event.detail.elt !== f || !event.detail.successful) { return; }
    if (event.detail.xhr.getResponseHeader("X-Mao-Accepted") === "1") { played(); }
  });

  // Playing over the socket. The server's worker thread already holds the game for the
  // socket's pushes, so an action sent there costs it a third less than an HTTP request
  // and never waits for SQLite's write lock behind other requests (docs/performance.md,
  // issue 16). The frame carries the form's fields exactly as htmx would post them, read
  // on the server by the same code as the POST, so both refuse alike. The answer is the
  // #feedback fragment, marked data-answer (the POST's X-Mao-Accepted is its
  // data-accepted). While the socket is not open, htmx posts the form as before.
  var socketOpen = false;
  var pendingAct = null;
  function formFields(f) {
    var fields = {};
    var data = new FormData(f);
    var version = document.getElementById("version");
    if (version && version.name) { data.append(version.name, version.value); }
    data.forEach(function (value, name) {
      if (typeof value !== "string") { return; }
      (fields[name] = fields[name] || []).push(value);
    });
    return fields;
  }
  document.body.addEventListener("htmx:confirm", function (event) {
    var f = form();
    if (!f || event.detail.elt !== f || !socketOpen || !socket) { return; }
    event.preventDefault();
    pendingAct = formFields(f);
    // The fragment now shown answered an earlier action: only a new one answers this.
    var feedback = document.getElementById("feedback");
    if (feedback) { feedback.removeAttribute("data-answer"); }
    socket.sendImmediately(JSON.stringify({ type: "act", form: pendingAct }));
  });
  document.body.addEventListener("htmx:wsAfterMessage", function () {
    var feedback = document.getElementById("feedback");
    if (!pendingAct || !feedback || !feedback.hasAttribute("data-answer")) { return; }
    pendingAct = null;
    if (feedback.getAttribute("data-accepted") === "1") { played(); }
  });
  // The socket closed before the answer came: the action may or may not have been made,
  // so it is posted as it was. Made already, the POST is refused as out of date (its
  // version is the same), which says to look again; nothing is played twice.
  function postPending() {
    var f = form();
    var fields = pendingAct;
    pendingAct = null;
    if (!f || !fields) { return; }
    htmx.ajax("POST", f.getAttribute("hx-post"),
      { source: f, values: fields, target: "#feedback", swap: "innerHTML" });
  }

  // Fragments replace the hand: keep the group selection visible across updates.
  document.body.addEventListener("htmx:oobAfterSwap", refreshSelection);

  // Focus survives a push. A fragment that replaces the focused element (a card of the
  // hand, a turn button) would drop the focus to the page; it goes back to the same card
  // (by its text), else to the card now at the same place, else to the same turn button,
  // else to the hand's first card or the pass button: never to a button the push disabled
  // (the pass button once the turn has moved on), which cannot hold the focus.
  var focusBefore = null;
  document.body.addEventListener("htmx:oobBeforeSwap", function (event) {
    var active = document.activeElement;
    var target = event.detail.target;
    if (!active || active === document.body || !target || !target.contains(active)) { return; }
    var cards = Array.prototype.slice.call(document.querySelectorAll(".hand .card"));
    focusBefore = {
      id: active.id || null,
      card: active.dataset ? active.dataset.card || null : null,
      at: cards.indexOf(active),
      action: active.dataset ? active.dataset.action || null : null,
    };
  });
  document.body.addEventListener("htmx:oobAfterSwap", function () {
    if (!focusBefore || (document.activeElement && document.activeElement !== document.body)) {
      focusBefore = null;
      return;
    }
    var was = focusBefore;
    focusBefore = null;
    var cards = document.querySelectorAll(".hand .card");
    var candidates = [
      was.id && document.getElementById(was.id),
      was.card && document.querySelector('.hand .card[data-card="' + was.card + '"]'),
      was.at >= 0 && cards.length ? cards[Math.min(was.at, cards.length - 1)] : null,
      was.action && document.querySelector('#turn-buttons [data-action="' + was.action + '"]'),
      cards[0],
      document.querySelector('#turn-buttons [data-action="pass"]'),
    ];
    var back = candidates.filter(function (el) { return el && !el.disabled; })[0];
    if (back) { back.focus({ preventScroll: true }); }
  });

  // A newcomer's first table says what to do, once per browser; their first refusal
  // explains itself, once.
  function seen(key) {
    try { return window.localStorage.getItem(key) === "1"; } catch (e) { return false; }
  }
  function remember(key) {
    try { window.localStorage.setItem(key, "1"); } catch (e) { /* private mode */ }
  }
  // Each note is one line on a phone (its summary; a tap shows the rest), whole on a wider
  // screen, where it takes no room from the hand.
  function showNote(note) {
    note.hidden = false;
    var more = note.querySelector("details");
    if (more) { more.open = window.matchMedia("(min-width: 40rem)").matches; }
  }
  var firstVisit = document.getElementById("first-visit");
  if (firstVisit && !seen("mao-first-visit")) { showNote(firstVisit); }
  document.addEventListener("click", function (event) {
    var dismiss = event.target.closest("[data-dismiss]");
    if (!dismiss) { return; }
    var box = document.getElementById(dismiss.dataset.dismiss);
    if (box) { box.hidden = true; }
    if (dismiss.dataset.dismiss === "first-visit") { remember("mao-first-visit"); }
    // The button is gone: the focus goes on to the hand (else the pass button), not the page.
    var next = document.querySelector(".hand .card") ||
      document.querySelector('#turn-buttons [data-action="pass"]');
    if (next) { next.focus({ preventScroll: true }); }
  });

  // On a phone the banner shows two lines at most (static/css/table.css); a tap shows the
  // whole of it, until the next moment replaces it. Its whole text is always in the page.
  document.addEventListener("click", function (event) {
    var banner = event.target.closest("#moment p");
    if (banner) { banner.classList.toggle("moment__whole"); }
  });

  // A screen reader hears what matters as it happens, once: a refusal (at once), a rule
  // firing, a round won, the game's end and "your turn" (politely). The fragments that show
  // them are replaced whole on each push, so they are read into two regions that stay.
  //
  // They are read once a push is swapped in and settled (htmx:wsAfterMessage): during the
  // swap, htmx's oobAfterSwap names the replaced element (detail.target) and the new one
  // still wears the old one's classes. The server pushes the banner only when it changes,
  // and the page's first push redraws it as loaded, so a banner is news when its words
  // differ from the last ones seen; the first refusal a newcomer sees explains itself.
  //
  // One message per push and region: a rule firing and "your turn" in one push are one
  // polite message (two would overwrite each other). The player whose own play was refused
  // (data-own-refusal) hears it once, from #feedback (an alert: the answer to their play).
  function textOf(el) { return el ? el.textContent.trim().replace(/\s+/g, " ") : ""; }
  var lastTurn = "";
  var lastMoment = textOf(document.getElementById("moment"));
  // Words waiting to be read into each region: what comes within its 50 ms is read together.
  var waiting = {};
  function announce(id, text) {
    var region = document.getElementById(id);
    if (!region || !text) { return; }
    if (waiting[id]) { waiting[id] += " " + text; return; }
    waiting[id] = text;
    // Emptied first so that the same words said twice are read twice.
    region.textContent = "";
    window.setTimeout(function () {
      region.textContent = waiting[id];
      delete waiting[id];
    }, 50);
  }
  document.body.addEventListener("htmx:wsAfterMessage", function () {
    var urgent = [];
    var polite = [];
    var moment = document.getElementById("moment");
    var words = textOf(moment);
    if (words && words !== lastMoment) {
      if (/moment--(refused|out_of_turn|call_broken|speech_broken|claim_failed|expelled|timed_out)/
        .test(moment.className)) {
        if (!moment.hasAttribute("data-own-refusal")) { urgent.push(words); }
      } else {
        polite.push(words);
      }
      var note = document.getElementById("first-refusal");
      if (note && /moment--refused/.test(moment.className) && !seen("mao-first-refusal")) {
        showNote(note);
        remember("mao-first-refusal");
      }
    }
    lastMoment = words;
    var status = document.getElementById("status");
    if (status) {
      var mine = status.querySelector(".your-turn");
      var turn = mine ? textOf(status.querySelector(".status__turn")) : "";
      if (turn && turn !== lastTurn) { polite.push(turn); }
      lastTurn = turn;
    }
    announce("announce-urgent", urgent.join(" "));
    announce("announce-polite", polite.join(" "));
  });

  // Connection state: the ws extension reconnects after abnormal closes by itself;
  // for other closes (a server that went away politely) reload to resync.
  var retry = 0;
  var socket = null;
  document.body.addEventListener("htmx:wsOpen", function (event) {
    retry = 0;
    socket = event.detail.socketWrapper;
    socketOpen = true;
    // A new socket (a reconnect) knows nothing of the page: say the notebook is open.
    if (notebookOpen()) { tellNotebook(true); }
    var note = document.getElementById("connection");
    if (note) { note.hidden = true; }
  });
  document.body.addEventListener("htmx:wsClose", function (event) {
    socketOpen = false;
    postPending();
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
