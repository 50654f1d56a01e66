/* Arbitre: the card picker as the input of card fields: no phone keyboard (inputmode=none, ⌨ brings it
   back), a running count ("11 of 15 cards"), runs by their two end cards (5♥ … 9♥), a new line when a
   complete meld cannot take the next card, and an exit checked as soon as its 15th card is tapped. */
(function () {
  "use strict";

  function keyOf(picker, label) {
    return Array.prototype.find.call(picker.querySelectorAll("button[data-suit]"),
      function (b) { return b.dataset.card === label; }) || null;
  }

  function suitOrder(picker, suit) {
    var keys = Array.prototype.slice.call(picker.querySelectorAll("button[data-suit='" + suit + "']"));
    keys.sort(function (a, b) { return a.dataset.rank - b.dataset.rank; });
    return keys.map(function (b) { return b.dataset.card; });
  }

  // "5♥…9♥" becomes "5♥ 6♥ 7♥ 8♥ 9♥" (Q♥…A♥ runs up to the ace); other suits or wilds are left as typed.
  function expand(picker, field) {
    var m = field.value.match(/(\S+)…(\S+)$/);
    if (!m) { return; }
    var a = keyOf(picker, m[1]), b = keyOf(picker, m[2]);
    if (!a || !b || a.dataset.suit !== b.dataset.suit) { return; }
    var order = suitOrder(picker, a.dataset.suit);
    var i = +a.dataset.rank, j = +b.dataset.rank;
    if (j === 1 && i > 1) { j = 14; }
    if (i > j) { var t = i; i = j; j = t; }
    var run = [];
    for (var r = i; r <= j; r++) { run.push(order[(r - 1) % 13]); }
    field.value = field.value.slice(0, m.index) + run.join(" ");
  }

  // A joker (announced or not) is a wild: it fills a place of the meld; so is a 2 where 2s are wild (C-1: the
  // field says so, data-wild-twos), even of the run's suit: it may stand for another card (C-9).
  function natural(picker, label, twos) {
    if (/^JK\b/.test(label) || (twos && /^2(?!\d)\S/.test(label))) { return { wild: true }; }
    var key = /[=…]/.test(label) ? null : keyOf(picker, label);
    return key ? { rank: +key.dataset.rank, suit: key.dataset.suit } : null;
  }

  // "set", "run" (with its low and high, ace high when it must, and the wilds left to extend it) or null
  function shape(all) {
    if (all.some(function (c) { return !c; })) { return null; }
    var cards = all.filter(function (c) { return !c.wild; }), wilds = all.length - cards.length;
    if (!cards.length) { return null; }
    if (cards.every(function (c) { return c.rank === cards[0].rank; })) { return { kind: "set", rank: cards[0].rank }; }
    if (!cards.every(function (c) { return c.suit === cards[0].suit; })) { return null; }
    for (var high = 0; high < 2; high++) {
      var ranks = cards.map(function (c) { return c.rank === 1 && high ? 14 : c.rank; }).sort(function (a, b) { return a - b; });
      var apart = ranks.every(function (r, k) { return k === 0 || r > ranks[k - 1]; });
      var holes = ranks[ranks.length - 1] - ranks[0] + 1 - ranks.length;
      if (apart && holes <= wilds) {
        return { kind: "run", suit: cards[0].suit, low: ranks[0], high: ranks[ranks.length - 1], spare: wilds - holes };
      }
    }
    return null;
  }

  function fits(s, c) {
    if (c.wild) { return true; }
    if (s.kind === "set") { return c.rank === s.rank; }
    var r = c.rank === 1 && s.high >= 13 - s.spare ? 14 : c.rank;
    return c.suit === s.suit && ((r < s.low && r >= s.low - 1 - s.spare) || (r > s.high && r <= s.high + 1 + s.spare));
  }

  // After a complete meld (3 cards or more), a card that cannot extend it starts the next one.
  function breakLine(picker, field) {
    var lines = field.value.split("\n");
    var tokens = lines[lines.length - 1].trim().split(/\s+/);
    if (tokens.length < 4) { return; }
    var last = tokens.pop();
    var twos = field.hasAttribute("data-wild-twos");
    var s = shape(tokens.map(function (t) { return natural(picker, t, twos); }));
    var c = natural(picker, last, twos);
    if (s && c && !fits(s, c)) {
      lines[lines.length - 1] = tokens.join(" ");
      field.value = lines.join("\n") + "\n" + last;
    }
  }

  function count(field) {
    return field.value.split(/[\s\/|]+/).filter(function (t) { return t && t !== "…"; }).length;
  }

  function showCount(field) {
    var out = document.querySelector("[data-count-for='" + field.id + "']");
    var n = count(field);
    if (out) { out.textContent = n === 1 && out.dataset.one ? out.dataset.one : out.dataset.text.replace("{n}", n); }
    return out;
  }

  // A lay-off of a lone joker on a meld where it fits more than one place (the server rendered those places,
  // compose/lay_off.html): they show as soon as the joker is tapped, and one tap lays it off there (sent, or
  // queued offline by the outbox). Any other card beside it, or another meld chosen, and they go.
  function jokerPlaces(form, field) {
    var blocks = form.querySelectorAll("[data-joker-for]"), meld = form.querySelector("select[name=meld]");
    if (!blocks.length || !meld) { return; }
    function sync() {
      var lone = field.value.trim().split(/\s+/).join(" ") === "JK";
      blocks.forEach(function (b) { b.hidden = !(lone && b.dataset.jokerFor === meld.value); });
    }
    field.addEventListener("input", sync);
    meld.addEventListener("change", sync);
    blocks.forEach(function (b) {
      b.addEventListener("click", function (event) {
        var choice = event.target.closest("button[data-announce]"), send = form.querySelector("button[formaction]");
        if (!choice || !send) { return; }
        field.value = choice.dataset.announce;
        b.hidden = true;
        if (form.requestSubmit) { form.requestSubmit(send); } else { send.click(); }
      });
    });
    sync();
  }

  function init(root) {
    root.querySelectorAll(".picker[data-target]").forEach(function (picker) {
      var form = picker.closest("form");
      var fields = (form || root).querySelectorAll("textarea[data-picker-field], input[data-picker-field]");
      fields.forEach(function (field) {
        field.setAttribute("inputmode", "none");  // the picker is the input; ⌨ brings the keyboard back
        showCount(field);
        field.addEventListener("input", function (event) {
          if (!event.isTrusted) {  // a key of the picker, not typing
            expand(picker, field);
            if (field.hasAttribute("data-melds")) { breakLine(picker, field); }
          }
          var out = showCount(field);
          var check = form && form.querySelector("[data-check]");
          if (!event.isTrusted && check && out && out.dataset.of && count(field) === +out.dataset.of
              && !/…$/.test(field.value) && !form.dataset.checked) {
            form.dataset.checked = "1";
            // the 15th card: show the exit to confirm (nothing is written yet)
            if (form.requestSubmit) { form.requestSubmit(check); } else { check.click(); }
          }
        });
      });
      if (form && fields.length) { jokerPlaces(form, fields[0]); }
      var board = picker.querySelector("[data-op='keyboard']");
      if (board) {
        board.addEventListener("click", function () {
          var on = board.getAttribute("aria-pressed") !== "true";
          board.setAttribute("aria-pressed", on ? "true" : "false");
          fields.forEach(function (f) { f.setAttribute("inputmode", on ? "text" : "none"); });
          if (fields[0]) { fields[0].focus(); }
        });
      }
    });
  }

  document.addEventListener("DOMContentLoaded", function () { init(document); });
})();
