/* A tournament's pages: the evening form's table count, and the live screen, console, players' page and
   table banner, all fed by GET /api/v1/tournaments/{id}/events (the tournament as GET gives it). */
(function () {
  "use strict";

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (_m, name) { return values[name]; });
  }

  // As referee/seating.py's table_sizes: tables of `size` or one fewer, within the game's seats.
  function sizes(count, size, seats) {
    if (count < 1 || size < seats[0] || size > seats[1]) { return null; }
    var tables = Math.ceil(count / size), full = count - tables * (size - 1), out = [];
    if (full < 0) { return null; }
    for (var i = 0; i < tables; i++) { out.push(i < full ? size : size - 1); }
    for (var j = 0; j < out.length; j++) { if (out[j] < seats[0] || out[j] > seats[1]) { return null; } }
    return out;
  }

  function initForm() {
    var form = document.getElementById("new-evening");
    if (!form) { return; }
    var seats = JSON.parse(form.dataset.seats), shown = document.getElementById("ev-tables");
    function players() {
      var seen = {}, n = 0;
      form.querySelectorAll("input[name=member]:checked").forEach(function (box) {
        var key = box.value.trim().toLowerCase();
        if (key && !seen[key]) { seen[key] = 1; n++; }
      });
      form.querySelector("textarea[name=new]").value.split("\n").forEach(function (line) {
        var key = line.trim().replace(/\s+/g, " ").toLowerCase();
        if (key && !seen[key]) { seen[key] = 1; n++; }
      });
      return n;
    }
    function sync() {
      var game = form.querySelector("input[name=game]:checked"), n = players();
      var size = parseInt(form.querySelector("input[name=table_size]").value, 10) || 0;
      var made = sizes(n, size, seats[game ? game.value : Object.keys(seats)[0]]);
      if (!n) { shown.textContent = form.dataset.textNone; return; }
      shown.textContent = made ? fill(form.dataset.textTables, {players: n, tables: made.length, sizes: made.join(", ")})
        : fill(form.dataset.textUnseatable, {players: n, size: size});
    }
    form.addEventListener("input", sync);
    form.addEventListener("change", sync);
    sync();
  }

  function listen(id, onData) {
    if (!window.EventSource) { return; }
    var source = new EventSource("/api/v1/tournaments/" + encodeURIComponent(id) + "/events");
    source.onmessage = function (event) {
      try { onData(JSON.parse(event.data)); } catch (e) { /* a torn event: the next one will do */ }
    };
  }

  function cell(row, text, tag) {
    var c = document.createElement(tag || "td");
    c.textContent = text;
    row.appendChild(c);
    return c;
  }

  // A score as the pages write it: digits grouped as the page's language does, a minus sign, not a hyphen.
  function number(n) {
    return (n < 0 ? "\u2212" : "") + Math.abs(n).toLocaleString(document.documentElement.lang || undefined);
  }

  // The screen: standings, round and tables redrawn from each event.
  function initScreen() {
    var screen = document.querySelector("[data-screen]");
    if (!screen) { return; }
    var states = JSON.parse(screen.dataset.states), body = screen.querySelector("#standings tbody");
    var tables = screen.querySelector("#tables-now"), round = screen.querySelector("#round-now");
    listen(screen.dataset.screen, function (t) {
      round.textContent = fill(screen.dataset.textRound, {round: t.round, rounds: t.rounds});
      screen.querySelector("#frozen").hidden = !t.frozen;
      body.textContent = "";
      t.standings.forEach(function (s) {
        var row = document.createElement("tr");
        cell(row, s.rank, "td");
        cell(row, s.player, "th").scope = "row";
        var score = cell(row, number(s.score));
        score.className = "num";
        if (s.waiting) {  // E-6: her score counts a result still waiting for confirmation
          score.appendChild(document.createTextNode(" "));
          cell(score, screen.dataset.textWaiting, "span").className = "badge";
        }
        cell(row, s.tables).className = "num";
        body.appendChild(row);
      });
      tables.textContent = "";
      t.tables.filter(function (x) { return x.round === t.round; }).forEach(function (x) {
        var item = document.createElement("li");
        item.className = "st-" + x.status;
        var head = document.createElement("strong");
        head.textContent = fill(screen.dataset.textTable, {number: x.number});
        item.appendChild(head);
        cell(item, states[x.status] || x.status, "span");
        if (x.waiting) { cell(item, fill(x.waiting > 1 ? screen.dataset.textOpenMany : screen.dataset.textOpenOne, {n: x.waiting}), "span").className = "waiting"; }
        cell(item, x.players.join(", "), "span").className = "who";
        tables.appendChild(item);
      });
      screen.dataset.version = String((+screen.dataset.version || 0) + 1);
    });
  }

  // Pages that show a tournament as it was served (the console, the players' page): reload when it changes,
  // unless the reader is typing, or has just sent a form (the change is often that form's: reloading would
  // cancel the answer it is waiting for, and with it what the answer says).
  function initReload() {
    var page = document.querySelector("[data-reload-tournament]");
    if (!page) { return; }
    var first = true, sent = 0;
    document.addEventListener("submit", function () { sent = Date.now(); });
    listen(page.dataset.reloadTournament, function () {
      if (first) { first = false; return; }
      var active = document.activeElement;
      if (active && (active.tagName === "TEXTAREA" || active.tagName === "INPUT")) { return; }
      if (Date.now() - sent < 10000) { return; }
      window.location.reload();
    });
  }

  // A table of a tournament: the next round's seat, the table closed, the director's message, live.
  function initAtTable() {
    var box = document.querySelector("[data-at-table]");
    if (!box) { return; }
    var round = +box.dataset.round, table = box.dataset.table;
    listen(box.dataset.atTable, function (t) {
      var said = box.querySelector(".t-message");
      if (t.message && t.message.text) { said.textContent = t.message.text; said.hidden = false; }
      var next = box.querySelector(".t-next");
      if (next && t.round > round) {
        var player = box.dataset.player, link = next.querySelector("a");
        t.tables.forEach(function (x) {
          if (player && x.round === t.round && x.players.indexOf(player) >= 0) {
            link.textContent = fill(box.dataset.textNext, {round: x.round, number: x.number});
          }
        });
        next.hidden = false;
      }
      var closed = box.querySelector(".t-closed");
      t.tables.forEach(function (x) { if (x.id === table && x.status === "closed") { closed.hidden = false; } });
    });
  }

  function init() { initForm(); initScreen(); initReload(); initAtTable(); }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", init); } else { init(); }
})();
