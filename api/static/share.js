/* "Copy link" and "Share…" on the invite and summary pages: shown only when they can work. */
(function () {
  "use strict";

  function copyByHand(url) {
    var field = document.createElement("textarea");
    field.value = url;
    field.setAttribute("readonly", "");
    field.style.position = "fixed";
    field.style.opacity = "0";
    document.body.appendChild(field);
    field.select();
    var done = false;
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
    document.body.removeChild(field);
    return done;
  }

  function init(box) {
    var url = box.dataset.shareUrl, said = box.querySelector(".said");
    var copy = box.querySelector("button.copy"), share = box.querySelector("button.sheet");
    copy.hidden = false;
    copy.addEventListener("click", function () {
      function told(ok) { said.textContent = ok ? box.dataset.copied : box.dataset.copyFailed; }
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(url).then(function () { told(true); }, function () { told(copyByHand(url)); });
      } else {
        told(copyByHand(url));
      }
    });
    if (typeof navigator.share === "function") {
      share.hidden = false;
      share.addEventListener("click", function () {
        navigator.share({ title: box.dataset.shareTitle, url: url }).catch(function () {});
      });
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-share-url]").forEach(init);
  });
})();
