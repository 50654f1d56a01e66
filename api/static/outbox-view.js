/* Arbitre outbox, what the phone shows: "Waiting to send (2)", the entries, and a conflict or refusal
   with its choices (drop / redo). The queue itself is in outbox.js. */
(function () {
  "use strict";

  function button(text, action) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.addEventListener("click", action);
    return b;
  }

  function render(panel, items, how) {
    var t = how.t, decide = how.decide, sending = how.sending;
    panel.hidden = items.length === 0;
    panel.textContent = "";
    if (!items.length) { return; }
    var head = document.createElement("p");
    head.className = "outbox-count";
    head.textContent = t("waiting").replace("{n}", items.length) + (sending ? " · " + t("sending") : "");
    panel.appendChild(head);
    var list = document.createElement("ul");
    items.forEach(function (i) {
      var li = document.createElement("li");
      li.textContent = i.label;
      list.appendChild(li);
    });
    panel.appendChild(list);
    var first = items[0];
    if (first.conflict || first.problem) {
      var alert = document.createElement("div");
      alert.className = "problem";
      alert.setAttribute("role", "alert");
      var p = document.createElement("p");
      p.className = "ptitle";
      p.textContent = first.conflict ? t("conflict") : t("refused") + " " + first.problem.title;
      alert.appendChild(p);
      if (first.conflict) {
        var meanwhile = document.createElement("div");
        meanwhile.innerHTML = first.conflict.meanwhile;  // our own server's page fragment, escaped by Jinja
        alert.appendChild(meanwhile);
      } else {
        var why = document.createElement("p");
        why.textContent = (first.problem.violations || []).map(function (v) { return v.message; }).join("; ")
          || first.problem.detail;
        alert.appendChild(why);
      }
      var yours = document.createElement("p");
      yours.textContent = t("yours").replace("{what}", first.label);
      alert.appendChild(yours);
      var actions = document.createElement("div");
      actions.className = "two";
      actions.appendChild(button(t("drop"), function () { decide(first, "drop"); }));
      if (first.conflict) { actions.appendChild(button(t("redo"), function () { decide(first, "redo"); })); }
      alert.appendChild(actions);
      panel.appendChild(alert);
    }
  }

  window.ArbitreOutboxView = { render: render };
})();
