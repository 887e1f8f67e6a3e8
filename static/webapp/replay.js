// Step navigation for a trajectory replay, built on htmx: the step list (#step-list, one
// <li data-turn> per step) drives a panel (#step-panel) loaded from the server one step at a time.
// The live episode viewer reuses it: appendStep() adds a step as it arrives.
//
//   var replay = StepwiseReplay.attach(document.getElementById("replay"));
//   replay.go(7); replay.next(); replay.appendStep({turn: 8, summary: "step_over()", kind: "debugger"});
(function () {
  "use strict";

  function Replay(root) {
    this.root = root;
    this.list = root.querySelector("#step-list");
    this.panel = root.querySelector("#step-panel");
    this.panelUrl = root.dataset.panelUrl;     // .../turn/0/panel/ : 0 is replaced by the turn
    this.permalink = root.dataset.permalink;   // .../turn/0/
    this.follow = false;                       // live viewers: jump to each new step as it arrives
    var self = this;
    this.list.addEventListener("click", function (event) {
      var link = event.target.closest("a");
      var item = event.target.closest("li[data-turn]");
      if (!link || !item || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      self.go(Number(item.dataset.turn));
    });
    root.querySelectorAll("[data-replay]").forEach(function (button) {
      button.addEventListener("click", function () { self[button.dataset.replay](); });
    });
    this.scrollToCursor();
  }

  Replay.prototype.items = function () { return Array.prototype.slice.call(this.list.querySelectorAll("li[data-turn]")); };
  Replay.prototype.current = function () { return this.list.querySelector("li.current"); };
  Replay.prototype.urlFor = function (template, turn) { return template.replace(/\/turn\/0\//, "/turn/" + turn + "/"); };

  Replay.prototype.go = function (turn) {
    var items = this.items(), target = items.find(function (li) { return Number(li.dataset.turn) === turn; });
    if (!target) return Promise.resolve();
    items.forEach(function (li) { li.classList.toggle("current", li === target); });
    target.scrollIntoView({ block: "nearest" });
    var query = window.location.search;
    window.history.replaceState({ turn: turn }, "", this.urlFor(this.permalink, turn) + query);
    var self = this;
    return htmx.ajax("GET", this.urlFor(this.panelUrl, turn), { target: this.panel, swap: "innerHTML" })
      .then(function () { self.scrollToCursor(); });
  };

  Replay.prototype.step = function (offset) {
    var items = this.items(), index = items.indexOf(this.current());
    var next = items[Math.min(items.length - 1, Math.max(0, index + offset))];
    return next ? this.go(Number(next.dataset.turn)) : Promise.resolve();
  };
  Replay.prototype.next = function () { return this.step(1); };
  Replay.prototype.prev = function () { return this.step(-1); };
  Replay.prototype.first = function () { var i = this.items(); return i.length ? this.go(Number(i[0].dataset.turn)) : Promise.resolve(); };
  Replay.prototype.last = function () { var i = this.items(); return i.length ? this.go(Number(i[i.length - 1].dataset.turn)) : Promise.resolve(); };

  // Add a step at the end of the list: {turn, summary, kind, error}. Text goes in as text, never HTML.
  Replay.prototype.appendStep = function (step) {
    var li = document.createElement("li"), a = document.createElement("a");
    var turn = document.createElement("span"), summary = document.createElement("span");
    li.dataset.turn = step.turn;
    li.className = "step kind-" + (step.kind || "other") + (step.error ? " error" : "");
    a.href = this.urlFor(this.permalink, step.turn);
    turn.className = "turn"; turn.textContent = step.turn;
    summary.className = "summary"; summary.textContent = step.summary || "";
    a.appendChild(turn); a.appendChild(document.createTextNode(" ")); a.appendChild(summary);
    li.appendChild(a);
    this.list.appendChild(li);
    if (this.follow || !this.current()) return this.go(Number(step.turn));
    return Promise.resolve();
  };

  // Keep the execution position in view inside the source box.
  Replay.prototype.scrollToCursor = function () {
    var cursor = this.panel.querySelector(".srcline.cursor");
    var box = cursor && cursor.closest(".scrollbox");
    if (!box) return;
    // Measured against the box itself (offsetTop counts from the nearest positioned ancestor, which
    // is not the box: the line that matters was scrolled past).
    var within = cursor.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    box.scrollTop = Math.max(0, within - box.clientHeight / 3);
  };

  window.StepwiseReplay = {
    attach: function (root) { return root.stepwiseReplay || (root.stepwiseReplay = new Replay(root)); }
  };
  // Attach as soon as this (deferred) script runs: the document is parsed by then, and waiting for
  // DOMContentLoaded would leave the step buttons, and so j/k, without a handler a moment longer.
  function attachPage() {
    var root = document.getElementById("replay");
    if (root) { window.StepwiseReplay.attach(root); root.dataset.ready = "true"; }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", attachPage);
  else attachPage();
})();
