/* Arbitre: the card picker, the live table (polling), the turn clock. No framework, no network but ours. */
(function () {
  "use strict";
  var POLL_MS = 1500;

  function append(field, text, op) {
    var v = field.value;
    if (op === "back") { field.value = v.replace(/\s*\S+\s*$/, ""); return; }
    if (op === "/") { field.value = v.replace(/\s+$/, "") + "\n"; return; }
    if (op === "=") { field.value = v.replace(/\s+$/, "") + "="; return; }
    if (op === "to") { field.value = v.replace(/\s+$/, "") + "…"; return; }  // picker.js fills the run
    if (op === "keyboard") { return; }
    if (field.tagName === "INPUT" && !/=$/.test(v)) { field.value = text; return; }  // a one-card field
    var glue = (v === "" || /[\n=…]$/.test(v)) ? "" : " ";
    field.value = v + glue + text;
  }

  // A correction: a one-card field set by a key, or a choice tapped, shows what changes at once (one tap less).
  function preview(form) {
    var button = form.hasAttribute && form.hasAttribute("data-autopreview") && form.querySelector("button[value=preview]");
    if (!button) { return; }
    if (form.requestSubmit) { form.requestSubmit(button); } else { button.click(); }
  }

  function initPickers(root) {
    root.querySelectorAll(".picker[data-target]").forEach(function (picker) {
      picker.hidden = false;
      var form = picker.closest("form") || document;
      var last = null;
      form.querySelectorAll("textarea, input[type=text], input:not([type])").forEach(function (f) {
        f.addEventListener("focus", function () { last = f; });
      });
      picker.addEventListener("click", function (event) {
        var key = event.target.closest("button[data-card], button[data-op]");
        if (!key) { return; }
        event.preventDefault();
        var field = last || document.getElementById(picker.dataset.target);
        if (!field) { return; }
        append(field, key.dataset.card || "", key.dataset.op);
        field.dispatchEvent(new Event("input", { bubbles: true }));
        if (form.dataset) { form.dataset.dirty = "1"; }
        if (field.tagName === "INPUT" && key.dataset.card && !/=$/.test(field.value)) { preview(form); }
      });
    });
    root.querySelectorAll("form[data-autopreview]").forEach(function (form) {
      form.addEventListener("change", function (event) {
        if (event.target.type === "radio" || event.target.tagName === "SELECT") { preview(form); }
      });
    });
    root.querySelectorAll("form[data-dirty-keep]").forEach(function (form) {
      form.addEventListener("input", function () { form.dataset.dirty = "1"; });
    });
  }

  var timers = [], expired = {};
  function initClock(root) {
    timers.forEach(clearTimeout);
    timers = [];
    root.querySelectorAll("time.clock[data-deadline]").forEach(function (el) {
      var end = Date.parse(el.dataset.deadline);
      function tick() {
        var left = Math.max(0, Math.round((end - Date.now()) / 1000));
        el.textContent = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
        el.classList.toggle("late", left <= 10);
        if (left > 0) { timers.push(setTimeout(tick, 1000)); }
        else if (!expired[el.dataset.deadline] && (document.getElementById("main") || {dataset: {}}).dataset.live) {
          expired[el.dataset.deadline] = true; refresh(true);  // an entry screen keeps what is typed (clock.js)
        }
      }
      tick();
    });
  }

  // A game's own options on the start form show while that game is the one chosen.
  function initGameOptions(root) {
    var boxes = root.querySelectorAll("[data-options-of]");
    if (!boxes.length) { return; }
    var radios = root.querySelectorAll("input[name=game]");
    function sync() {
      var chosen = root.querySelector("input[name=game]:checked");
      boxes.forEach(function (box) { box.hidden = !(chosen && chosen.value === box.dataset.optionsOf); });
    }
    radios.forEach(function (r) { r.addEventListener("change", sync); });
    sync();
  }

  function initDealerNames(root) {
    root.querySelectorAll("[data-name-of]").forEach(function (span) {
      var input = document.getElementById(span.dataset.nameOf);
      var fallback = span.textContent;
      if (!input) { return; }
      function sync() { span.textContent = input.value.trim() || fallback; }
      input.addEventListener("input", sync);
      sync();
    });
  }

  // The start form offers the seats the chosen game has (Rami: 4), and as first dealer only the names typed.
  function initSeats(root) {
    var form = root.querySelector("#new-table");
    if (!form) { return; }
    function sync() {
      var game = form.querySelector("input[name=game]:checked");
      var most = game ? +game.dataset.seats : Infinity;
      form.querySelectorAll(".seat[data-seat]").forEach(function (seat) {
        var off = +seat.dataset.seat >= most, input = seat.querySelector("input");
        seat.hidden = off;
        input.disabled = off;
      });
      form.querySelectorAll("[data-dealer-of]").forEach(function (label) {
        var input = document.getElementById(label.dataset.dealerOf), radio = label.querySelector("input");
        label.hidden = !input || input.disabled || !input.value.trim();
        if (label.hidden && radio.checked) { form.querySelector("input[name=dealer][value=random]").checked = true; }
      });
    }
    form.addEventListener("input", sync);
    form.addEventListener("change", sync);
    sync();
  }

  // Times in the page's language, in the phone's own variant of it, always on a 24-hour clock (an en-US phone
  // too: a club's sheet, its screen and its phones read one clock).
  function locale() {
    var page = document.documentElement.lang || "";
    var mine = (navigator.languages || [navigator.language || ""]).filter(function (l) {
      return l.split("-")[0] === page;
    })[0];
    return mine || page || undefined;
  }

  // Entry times are stored in UTC; show them in the phone's own time zone.
  function initTimes(root) {
    root.querySelectorAll("time[datetime]:not(.clock):not(.stamp)").forEach(function (el) {
      var at = new Date(el.getAttribute("datetime"));
      if (isNaN(at)) { return; }
      el.textContent = at.toLocaleTimeString(locale(),
        { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });
      el.title = at.toLocaleString(locale(), { hourCycle: "h23" });
    });
    // A day and a time (the audit): day first, 24-hour, in the phone's time zone.
    root.querySelectorAll("time.stamp[datetime]").forEach(function (el) {
      var at = new Date(el.getAttribute("datetime"));
      if (isNaN(at)) { return; }
      el.textContent = at.toLocaleString(locale(), { day: "numeric", month: "short", year: "numeric",
        hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    });
  }

  // An entry on its way (outbox.js marks the page data-sending until the next page loads): the page stays as it
  // was tapped, not redrawn with the table's news; the next page shows them, and live.js tries again meanwhile.
  function sending() { return document.documentElement.hasAttribute("data-sending"); }

  var busy = false;
  function refresh(force) {
    var main = document.getElementById("main");
    if (busy || !main || sending()) { return; }
    var dirty = main.querySelector("form[data-dirty='1']");
    if (dirty && !force) { showStale(main); return; }
    busy = true;
    fetch(location.href, { headers: { "X-Live": "1" }, credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        busy = false;
        if (!html) { return; }
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById("main");
        if (!fresh) { return; }
        main.innerHTML = fresh.innerHTML;
        main.dataset.version = fresh.dataset.version || main.dataset.version;
        init(main);
      })
      .catch(function () { busy = false; });
  }

  function showStale(main) {
    if (main.querySelector(".stale")) { return; }
    var p = document.createElement("p");
    p.className = "notice stale";
    p.setAttribute("role", "status");
    p.textContent = document.body.dataset.textStale || "The table has changed.";  // the page's words (base.html)
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = document.body.dataset.textRefresh || "Refresh";
    b.addEventListener("click", function () { refresh(true); });
    p.appendChild(b);
    main.insertBefore(p, main.firstChild);
  }

  function poll() {
    var main = document.getElementById("main");
    if (!main || !main.dataset.live) { return null; }
    return setInterval(function () {
      if (document.hidden || busy) { return; }
      var url = main.dataset.live + "?after=" + encodeURIComponent(main.dataset.version || "0");
      fetch(url, { credentials: "same-origin" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (body) {
          if (body && String(body.version) !== String(main.dataset.version)) { refresh(false); }
        })
        .catch(function () {});
    }, POLL_MS);
  }

  function init(root) {
    initPickers(root); initClock(root); initGameOptions(root); initDealerNames(root); initSeats(root); initTimes(root);
    if (window.ArbitreNext) { window.ArbitreNext.init(root); }  // next.js: the next game, once a phone starts it
    if (root !== document && window.ArbitreOutbox) { window.ArbitreOutbox.ahead(); }  // a refresh, entries waiting
    if (root !== document) { document.dispatchEvent(new CustomEvent("arbitre:redrawn")); }  // tournament.js: its banner
  }

  // Offline, a page the service worker kept says so (table pages say it in their connection line, live.js).
  function markSaved() {
    var main = document.getElementById("main");
    if (!main || !main.dataset.savedAt || document.getElementById("live")) { return; }
    var p = document.createElement("p");
    p.className = "notice saved";
    p.setAttribute("role", "status");
    p.textContent = (document.body.dataset.textSaved || "{h}").replace("{h}",  // {h}: no English word for the checks
      new Date(+main.dataset.savedAt).toLocaleTimeString(locale(), { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }));
    main.insertBefore(p, main.firstChild);
  }

  // Online, ask the service worker to keep what this page's `data-offline` links lead to (sw.js).
  function warm() {
    var links = document.querySelectorAll("a[data-offline]");
    if (!links.length || navigator.onLine === false || !("serviceWorker" in navigator)) { return; }
    navigator.serviceWorker.ready.then(function (reg) {
      if (reg.active) { reg.active.postMessage({ warm: Array.prototype.map.call(links, function (a) { return a.href; }) }); }
    }).catch(function () {});
  }

  document.addEventListener("DOMContentLoaded", function () {
    init(document);
    markSaved();
    if (!(document.getElementById("main") || { dataset: {} }).dataset.savedAt) { warm(); }
    // live.js streams the table and polls only when the stream fails; without it, poll as before.
    if (!(window.ArbitreLive && window.ArbitreLive.start({ refresh: refresh, poll: poll, init: init }))) { poll(); }
  });
})();
