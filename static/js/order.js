/* Points of order at the table (templates/games/table.html, partial "order").
 *
 * The key O presses the panel's button (call one, end it, or agree to end it), unless the
 * viewer turned single-key shortcuts off (static/js/prefs.js, WCAG 2.1.4) or is typing.
 * After each push the chat shows its newest line. A push that takes away the focused
 * element (a card of a hand now face down) leaves the focus on the page: it goes to the
 * panel's button, else to its chat, while a point of order lasts. Screen readers hear one
 * called and ended as every moment is read (static/js/table.js): both are moments.
 */
(function () {
  "use strict";

  function shortcuts() { return document.documentElement.classList.contains("key-shortcuts"); }
  function orderButton() { return document.querySelector("#order [data-order-key]"); }

  document.addEventListener("keydown", function (event) {
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "select" || tag === "textarea" || event.ctrlKey ||
        event.metaKey || event.altKey || !shortcuts()) { return; }
    if (event.key !== "o" && event.key !== "O") { return; }
    var button = orderButton();
    if (button) { button.click(); event.preventDefault(); }
  });

  var focusLost = false;
  document.body.addEventListener("htmx:oobBeforeSwap", function (event) {
    var active = document.activeElement;
    var target = event.detail.target;
    if (active && active !== document.body && target && target.contains(active)) {
      focusLost = true;
    }
  });
  document.body.addEventListener("htmx:wsAfterMessage", function () {
    var chat = document.querySelector("#order .order__chat");
    if (chat) { chat.scrollTop = chat.scrollHeight; }
    var lost = focusLost;
    focusLost = false;
    if (!lost || (document.activeElement && document.activeElement !== document.body) ||
        !document.querySelector("#order.order--active")) { return; }
    var next = orderButton() || chat;
    if (next) { next.focus({ preventScroll: true }); }
  });
})();
