// A refusal answered to an htmx request (a 4xx or 5xx) is shown as a page message: htmx swaps nothing
// for an error, so without this a refused click would change nothing on the screen.
(function () {
  "use strict";

  document.addEventListener("htmx:responseError", function (event) {
    var xhr = event.detail.xhr;
    var text = (xhr && xhr.responseText || "").trim();
    if (!text || /^\s*</.test(text)) text = "the server refused this (" + (xhr ? xhr.status : "no answer") + "); reload the page and try again";
    var list = document.querySelector("ul.messages");
    if (!list) {  // where the server puts its messages: just before <main>
      var main = document.querySelector("main");
      list = document.createElement("ul");
      list.className = "messages";
      if (main) main.parentNode.insertBefore(list, main); else document.body.insertBefore(list, document.body.firstChild);
    }
    var item = document.createElement("li");
    item.className = "error";
    item.setAttribute("role", "alert");
    item.textContent = text.slice(0, 500);
    list.appendChild(item);
    item.scrollIntoView({ block: "nearest" });
  });
})();
