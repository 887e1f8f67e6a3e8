// Keyboard shortcuts for every page. An element with data-key="x" is clicked when x is pressed (a text
// field is focused instead); keys are ignored while typing in a field, except Escape, which leaves it.
// "?" opens a cheat sheet built from the page's data-key / data-key-help attributes.
(function () {
  "use strict";

  function typing(target) {
    return target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));
  }

  function visible(el) {
    return !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  }

  function shortcuts() {
    var seen = {}, out = [];
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
    var candidates = document.querySelectorAll('[data-key="' + CSS.escape(event.key) + '"]');
    var target = Array.prototype.find.call(candidates, visible);
    if (!target) return;
    event.preventDefault();
    if (typing(target)) target.focus(); else target.click();
  });

  window.StepwiseKeys = { shortcuts: shortcuts, toggleCheatsheet: toggleCheatsheet };
})();
