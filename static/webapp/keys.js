// Keyboard shortcuts for every page. An element with data-key="x" is clicked when x is pressed (a text
// field is focused instead); keys are ignored while typing in a field, except Escape, which leaves it.
// While a text field of a page with shortcuts has the focus, a hint under it says that keys type there and
// that Esc leaves it (a turn was lost to a key typed into the reasoning box).
// "?" opens a cheat sheet built from the page's data-key / data-key-help attributes.
//
// A list of items (the review page's proposed links): each element with data-key-item="link" is one, and
// one of them is the current item (outlined). j / k move it; a data-key element inside an item answers
// only in the current item, and using one moves on to the next item (as labelling a task moves on to
// the next task). The current item is remembered by id, so it survives htmx swapping an item in.
(function () {
  "use strict";

  var currentId = null;

  function typing(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  function visible(el) {
    return !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  }

  function items() {
    return Array.prototype.filter.call(document.querySelectorAll("[data-key-item]"), visible);
  }

  function current() {
    var list = items();
    return list.find(function (el) { return el.id === currentId; }) || null;
  }

  function mark() {
    document.querySelectorAll("[data-key-item]").forEach(function (el) {
      var on = el.id === currentId;
      el.classList.toggle("key-current", on);
      if (on) el.setAttribute("aria-current", "true"); else el.removeAttribute("aria-current");
    });
  }

  function select(el) {
    currentId = el ? el.id : null;
    mark();
    if (el) el.scrollIntoView({ block: "nearest" });
  }

  function move(step) {
    var list = items();
    if (!list.length) return false;
    var at = list.indexOf(current());
    var next = at < 0 ? list[step > 0 ? 0 : list.length - 1] : list[at + step];
    if (next) select(next);
    return true;
  }

  function start() {
    // the first item nobody using this page has decided yet (data-key-done), else the first
    if (current()) { mark(); return; }
    var list = items();
    var first = list.find(function (el) { return !el.hasAttribute("data-key-done"); }) || list[0];
    currentId = first ? first.id : null;
    mark();
  }

  function usable(el) {
    var item = el.closest("[data-key-item]");
    return visible(el) && (!item || item.id === currentId);
  }

  function shortcuts() {
    var seen = {}, out = [];
    var list = items();
    if (list.length) {
      var noun = list[0].dataset.keyItem || "item";
      out.push(["j", "next " + noun], ["k", "previous " + noun]);
      seen.j = seen.k = true;
    }
    document.querySelectorAll("[data-key]").forEach(function (el) {
      var key = el.dataset.key;
      if (!seen[key] && visible(el)) { seen[key] = true; out.push([key, el.dataset.keyHelp || el.textContent.trim()]); }
    });
    out.push(["?", "show or hide this list"]);
    return out;
  }

  function toggleCheatsheet() {
    var dialog = document.getElementById("cheatsheet");
    if (!dialog) return;
    if (dialog.open) { dialog.close(); return; }
    var list = dialog.querySelector("dl");
    list.textContent = "";
    shortcuts().forEach(function (pair) {
      var dt = document.createElement("dt"), kbd = document.createElement("kbd"), dd = document.createElement("dd");
      kbd.textContent = pair[0]; dt.appendChild(kbd); dd.textContent = pair[1];
      list.appendChild(dt); list.appendChild(dd);
    });
    dialog.showModal();
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (typing(event.target)) {
      if (event.key === "Escape") event.target.blur();
      return;
    }
    if (event.key === "?") { event.preventDefault(); toggleCheatsheet(); return; }
    var dialog = document.getElementById("cheatsheet");
    if (dialog && dialog.open) return;
    if ((event.key === "j" || event.key === "k") && !document.querySelector('[data-key="' + event.key + '"]')) {
      if (move(event.key === "j" ? 1 : -1)) event.preventDefault();
      return;
    }
    var candidates = document.querySelectorAll('[data-key="' + CSS.escape(event.key) + '"]');
    var target = Array.prototype.find.call(candidates, usable);
    if (!target) return;
    event.preventDefault();
    if (typing(target)) { target.focus(); return; }
    var item = target.closest("[data-key-item]");
    target.click();
    if (item) move(1);
  });

  function textField(el) {
    return typing(el) && el.tagName !== "SELECT" && !/^(checkbox|radio|submit|button|hidden|file)$/.test(el.type || "");
  }

  function typingHint() {
    var hint = document.getElementById("typing-hint");
    if (!hint) {
      hint = document.createElement("p");
      hint.id = "typing-hint";
      hint.className = "typing-hint";
      hint.setAttribute("role", "status");
      hint.innerHTML = "Typing here: keys go into the text. <kbd>Esc</kbd> leaves the box, then the shortcut keys work again.";
      hint.hidden = true;
      document.body.appendChild(hint);
    }
    return hint;
  }

  document.addEventListener("focusin", function (event) {
    if (!textField(event.target) || !document.querySelector("[data-key]")) return;
    var hint = typingHint(), box = event.target.getBoundingClientRect();
    hint.style.top = (window.scrollY + box.bottom + 2) + "px";
    hint.style.left = Math.max(4, Math.min(window.scrollX + box.left, window.innerWidth - 300)) + "px";
    hint.hidden = false;
  });
  document.addEventListener("focusout", function (event) {
    if (textField(event.target)) typingHint().hidden = true;
  });

  document.addEventListener("DOMContentLoaded", start);
  document.addEventListener("htmx:load", start);  // an item swapped in: keep (or make) the current one

  window.StepwiseKeys = { shortcuts: shortcuts, toggleCheatsheet: toggleCheatsheet, select: select };
})();
