/* Arbitre service worker: the app shell and static files from the cache, table pages from the network
   (kept as the last state seen), and that last state when there is no network, marked as such. */
"use strict";
var SHELL = "arbitre-shell-v1", PAGES = "arbitre-pages-v1";
var FILES = ["/static/app.css", "/static/live.css", "/static/app.js", "/static/live.js", "/static/outbox.js",
             "/static/outbox-view.js", "/static/clock.js", "/static/picker.js", "/static/quick.js", "/static/next.js",
             "/static/icon.svg", "/static/icon-192.png", "/static/icon-512.png", "/manifest.webmanifest"];

self.addEventListener("install", function (event) {
  // One by one: a file renamed since does not stop the others (any static file is cached when first used).
  event.waitUntil(caches.open(SHELL).then(function (cache) {
    return Promise.all(FILES.map(function (f) { return cache.add(f).catch(function () {}); }));
  })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n !== SHELL && n !== PAGES; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

// Static files: the cached copy at once, refreshed in the background for the next time.
function shell(request) {
  return caches.open(SHELL).then(function (cache) {
    return cache.match(request).then(function (cached) {
      var fresh = fetch(request).then(function (response) {
        if (response.ok) { cache.put(request, response.clone()); }
        return response;
      });
      return cached || fresh;
    });
  });
}

// The pages kept for offline: the tables' (play, history, summary...), the groups', the home page.
function kept(url) {
  return url.pathname.indexOf("/t/") === 0 || url.pathname.indexOf("/g/") === 0 || url.pathname === "/";
}

// A page: from the network, kept with the time it was seen; offline, the kept copy, marked on <main>.
function page(request) {
  return fetch(request).then(function (response) {
    if (response.ok && (response.headers.get("Content-Type") || "").indexOf("text/html") === 0) {
      var copy = response.clone();
      copy.text().then(function (html) {
        var saved = html.replace('<main id="main"', '<main id="main" data-saved-at="' + Date.now() + '"');
        return caches.open(PAGES).then(function (cache) {
          return cache.put(request.url, new Response(saved, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
        });
      });
    }
    return response;
  }).catch(function (error) {
    return caches.open(PAGES).then(function (cache) { return cache.match(request.url); })
      .then(function (cached) { if (cached) { return cached; } throw error; });
  });
}

// A page asks to keep the pages its links marked `data-offline` lead to (a table's history, the phone's groups),
// so that they open offline though never opened before: at most once a minute each.
var warmed = {};
self.addEventListener("message", function (event) {
  var urls = (event.data && event.data.warm) || [];
  urls.forEach(function (href) {
    var url = new URL(href, self.location.origin);
    if (url.origin !== self.location.origin || !kept(url) || Date.now() - (warmed[url.href] || 0) < 60000) { return; }
    warmed[url.href] = Date.now();
    page(new Request(url.href, { credentials: "same-origin" })).catch(function () {});
  });
});

self.addEventListener("fetch", function (event) {
  var request = event.request, url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) { return; }
  if (url.pathname.indexOf("/static/") === 0 || url.pathname === "/manifest.webmanifest") {
    event.respondWith(shell(request));
  } else if (request.mode === "navigate" && kept(url)) {
    event.respondWith(page(request));
  }
  // Everything else (the API, the event stream, the page's own refreshes) goes to the network untouched.
});
