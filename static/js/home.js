// Ticking a way to play reloads the home page with that way's own settings, so the form
// always shows the way it will open (without script, the server does the same on posting).
document.addEventListener("change", function (event) {
  var radio = event.target;
  if (!radio.matches || !radio.matches('#new-game input[name="preset"]')) { return; }
  window.location.assign(radio.dataset.home + "?preset=" + encodeURIComponent(radio.value));
});
