/* Arbitre: keep the screen awake while a turn clock runs (Wake Lock API, where the browser has it), and on
   an entry screen say when the time is up instead of reloading over what is being typed. */
(function () {
  "use strict";
  var lock = null;

  function running() {
    return Array.prototype.some.call(document.querySelectorAll("time.clock[data-deadline]"),
      function (el) { return Date.parse(el.dataset.deadline) > Date.now(); });
  }

  function hold() {
    if (!("wakeLock" in navigator) || document.hidden) { return; }
    if (!running()) { release(); return; }
    if (lock) { return; }
    navigator.wakeLock.request("screen").then(function (l) {
      lock = l;
      l.addEventListener("release", function () { if (lock === l) { lock = null; } });
    }).catch(function () { lock = null; });
  }

  function release() {
    if (lock) { var l = lock; lock = null; l.release().catch(function () {}); }
  }

  function overNotes() {
    var main = document.getElementById("main");
    if (!main || main.dataset.live) { return; }  // the table page refreshes itself (app.js)
    document.querySelectorAll("time.clock[data-deadline][data-over]").forEach(function (el) {
      if (Date.parse(el.dataset.deadline) > Date.now() || el.dataset.told) { return; }
      el.dataset.told = "1";
      var p = document.createElement("p");
      p.className = "notice";
      p.setAttribute("role", "status");
      p.textContent = el.dataset.over;
      el.closest("p").insertAdjacentElement("afterend", p);
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    hold();
    setInterval(function () { hold(); overNotes(); }, 1000);
    document.addEventListener("visibilitychange", hold);  // the lock goes when the page is hidden
  });
  window.arbitreWakeLock = function () { return lock; };
})();
