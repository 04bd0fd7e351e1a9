// The rule builder's requests (templates/games/builder/panel.html): one queue, in order, no
// answer drawn for a form that has moved on, "too fast" cleared by itself, and the draft
// kept through a reload.
//
// Every request of the builder waits its turn on #builder-form (hx-sync "queue all"), so
// answers land in the order asked and none is cut short. Each request remembers the fields
// as they were when it was sent. If the writer changed a field while it was on its way, its
// answer would show (or redraw) a form that no longer is: it is dropped, and the same
// request is asked again with the form as it now stands (so is one that would redraw the
// field a key is held down on). A preview that would ask exactly what the last request
// asked is not sent (a run of triggers for one change asks once).
// The answer to a write (data-writes) is always shown: it is the server's verdict on the
// write, never asked twice. The difficulty estimate (games.difficulty) is not on the queue:
// it is slow, and asks again by itself.
(function () {
  "use strict";

  function builderForm() { return document.getElementById("builder-form"); }

  // The requests on the builder's queue: the form's own (previews) and those synced on it.
  function queued(elt) {
    var form = builderForm();
    if (!form || !elt || !elt.getAttribute || elt.hasAttribute("data-writes")) { return false; }
    return elt === form || /^#builder-form:/.test(elt.getAttribute("hx-sync") || "");
  }

  // The fields as the writer left them: the form's, with those outside it that belong to it
  // (the situation, the jargon), and the example menu.
  function fields() {
    var form = builderForm();
    if (!form) { return ""; }
    var data = new URLSearchParams(new FormData(form));
    var example = document.getElementById("builder-template");
    if (example) { data.append("template", example.value); }
    return data.toString();
  }

  // What the last request sent whose answer is shown or on its way.
  var lastAsked = null;

  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (!queued(elt)) { return; }
    var now = fields();
    if (elt === builderForm() && now === lastAsked) {
      event.preventDefault();
      return;
    }
    lastAsked = now;
    var config = event.detail.requestConfig;
    var xhr = event.detail.xhr;
    xhr.builderAsked = now;
    xhr.builderElt = elt;
    xhr.builderEvent = config && config.triggeringEvent ? config.triggeringEvent.type : "click";
  });

  // The element the Space bar is held down on, if any. A box or button acts when the key is
  // released, and only if it is the element that saw it pressed: an answer that redrew it in
  // between would lose the press. Such an answer is dropped and asked again once the key is
  // up (after the box has changed).
  var spaceOn = null;
  var afterPress = [];

  function released() {
    spaceOn = null;
    afterPress.splice(0).forEach(function (ask) { window.setTimeout(ask, 0); });
  }

  document.addEventListener("keydown", function (event) {
    if (event.key === " ") { spaceOn = event.target; }
  }, true);
  document.addEventListener("keyup", function (event) {
    if (event.key === " ") { released(); }
  }, true);
  window.addEventListener("blur", released);

  function pressedIn(target) {
    return spaceOn !== null && !!target && !!target.contains && target.contains(spaceOn);
  }

  document.body.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    var pressed = pressedIn(event.detail.target);
    if (!xhr || xhr.builderAsked === undefined || event.detail.isError ||
        (fields() === xhr.builderAsked && !pressed)) { return; }
    event.detail.shouldSwap = false;
    lastAsked = null;
    var elt = xhr.builderElt;
    // Asked again behind whatever is queued. If a queued answer replaces the element first
    // (a newer choice in the same menu, already queued), htmx sends nothing for it.
    var again = function () {
      if (!document.body.contains(elt)) { return; }
      htmx.trigger(elt, elt === builderForm() ? "ask" : xhr.builderEvent);
    };
    if (pressed) {
      afterPress.push(again);
    } else {
      again();
    }
  });

  document.body.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.builderAsked !== undefined && !event.detail.successful) { lastAsked = null; }
  });

  // The draft survives a reload: the rule's fields as the writer left them are kept in this
  // tab's sessionStorage under the writing turn (the form's data-draft: game, seat, round),
  // and when a page of that turn comes back with its form as served, the server draws the
  // kept draft in it (the kind menu's request, with the kept fields). Only one draft is kept.
  var DRAFT = "mao-builder-draft:";
  // Fields that are not the rule: the page's own, the situation shown, the example menu.
  var NOT_THE_RULE = /^(version|revision|csrfmiddlewaretoken|top|template|jargon_from|sit-.*)$/;
  var formSeen = null;
  var edited = false;

  function store() {
    try { return window.sessionStorage; } catch (e) { return null; }
  }

  function draftKey() {
    var form = builderForm();
    return form && form.dataset.draft ? DRAFT + form.dataset.draft : null;
  }

  function ruleFields() {
    var kept = new URLSearchParams();
    new URLSearchParams(fields()).forEach(function (value, name) {
      if (!NOT_THE_RULE.test(name)) { kept.append(name, value); }
    });
    return kept.toString();
  }

  function keepDraft() {
    var key = draftKey();
    var kept = store();
    if (!key || !kept || !edited) { return; }
    try {
      for (var i = kept.length - 1; i >= 0; i--) {
        var old = kept.key(i);
        if (old && old.indexOf(DRAFT) === 0 && old !== key) { kept.removeItem(old); }
      }
      kept.setItem(key, ruleFields());
    } catch (e) { /* storage full or refused: the draft is simply not kept */ }
  }

  function restoreDraft() {
    var form = builderForm();
    if (!form || form === formSeen) { return; }
    formSeen = form;
    edited = false;
    var key = draftKey();
    var kept = store();
    var draft = key && kept ? kept.getItem(key) : null;
    var kind = document.getElementById("f-kind");
    if (!draft || !kind || draft === ruleFields()) { return; }
    var values = new FormData();
    new URLSearchParams(draft).forEach(function (value, name) { values.append(name, value); });
    var jargon = document.getElementById("f-jargon");
    if (jargon && values.has("jargon")) { jargon.value = values.get("jargon"); }
    edited = true;
    htmx.ajax("POST", kind.getAttribute("hx-post"),
              {target: "#builder-body", swap: "outerHTML", values: values});
  }

  document.body.addEventListener("htmx:load", restoreDraft);
  // Anything the writer does in the builder (a field, a button, an idea) makes the draft
  // theirs; what it becomes is kept once each answer is drawn.
  ["input", "change", "click"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var builder = document.getElementById("builder");
      var field = event.target;
      if (!builderForm() || !builder || !field ||
          !(builder.contains(field) || field.form === builderForm())) { return; }
      edited = true;
      keepDraft();
    }, true);
  });
  document.body.addEventListener("htmx:afterSettle", function () {
    if (builderForm()) { keepDraft(); }
  });

  // "You are going too fast" (429: the writer's rate or CPU budget, or a request sent while
  // another of the writer's was on its way, as from a second tab) shows in #builder-alert
  // (the panel's response-error handler) and goes by itself: after the wait the answer names
  // (Retry-After) the preview is asked again, and the first builder answer that succeeds
  // once no retry is pending clears the alert.
  var retry = null;

  function fromBuilder(event) {
    var path = event.detail.pathInfo && event.detail.pathInfo.requestPath;
    return typeof path === "string" && path.indexOf("/builder/") !== -1;
  }

  document.body.addEventListener("htmx:afterRequest", function (event) {
    if (!fromBuilder(event)) { return; }
    var xhr = event.detail.xhr;
    var alert = document.getElementById("builder-alert");
    if (event.detail.successful) {
      if (alert && retry === null) { alert.textContent = ""; }
      return;
    }
    if (!xhr || xhr.status !== 429 || retry !== null) { return; }
    var wait = parseInt(xhr.getResponseHeader("Retry-After") || "", 10);
    wait = isFinite(wait) && wait > 0 ? Math.min(wait, 120) : 2;
    retry = window.setTimeout(function () {
      retry = null;
      var form = builderForm();
      if (form) {
        lastAsked = null;
        htmx.trigger(form, "ask");
      }
    }, wait * 1000);
  });

  // A choice made in the kind menu in the instant between a redrawn form landing and htmx
  // taking up its new menu sends nothing (a quick run of arrow keys on a busy machine): the
  // menu would say one kind while the form below is drawn for another. Once the page has
  // settled, a menu that disagrees with its form asks for the form it names.
  document.body.addEventListener("htmx:afterSettle", function () {
    var body = document.getElementById("builder-body");
    var kind = document.getElementById("f-kind");
    if (body && kind && body.dataset.kind && kind.value !== body.dataset.kind) {
      htmx.trigger(kind, "change");
    }
  });
})();
