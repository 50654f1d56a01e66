/* Arbitre live: the table's stream (EventSource), polling when the stream fails, the connection state. */
(function () {
  "use strict";
  var RETRY_STREAM_MS = 30000;  // after falling back to polling, try the stream again this often
  var box, text, main, hooks, source = null, pollTimer = null, failures = 0, want = 0, last = null, state = "";

  function time(date) {  // the page's language in the phone's variant of it, on a 24-hour clock whatever the variant
    var page = document.documentElement.lang || "";
    var mine = (navigator.languages || [navigator.language || ""]).filter(function (l) {
      return l.split("-")[0] === page;
    })[0];
    return date.toLocaleTimeString(mine || page || undefined, { hour: "2-digit", minute: "2-digit", second: "2-digit",
                                                                hourCycle: "h23" });
  }

  function label(name) { return box.dataset["t" + name.charAt(0).toUpperCase() + name.slice(1)] || name; }

  function show(kind) {
    if (navigator.onLine === false) { kind = "offline"; }
    state = kind;
    box.dataset.state = kind;
    var words = label(kind);
    if (main && main.dataset.savedAt && kind === "offline") {
      words += " · " + label("saved").replace("{time}", time(new Date(+main.dataset.savedAt)));
    } else if (last) {
      words += " · " + label("updated").replace("{time}", time(last));
    }
    if (text.textContent !== words) { text.textContent = words; }
    document.dispatchEvent(new CustomEvent("arbitre:connection", { detail: kind }));
  }

  function version() {
    return +(main && main.dataset.version) || +box.dataset.version || 0;
  }

  // Bring the page up to the latest entry heard: app.js's refresh keeps a form being filled in.
  function catchUp() {
    if (!main || !main.dataset.live || version() >= want || main.querySelector(".stale")) { return; }
    hooks.refresh(false);
    setTimeout(catchUp, 300);
  }

  function heard(seq) {
    last = new Date();
    want = Math.max(want, seq);
    box.dataset.version = String(Math.max(+box.dataset.version || 0, seq));
    show(state === "polling" ? "polling" : "live");
    catchUp();
  }

  function startPolling() {
    if (pollTimer === null && hooks.poll) { pollTimer = hooks.poll() || null; }
    show(navigator.onLine === false ? "offline" : "polling");
  }

  function stopPolling() {
    if (pollTimer !== null) { clearInterval(pollTimer); pollTimer = null; }
  }

  function connect() {
    if (source) { source.close(); }
    if (typeof EventSource === "undefined") { startPolling(); return; }
    var after = Math.max(want, version());
    source = new EventSource("/api/v1/tables/" + encodeURIComponent(box.dataset.table) + "/events?after=" + after);
    source.onopen = function () { failures = 0; stopPolling(); show("live"); };
    source.onmessage = function (event) { heard(+event.lastEventId || 0); };
    source.onerror = function () {
      failures += 1;
      if (navigator.onLine === false) { show("offline"); return; }
      if (source.readyState === EventSource.CLOSED || failures >= 3) {
        source.close();  // the stream is refused or keeps failing: poll, and try the stream again later
        source = null;
        startPolling();
        setTimeout(function () { if (!source) { connect(); } }, RETRY_STREAM_MS);
        return;
      }
      show("reconnecting");
    };
  }

  function start(given) {
    box = document.getElementById("live");
    if (!box) { return false; }
    hooks = given || {};
    main = document.getElementById("main");
    text = box.querySelector(".live-text");
    box.hidden = false;
    last = main && main.dataset.savedAt ? new Date(+main.dataset.savedAt) : new Date();
    want = version();
    var online = navigator.onLine;
    function changed() {  // the events, and a look every 2 s: not every browser sends them
      if (navigator.onLine === online) { return; }
      online = navigator.onLine;
      if (online) { show("reconnecting"); connect(); } else { show("offline"); }
    }
    window.addEventListener("offline", changed);
    window.addEventListener("online", changed);
    setInterval(changed, 2000);
    if (window.ArbitreOutbox) { window.ArbitreOutbox.start(hooks); }
    if (navigator.onLine === false || (main && main.dataset.savedAt)) { show("offline"); }
    else { show("reconnecting"); }
    connect();
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register("/sw.js").catch(function () {});
    }
    return true;  // app.js does not start its own polling: this file does when the stream fails
  }

  window.ArbitreLive = { start: start, state: function () { return state; } };
})();
