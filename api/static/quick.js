// Quick score of a Continental deal (templates/compose/quick_exit.html): preview what each opponent pays
// as the counts change. The amounts come from the server (the referee's C-12), keyed by the choices.
(function () {
  "use strict";
  var out = document.getElementById("quick-preview");
  if (!out) return;
  var form = out.closest("form");
  var table = JSON.parse(out.getAttribute("data-settlements"));
  var text = out.getAttribute("data-text");
  var others = parseInt(out.getAttribute("data-others"), 10);
  function chosen(name) {
    var input = form.querySelector("input[name=" + name + "]:checked");
    return input ? input.value : "";
  }
  function show() {
    var suit = form.querySelector("input[name=one_suit]").checked ? "1" : "0";
    var each = table[[chosen("twos"), chosen("jokers"), chosen("timing"), suit].join("-")];
    if (each === undefined) return;
    out.textContent = text.replace("{each}", each).replace("{gain}", "+" + each * others);
  }
  form.addEventListener("change", show);
})();
