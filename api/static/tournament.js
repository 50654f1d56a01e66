/* A tournament's pages: the evening form's table count, and the live screen, console, players' page and
   table banner, all fed by GET /api/v1/tournaments/{id}/events (the tournament as GET gives it). */
(function () {
  "use strict";

  function fill(text, values) {
    return text.replace(/\{(\w+)\}/g, function (_m, name) { return values[name]; });
  }

  // As referee/seating.py's table_sizes: tables of `size` or one fewer (the fewest tables), else of `size` or one
  // more (the most tables), within the game's seats; null when no such tables seat them all.
  function allSeated(count, size, seats) {
    if (count < 1 || size < seats[0] || size > seats[1]) { return null; }
    var tables = Math.ceil(count / size), full = count - tables * (size - 1), tries = [], i;
    if (full >= 0) {
      var fewer = [];
      for (i = 0; i < tables; i++) { fewer.push(i < full ? size : size - 1); }
      tries.push(fewer);
    }
    var most = Math.floor(count / size), extra = count - most * size;
    if (most && extra <= most) {
      var more = [];
      for (i = 0; i < most; i++) { more.push(i < extra ? size + 1 : size); }
      tries.push(more);
    }
    for (var t = 0; t < tries.length; t++) {
      if (tries[t].every(function (s) { return s >= seats[0] && s <= seats[1]; })) { return tries[t]; }
    }
    return null;
  }

  // As seated_sizes: the tables for as many of the players as can be seated (the others have a bye).
  function sizes(count, size, seats) {
    for (var seated = count; seated > 0; seated--) {
      var made = allSeated(seated, size, seats);
      if (made) { return made; }
    }
    return null;
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
    var sizeField = form.querySelector("input[name=table_size]"), chosen = sizeField.value;
    function sync() {
      var game = form.querySelector("input[name=game]:checked"), n = players();
      var limits = seats[game ? game.value : Object.keys(seats)[0]];
      // A game played at one table size (Gin: pairs) takes it, read-only; another gets back the size chosen.
      if (limits[0] === limits[1]) {
        if (!sizeField.readOnly) { chosen = sizeField.value; }
        sizeField.value = limits[0];
        sizeField.readOnly = true;
      } else if (sizeField.readOnly) {
        sizeField.value = chosen;
        sizeField.readOnly = false;
      }
      var size = parseInt(sizeField.value, 10) || 0;
      var made = sizes(n, size, limits);
      if (!n) { shown.textContent = form.dataset.textNone; return; }
      var out = made ? n - made.reduce(function (a, b) { return a + b; }, 0) : 0;
      shown.textContent = made ? fill(made.length === 1 ? form.dataset.textTable : form.dataset.textTables,
                                      {players: n, tables: made.length, sizes: made.join(", ")})
        + (out ? " " + fill(out > 1 ? form.dataset.textByeMany : form.dataset.textByeOne, {n: out}) : "")
        : fill(form.dataset.textUnseatable, {players: n, size: size});
    }
    form.addEventListener("input", sync);
    form.addEventListener("change", sync);
    sync();
  }

  // One stream a page, whatever listens to it: each part of the page gets every event, in order, and the last one
  // again whenever app.js redraws the table (`arbitre:redrawn`): a part finds its nodes anew each time, never
  // keeping a node a redraw may have replaced.
  var parts = [], last = null;
  function listen(id, onData) {
    parts.push(onData);
    if (parts.length > 1 || !window.EventSource) { return; }
    var source = new EventSource("/api/v1/tournaments/" + encodeURIComponent(id) + "/events");
    source.onmessage = function (event) {
      try { last = JSON.parse(event.data); } catch (e) { return; }  // a torn event: the next one will do
      document.documentElement.dataset.tournamentHeard = String((+document.documentElement.dataset.tournamentHeard || 0) + 1);
      parts.forEach(function (part) { part(last, false); });
    };
    document.addEventListener("arbitre:redrawn", function () {
      if (last) { parts.forEach(function (part) { part(last, true); }); }
    });
  }

  // The director's message, wherever the page shows it (a table's banner, the screen, the players' page).
  function initMessage() {
    var id = (document.querySelector("[data-tournament-message]") || {dataset: {}}).dataset.tournamentMessage;
    if (!id) { return; }
    listen(id, function (t) {
      document.querySelectorAll("[data-tournament-message]").forEach(function (said) {
        var text = t.message && t.message.text ? t.message.text : "";
        if (said.textContent !== text) { said.textContent = text; }
        said.hidden = !text;
      });
    });
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

  // Cut `items` (elements of one list, in order) into pages that each end above `limit` (a y of the window): each
  // item is shown after the page's last, and starts the next page when its bottom passes the limit. A page holds
  // one item at least, however tall.
  function pagesOf(items, limit) {
    var out = [], page = [];
    items.forEach(function (el) { el.hidden = true; });
    items.forEach(function (el) {
      el.hidden = false;
      if (page.length && el.getBoundingClientRect().bottom > limit) {
        page.forEach(function (x) { x.hidden = true; });
        out.push(page);
        page = [];
      }
      page.push(el);
    });
    if (page.length) { out.push(page); }
    return out;
  }

  // The screen's lists (standings, tables) on a TV: each shows what fits above the bottom of the screen, and pages
  // through the rest, every list turning its page every `every` seconds ("Page 1 of 3" beside its heading); an
  // arrow key or the space bar turns at once. Laid out again after each event and when the window changes size.
  function pager(screen) {
    var lists = [["#standings tbody tr", "#st-pager"], ["#tables-now > li", "#tb-pager"]], tick = 0, laid = [];
    function show() {
      laid.forEach(function (list) {
        var k = tick % list.pages.length;
        list.pages.forEach(function (page, i) { page.forEach(function (el) { el.hidden = i !== k; }); });
        list.marker.hidden = list.pages.length < 2;
        list.marker.textContent = fill(screen.dataset.textPage, {page: k + 1, pages: list.pages.length});
      });
    }
    function layout() {
      var limit = window.innerHeight - 8;
      laid = [];
      lists.forEach(function (pair) {
        var items = Array.prototype.slice.call(screen.querySelectorAll(pair[0])), marker = screen.querySelector(pair[1]);
        marker.hidden = false;  // measured with its marker shown: showing it later moves nothing down
        marker.textContent = fill(screen.dataset.textPage, {page: 9, pages: 9});
        var pages = pagesOf(items, limit);
        laid.push({pages: pages.length ? pages : [[]], marker: marker});
      });
      show();
    }
    setInterval(function () { tick++; show(); }, 1000 * (+screen.dataset.every || 12));
    document.addEventListener("keydown", function (event) {
      if (["ArrowRight", "ArrowDown", "PageDown", " "].indexOf(event.key) < 0) { return; }
      event.preventDefault();
      tick++;
      show();
    });
    window.addEventListener("resize", layout);
    layout();
    return layout;
  }

  // A forgotten player's label, as the stream sends it ("Forgotten player 3"), in the page's language.
  function named(screen, name) {
    var forgotten = /^Forgotten player (\d+)$/.exec(name);
    return forgotten ? fill(screen.dataset.textForgotten, {number: forgotten[1]}) : name;
  }

  // The screen: standings, round and tables redrawn from each event, then paged again (once every part of the page
  // has taken the event: the director's message above the lists takes room too).
  function initScreen() {
    var screen = document.querySelector("[data-screen]");
    if (!screen) { return; }
    var states = JSON.parse(screen.dataset.states), body = screen.querySelector("#standings tbody");
    var tables = screen.querySelector("#tables-now"), round = screen.querySelector("#round-now");
    var layout = pager(screen);
    listen(screen.dataset.screen, function (t) {
      round.textContent = t.round ? fill(screen.dataset.textRound, {round: t.round, rounds: t.rounds})
        : fill(screen.dataset.textBefore, {rounds: t.rounds});
      screen.querySelector("#frozen").hidden = !t.frozen;
      body.textContent = "";
      (t.screen_standings || t.standings).forEach(function (s) {  // frozen: the last round off the screen
        var row = document.createElement("tr");
        cell(row, s.place, "td");  // after the tie-break (README, "Ties")
        cell(row, named(screen, s.player), "th").scope = "row";
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
        cell(item, x.players.map(function (name) { return named(screen, name); }).join(", "), "span").className = "who";
        tables.appendChild(item);
      });
      var byes = screen.querySelector("#byes-now"), out = (t.byes && t.byes.length) ? t.byes[t.byes.length - 1] : [];
      byes.textContent = out.length ? fill(screen.dataset.textByes, {names: out.map(function (name) { return named(screen, name); }).join(", ")}) : "";
      byes.hidden = !out.length;
      setTimeout(layout, 0);
      screen.dataset.version = String((+screen.dataset.version || 0) + 1);
    });
  }

  // Pages that show a tournament as it was served (the console, the players' page): reload when it changes. Not
  // while the reader is typing, nor just after she sent a form (the change is often that form's: reloading would
  // cancel the answer it is waiting for, and with it what the answer says): then the reload waits, it is not lost.
  function initReload() {
    var page = document.querySelector("[data-reload-tournament]");
    if (!page) { return; }
    var first = true, sent = 0, waiting = null, leaving = false;
    document.addEventListener("submit", function () { sent = Date.now(); });
    // A tapped link (her name on the players' page) is leaving: a reload now would bring her back here instead of
    // where she tapped, and lose what that page says (E-6: "taken on another phone", whose ask moves the evening).
    window.addEventListener("beforeunload", function () { leaving = true; });
    window.addEventListener("pageshow", function () { leaving = false; });
    function reload() {
      waiting = null;
      if (leaving) { return; }
      var active = document.activeElement;
      if ((active && (active.tagName === "TEXTAREA" || active.tagName === "INPUT")) || Date.now() - sent < 10000) {
        waiting = setTimeout(reload, 1000);
        return;
      }
      window.location.reload();
    }
    listen(page.dataset.reloadTournament, function (_t, redrawn) {
      if (redrawn) { return; }
      if (first) { first = false; return; }
      if (waiting === null) { reload(); }
    });
  }

  // A table of a tournament: the next round's seat, the table closed, live. The banner is part of the table's page
  // that app.js redraws at each entry: it is looked up at each event, and set again after each redraw.
  function initAtTable() {
    var first = document.querySelector("[data-at-table]"), moved = false;
    if (!first) { return; }
    listen(first.dataset.atTable, function (t) {
      var box = document.querySelector("[data-at-table]");
      if (!box) { return; }
      var round = +box.dataset.round, table = box.dataset.table, player = box.dataset.player;
      var next = box.querySelector(".t-next"), bye = box.querySelector(".t-bye");
      var out = (t.byes && t.byes.length === t.round) ? t.byes[t.round - 1] : [];
      if (t.round === round && !moved) {  // the director swapped seats at this table: its names are drawn anew
        t.tables.forEach(function (x) {
          if (x.id === table && x.players.join("\n") !== JSON.parse(box.dataset.players).join("\n")) {
            moved = true;
            window.location.reload();
          }
        });
      }
      if (bye && player && t.round > round && out.indexOf(player) >= 0) {
        var said = fill(box.dataset.textBye, {round: t.round});
        if (bye.textContent !== said) { bye.textContent = said; }
        bye.hidden = false;
        if (next) { next.hidden = true; }
        next = null;
      }
      if (next && t.round > round) {
        var link = next.querySelector("a");
        t.tables.forEach(function (x) {
          if (player && x.round === t.round && x.players.indexOf(player) >= 0) {
            var words = fill(box.dataset.textNext, {round: x.round, number: x.number});
            if (link.textContent !== words) { link.textContent = words; }
          }
        });
        next.hidden = false;
      }
      var closed = box.querySelector(".t-closed");
      t.tables.forEach(function (x) { if (x.id === table && x.status === "closed") { closed.hidden = false; } });
    });
  }

  function init() { initForm(); initScreen(); initReload(); initAtTable(); initMessage(); }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", init); } else { init(); }
})();
