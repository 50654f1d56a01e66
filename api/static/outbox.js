/* Arbitre outbox: an entry made offline (or whose POST fails for the network) waits on the phone, in
   localStorage, with its Idempotency-Key and the version it was made at; it is sent in order when the
   network is back. A 409 stops the queue and asks the person: drop it, or redo it on the table as it is. */
(function () {
  "use strict";
  var KEY = "arbitre.outbox.v1", RETRY_MS = 4000;
  var box, panel, table, hooks = {}, sending = false, timer = null;

  function load() {
    try { return JSON.parse(localStorage.getItem(KEY)) || []; } catch (e) { return []; }
  }
  function save(queue) { localStorage.setItem(KEY, JSON.stringify(queue)); }
  function mine(queue) { return queue.filter(function (i) { return i.table === table; }); }
  function field(fields, name) {
    var found = fields.filter(function (f) { return f[0] === name; })[0];
    return found ? found[1] : null;
  }
  function t(name) { return box.dataset["t" + name.charAt(0).toUpperCase() + name.slice(1)] || name; }

  function describe(fields, submitter) {
    var names = JSON.parse(box.dataset.players || "[]"), seat = field(fields, "seat");
    var what = submitter ? (submitter.dataset.say || submitter.getAttribute("aria-label") || submitter.textContent).trim() : "";
    what = what || field(fields, "type") || "";
    what = what.charAt(0).toLowerCase() + what.slice(1);  // it follows the name: "Ben: took from the stock"
    if (field(fields, "type") === "discard") { what = t("discarded") + " " + what; }
    if (seat === null || !names[+seat]) { return what; }
    return t("entry").replace("{name}", names[+seat]).replace("{what}", what);
  }

  function body(item, live) {
    var params = new URLSearchParams();
    item.fields.forEach(function (f) { if (f[0] !== "version") { params.append(f[0], f[1]); } });
    params.append("version", String(item.version));
    if (live) { params.append("live", "1"); }
    return params;
  }

  function post(item, live) {
    return fetch("/t/" + encodeURIComponent(item.table) + "/outbox", {
      method: "POST", body: body(item, live), credentials: "same-origin", headers: { Accept: "application/json" },
      keepalive: live  // sent as it was made: it goes even if the person leaves the page at once
    }).then(function (r) {
      if (r.status >= 500) { throw new Error("server " + r.status); }  // kept, sent again later
      if ((r.headers.get("Content-Type") || "").indexOf("json") < 0) {  // an HTML error page (CSRF, 404)
        return { status: r.status, problem: { title: String(r.status), detail: r.statusText } };
      }
      return r.json().then(function (answer) { answer.status = r.status; return answer; });
    });
  }

  // Later entries were made on top of this one: number them after it again.
  function renumber(queue, from) {
    var items = mine(queue), at = items.indexOf(from);
    for (var i = at + 1; i < items.length; i++) { items[i].version = items[i - 1].version + 1; }
  }

  function remove(queue, item) { queue.splice(queue.indexOf(item), 1); }

  function render() {
    window.ArbitreOutboxView.render(panel, mine(load()), { sending: sending, t: t, decide: decide });
    ahead();
  }

  // While entries wait, the table page shows the table as it will be once they are sent: their headline,
  // marked as waiting, and no way to enter again what they already enter (the next step of a queued draw,
  // its discard, is the one form left). After an offline reload too: the queue is in localStorage.
  function ahead() {
    var main = document.getElementById("main"), items = mine(load());
    if (main && !items.length) { counts(main, [], null); }  // sent or dropped: the counts the server showed
    if (!main || !main.dataset.live || !items.length) { return; }
    main.setAttribute("data-ahead", String(items.length));
    var actions = main.querySelector("section.actions"), next = document.getElementById("after-draw");
    var types = items.map(function (i) { return field(i.fields, "type"); });
    var fresh = items[0].version === +main.dataset.version && !items[0].conflict && !items[0].problem;
    var onDraw = fresh && next && +next.dataset.version === +main.dataset.version && types[0] === "draw";
    if (onDraw && types.length === 1 && actions && !actions.querySelector(".next-step")) {
      var holder = document.createElement("div");
      holder.className = "next-step";
      holder.appendChild(next.content.cloneNode(true));
      actions.appendChild(holder);
      if (hooks.init) { hooks.init(holder); }
    }
    main.querySelectorAll("section.actions > :not(h2):not(.next-step), .undo, p.wait").forEach(function (el) {
      el.hidden = true;
    });
    if (actions && !actions.querySelector(".next-step")) {
      var hint = document.createElement("p");
      hint.className = "hint next-step";
      hint.textContent = t("later");
      actions.appendChild(hint);
    }
    var headline = document.getElementById("headline");
    if (!headline) { return; }
    var said = null;
    if (onDraw && types.length === 1) { said = next.dataset.headline; }
    else if (onDraw && types.length === 2 && types[1] === "discard") { said = next.dataset.afterDiscard; }
    counts(main, fresh ? items : [], next);
    if (said === null && !fresh) { return; }  // a conflict or a refusal: the table as it is, and the choice
    headline.textContent = said || t("later");
    var badge = document.createElement("span");
    badge.className = "badge queued";
    badge.textContent = t("queued");
    headline.appendChild(document.createTextNode(" "));
    headline.appendChild(badge);
    var status = main.querySelector(".status");
    if (status && !status.querySelector(".ahead")) {
      var note = document.createElement("p");
      note.className = "notice ahead";
      note.textContent = t("ahead");
      status.insertBefore(note, headline.nextSibling);
    }
  }

  // The stock, the pile, its top and the hands as they will be once the queued entries are sent, in order: a draw
  // takes one card from the stock (an empty stock first takes the pile but its top, C-14, R-15) or the pile (the
  // card under it shows once the draw is sent), a discard puts its card on top (its chip as the key tapped showed
  // it, kept with the entry), melds and lay-offs leave the hand. Computed each time from what the server showed,
  // kept in data-was: a render repeated, or a reload, gives the same figures. What changed is marked as waiting
  // to send (`mark`); an entry of any other kind stops the reckoning there.
  function counts(main, items, next) {
    var dds = {};
    ["stock", "pile", "top"].forEach(function (name) {
      var dd = main.querySelector("dl.counts dd[data-count='" + name + "']");
      if (dd && dd.dataset.was === undefined) { dd.dataset.was = dd.innerHTML; }
      dds[name] = dd;
    });
    var hands = {};
    main.querySelectorAll(".sizes [data-hand]").forEach(function (span) {
      if (span.dataset.was === undefined) { span.dataset.was = span.textContent; }
      hands[span.dataset.hand] = span;
    });
    var n = { stock: dds.stock ? parseInt(dds.stock.dataset.was, 10) : NaN,
              pile: dds.pile ? parseInt(dds.pile.dataset.was, 10) : NaN };
    var top = dds.top ? dds.top.dataset.was : null, held = {}, moved = {};
    Object.keys(hands).forEach(function (seat) { held[seat] = parseInt(hands[seat].dataset.was, 10); });
    function hand(seat, by) { if (seat !== null && held[seat] !== undefined) { held[seat] += by; moved["hand" + seat] = true; } }
    items.every(function (item) {
      var type = field(item.fields, "type"), seat = field(item.fields, "seat");
      if (type === "draw") {
        var from = field(item.fields, "from") === "discard" ? "pile" : "stock";
        if (from === "stock" && n.stock === 0) {
          if (!(n.pile > 1)) { return false; }  // nothing to shuffle: the server says what comes of it
          n.stock = n.pile - 1;  // the pile but its top becomes the stock (C-14, R-15)
          n.pile = 1;
          moved.pile = true;
        }
        n[from] -= 1;
        moved[from] = true;
        if (from === "pile") { top = "—"; moved.top = true; }  // the card under it: the server says once sent
        hand(seat, 1);
      } else if (type === "discard") {
        n.pile += 1;
        moved.pile = moved.top = true;
        top = shown(item) || chip(next, field(item.fields, "card")) || "—";
        hand(seat, -1);
      } else if (type === "meld" || type === "lay_off") {
        hand(seat, -tokens(field(item.fields, type === "meld" ? "melds" : "cards")));
      } else if (type !== "retrieve_joker") {  // a card for the joker: the hand keeps its size
        return false;
      }
      return true;
    });
    ["stock", "pile", "top"].forEach(function (name) {
      var dd = dds[name];
      if (!dd) { return; }
      if (name === "top") { dd.innerHTML = top; }
      else if (isNaN(n[name]) || !moved[name]) { dd.innerHTML = dd.dataset.was; }
      else { dd.textContent = String(n[name]); }
      mark(dd, moved[name] && dd.innerHTML !== dd.dataset.was);
    });
    Object.keys(hands).forEach(function (seat) {
      var span = hands[seat], changed = moved["hand" + seat] && !isNaN(held[seat]);
      span.textContent = changed ? String(held[seat]) : span.dataset.was;
      mark(span, changed && span.textContent !== span.dataset.was);
    });
  }

  // A figure not yet sent: a dashed box, and "waiting to send" said by a screen reader (one hidden note each
  // marked figure points to, so the figure's own text stays the number).
  function mark(el, waiting) {
    el.classList.toggle("queued", !!waiting);
    if (!waiting) { el.removeAttribute("aria-describedby"); return; }
    var note = document.getElementById("queued-note");
    if (!note) {
      note = document.createElement("span");
      note.id = "queued-note";
      note.className = "sr";
      note.textContent = t("queued");
      (document.getElementById("main") || document.body).appendChild(note);  // inside a landmark
    }
    el.setAttribute("aria-describedby", "queued-note");
  }

  function tokens(text) {
    return (text || "").split(/[\s\/|]+/).filter(function (x) { return x; }).length;
  }

  // The discarded card's chip, as the key tapped showed it (kept with the entry, so a reload shows it too).
  function shown(item) {
    var s = item.shown;
    if (!s || !s.face) { return null; }
    var outer = document.createElement("span"), face = document.createElement("span"), said = document.createElement("span");
    outer.className = "card" + (s.red ? " red" : "");
    outer.title = s.say || "";
    face.setAttribute("aria-hidden", "true");
    face.textContent = s.face;
    said.className = "sr";
    said.textContent = s.say || "";
    outer.appendChild(face);
    outer.appendChild(said);
    return outer.outerHTML;
  }

  function chip(next, card) {
    var key = next && card && Array.prototype.filter.call(next.content.querySelectorAll("button[name='card']"),
      function (b) { return b.value === card; })[0];
    return key ? shown({ shown: { face: key.textContent.trim(), say: key.dataset.say, red: key.classList.contains("red") } }) : null;
  }

  function decide(item, how) {
    var queue = load(), kept = queue.filter(function (i) { return i.key === item.key && i.made === item.made; })[0];
    if (!kept) { render(); return; }
    if (how === "drop") {
      var items = mine(queue), at = items.indexOf(kept);
      for (var i = at + 1; i < items.length; i++) { items[i].version -= 1; }  // they were made on top of it
      remove(queue, kept);
    } else {
      kept.version = kept.conflict.version;
      delete kept.conflict;
      renumber(queue, kept);
    }
    save(queue);
    render();
    flush();
  }

  function later() {
    if (timer === null) { timer = setTimeout(function () { timer = null; flush(); }, RETRY_MS); }
  }

  function flush() {
    if (sending || navigator.onLine === false) { return; }  // offline: the "online" event flushes

    var queue = load(), first = mine(queue)[0];
    if (!first || first.conflict || first.problem) { render(); return; }
    sending = true;
    render();
    post(first, false).then(function (answer) {
      sending = false;
      var queue = load(), kept = queue.filter(function (i) { return i.key === first.key && i.made === first.made; })[0];
      if (!kept) { render(); return; }
      if (answer.status === 201) {
        remove(queue, kept);
      } else if (answer.status === 409) {
        kept.conflict = { version: answer.version, meanwhile: answer.meanwhile };
      } else {
        kept.problem = answer.problem || { title: String(answer.status), detail: "" };
      }
      save(queue);
      render();
      if (answer.status !== 201) { return; }
      if (mine(queue).length) { flush(); } else if (hooks.refresh) { hooks.refresh(true); }
    }).catch(function () { sending = false; render(); later(); });
  }

  function queueUp(item, form) {
    var queue = load();
    queue.push(item);
    save(queue);
    nextStep(form, item);
    render();
    if (navigator.onLine !== false) { later(); }
  }

  // Offline, a queued draw is followed by its discard: show that form (rendered by the server in advance).
  // Any other entry: its form goes, so that nothing is entered twice on a state the phone no longer shows.
  function nextStep(form, item) {
    if (!form.isConnected) { return; }
    var next = document.getElementById("after-draw"), holder = document.createElement("div");
    holder.className = "next-step";
    if (field(item.fields, "type") === "draw" && next && !next.dataset.used) {
      holder.appendChild(next.content.cloneNode(true));
      next.dataset.used = "1";  // kept: its headlines say the table as it will be (ahead)
    } else {
      var hint = document.createElement("p");
      hint.className = "hint";
      hint.textContent = t("later");
      holder.appendChild(hint);
    }
    form.replaceWith(holder);
    if (hooks.init) { hooks.init(holder); }
  }

  function onSubmit(event) {
    var form = event.target, path;
    try { path = new URL(form.action, location.href).pathname; } catch (e) { return; }
    var match = /^\/t\/([^/]+)\/entry$/.exec(path);
    if (!match || decodeURIComponent(match[1]) !== table || (form.method || "").toLowerCase() !== "post") { return; }
    event.preventDefault();
    var fields = [], submitter = event.submitter || null;
    new FormData(form).forEach(function (v, k) { fields.push([k, String(v)]); });
    if (submitter && submitter.name) { fields.push([submitter.name, submitter.value]); }
    var ahead = mine(load());
    var item = { table: table, key: field(fields, "key") || String(Date.now()) + Math.random(), fields: fields,
                 version: ahead.length ? ahead[ahead.length - 1].version + 1 : +field(fields, "version"),
                 label: describe(fields, submitter), made: Date.now() };
    if (submitter && submitter.name === "card" && field(fields, "type") === "discard") {  // its chip on the pile
      item.shown = { face: submitter.textContent.trim(), say: submitter.dataset.say || "", red: submitter.classList.contains("red") };
    }
    if (!item.fields.some(function (f) { return f[0] === "key"; })) { item.fields.push(["key", item.key]); }
    if (ahead.length || navigator.onLine === false) { queueUp(item, form); return; }
    var thaw = freeze();
    post(item, true).then(function (answer) {
      if (leaving) { return; }  // the person went elsewhere meanwhile: their navigation wins
      if (answer.redirect) { location.assign(answer.redirect); return; }
      thaw();
      item.problem = answer.problem;  // not an answer of ours: keep the entry and say so
      queueUp(item, form);
    })
      .catch(function () {  // the network failed under the POST: keep the entry
        thaw();
        queueUp(item, form);
      });
  }

  // While an entry is sent the page is marked data-sending (until the next page loads: app.js does not redraw
  // it, app.css greys its action links, tests and scripts wait on it) and every button of its forms is
  // disabled, not only the tapped form's: the next page (the answer) is where the next tap belongs; a tap here
  // would be made on a table about to change, and lost with the page. Gives what undoes both, for a send
  // refused or failed.
  function freeze() {
    var root = document.documentElement, main = document.getElementById("main") || document.body;
    var frozen = Array.prototype.filter.call(main.querySelectorAll("form button"), function (b) {
      if (b.disabled) { return false; }
      b.disabled = true;
      return true;
    });
    root.setAttribute("data-sending", "");
    return function () {
      root.removeAttribute("data-sending");
      frozen.forEach(function (b) { b.disabled = false; });
    };
  }

  var leaving = false;
  window.addEventListener("beforeunload", function () { leaving = true; });
  window.addEventListener("pageshow", function () { leaving = false; });

  function start(given) {
    box = document.getElementById("live");
    if (!box || !window.localStorage || !window.fetch) { return; }
    hooks = given || {};
    table = box.dataset.table;
    panel = box.querySelector(".outbox");
    document.addEventListener("submit", onSubmit);
    window.addEventListener("online", flush);
    document.addEventListener("arbitre:connection", function (e) { if (e.detail === "live") { flush(); } });
    render();
    if (navigator.onLine !== false) { flush(); }
  }

  window.ArbitreOutbox = { start: start, ahead: function () { if (box) { ahead(); } },
                           pending: function () { return mine(load()).length; } };
})();
