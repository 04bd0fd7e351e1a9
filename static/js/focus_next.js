/* The lobby is drawn again by its own answers and by the pushes of the changes they make:
 * the focus stays where the keyboard left it. A focused control drawn again gets the focus
 * back (htmx does this for its own answers, not for a push's out-of-band parts); one that
 * went away hands it to the element its data-focus-next names ("Add bot", once the bot
 * fills the last seat, to "Start the game"), never back to the top of the page.
 */
(function () {
  "use strict";

  var held = null;  // the focused control as a swap began: its id and where focus goes next

  function note() {
    var focused = document.activeElement;
    if (focused && focused !== document.body && focused.id) {
      held = { id: focused.id, next: focused.dataset.focusNext || "" };
    }
  }

  function restore() {
    var was = held;
    held = null;
    var focused = document.activeElement;
    if (!was || (focused && focused !== document.body)) { return; }
    var target = document.getElementById(was.id) ||
      (was.next ? document.getElementById(was.next) : null);
    if (target && !target.disabled) { target.focus({ preventScroll: true }); }
  }

  document.body.addEventListener("htmx:beforeSwap", note);
  document.body.addEventListener("htmx:oobBeforeSwap", note);
  document.body.addEventListener("htmx:afterSettle", restore);
  document.body.addEventListener("htmx:oobAfterSwap", restore);
})();
