/* The lobby's invitation (templates/games/lobby.html): "Copy the link" puts the table's link
 * on the clipboard (the Clipboard API, else the copy command on the selected field, else it
 * says how to copy it by hand); "Share…" opens the system's share sheet, shown only where
 * the browser has one (navigator.share). Each outcome is said in the status line under the
 * buttons, which screen readers announce. The lobby is redrawn by htmx, so the buttons are
 * found by delegation and "Share…" is shown again on each swap. A button's
 * ``data-copied`` says what was copied (a daily result's share text, say).
 */
(function () {
  "use strict";

  function say(text) {
    var status = document.getElementById("share-status");
    if (!status) { return; }
    // Emptied first so that the same words said twice are announced twice.
    status.textContent = "";
    window.setTimeout(function () { status.textContent = text; }, 50);
  }

  function copyBySelection(field, button) {
    field.focus();
    field.select();
    var copied = false;
    try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
    button.focus();
    say(copied ? (button.dataset.copied || "Link copied: paste it to your friends.")
      : "Could not copy: select the link above and copy it (Ctrl+C, or a long press).");
  }

  function copy(button) {
    var field = document.getElementById(button.dataset.copy);
    if (!field) { return; }
    if (navigator.clipboard && typeof navigator.clipboard.writeText === "function") {
      navigator.clipboard.writeText(field.value).then(function () {
        say(button.dataset.copied || "Link copied: paste it to your friends.");
      }, function () { copyBySelection(field, button); });
    } else {
      copyBySelection(field, button);
    }
  }

  function share(button) {
    var field = document.getElementById(button.dataset.share);
    if (!field) { return; }
    navigator.share({ title: document.title, text: button.dataset.shareText, url: field.value })
      .then(function () { say("Link shared."); }, function (error) {
        // Closing the share sheet is no failure.
        if (!error || error.name !== "AbortError") { say("Could not share: copy the link instead."); }
      });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (button) { copy(button); return; }
    button = event.target.closest("[data-share]");
    if (button && typeof navigator.share === "function") { share(button); }
  });

  // A click in the link selects it whole, ready to copy by hand.
  document.addEventListener("focusin", function (event) {
    if (event.target.id === "share-link") { event.target.select(); }
  });
  document.addEventListener("click", function (event) {
    if (event.target.id === "share-link") { event.target.select(); }
  });

  function showShare(root) {
    if (typeof navigator.share !== "function" || !root.querySelectorAll) { return; }
    root.querySelectorAll("[data-share]").forEach(function (button) { button.hidden = false; });
  }
  document.addEventListener("DOMContentLoaded", function () { showShare(document); });
  document.addEventListener("htmx:load", function (event) { showShare(event.target); });
})();
