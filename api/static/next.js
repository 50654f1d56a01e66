/* After the game: ask whether a phone of the table has started the next one, and offer it at once (one tap). */
(function () {
  "use strict";
  var EVERY_MS = 3000, FOR_MS = 3 * 3600 * 1000;

  function watch(box) {
    var started = Date.now();
    function open() {
      var shown = box.querySelector(".next-open"), start = box.querySelector(".next-start");
      if (shown) { shown.hidden = false; }
      if (start) { start.hidden = true; }
      box.dataset.nextOpen = "1";
    }
    function ask() {
      if (box.dataset.nextOpen || Date.now() - started > FOR_MS) { return; }
      if (navigator.onLine === false) { setTimeout(ask, EVERY_MS); return; }
      fetch(box.dataset.nextCheck, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (answer) { return answer.ok ? answer.json() : {}; })
        .then(function (body) { if (body.next) { open(); } else { setTimeout(ask, EVERY_MS); } })
        .catch(function () { setTimeout(ask, EVERY_MS); });
    }
    setTimeout(ask, EVERY_MS);
  }

  // app.js calls init on the page, and again on the part a live refresh brings (a game that ends meanwhile).
  function init(root) {
    Array.prototype.forEach.call(root.querySelectorAll("[data-next-check]:not([data-watched])"), function (box) {
      box.setAttribute("data-watched", "");
      watch(box);
    });
  }

  window.ArbitreNext = { init: init };
})();
