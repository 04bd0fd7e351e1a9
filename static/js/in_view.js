/* Your turn, in view: when the viewer's turn comes (a push that enables the pass button, or
 * the page opening on it) and the pile's top card or the hand's first card is off the
 * screen, the page scrolls them into view, just under the sticky status. After writing a
 * rule on a phone the page would otherwise stay where the builder was, saying "Your turn"
 * over no cards. It only scrolls: the focus stays where it is, and while the viewer types in
 * a field (the say-box, a note) nothing moves, so the words being typed stay in view.
 */
(function () {
  "use strict";

  var wasMine = false;

  function myTurn() {
    return document.querySelector("#status .your-turn") !== null &&
      document.querySelector('#turn-buttons [data-action="pass"]:not([disabled])') !== null;
  }

  function typing() {
    var el = document.activeElement;
    if (!el || el === document.body) { return false; }
    if (el.isContentEditable) { return true; }
    var tag = el.tagName.toLowerCase();
    return tag === "textarea" || tag === "select" ||
      (tag === "input" && /^(text|search|email|url|tel|number|password)$/.test(el.type));
  }

  // Where the screen's free part starts: under the status where it sticks to the top.
  function freeTop() {
    var top = document.querySelector(".table__top");
    if (!top || window.getComputedStyle(top).position !== "sticky") { return 0; }
    return Math.max(0, top.getBoundingClientRect().bottom);
  }

  function shown(el, from) {
    var box = el.getBoundingClientRect();
    return box.top >= from && box.bottom <= window.innerHeight;
  }

  function bringIntoView() {
    var pile = document.querySelector("#piles .pile:not(.pile--stock) .card");
    var card = document.querySelector(".hand .card");
    if (!pile || !card) { return; }
    var from = freeTop();
    if (shown(pile, from) && shown(card, from)) { return; }
    // Pile first, then the hand under it; where both do not fit, the hand wins.
    var by = pile.getBoundingClientRect().top - from - 8;
    var cardBottom = card.getBoundingClientRect().bottom - by;
    if (cardBottom > window.innerHeight) { by += cardBottom - window.innerHeight + 8; }
    window.scrollBy({ top: by, behavior: "auto" });
  }

  function check() {
    var mine = myTurn();
    if (mine && !wasMine && !typing()) { bringIntoView(); }
    wasMine = mine;
  }

  document.addEventListener("DOMContentLoaded", check);
  document.addEventListener("htmx:wsAfterMessage", check);
})();
