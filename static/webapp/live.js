// The live episode viewer: follows ws/episodes/<id>/ and feeds each new step to the replay's step list
// (StepwiseReplay.appendStep), which loads its panel from the server. The socket starts after the last
// event the page was rendered with (data-cursor) and, when it drops, reconnects by itself from the last
// event it saw, so nothing is missed or shown twice. On a live session it also sends the person's calls.
// Everything from the server goes in as text (textContent), never as HTML.
(function () {
  "use strict";

  var CLOSED_FOR_GOOD = { 4401: "log in again to follow this episode", 4403: "you may not follow this episode",
                          4404: "this episode no longer exists" };
  var OVER = ["succeeded", "failed", "cancelled"];

  function Live(root) {
    this.root = root;
    this.replay = StepwiseReplay.attach(root);
    this.cursor = Number(root.dataset.cursor || 0);
    this.delay = 500;
    this.pending = 0;
    this.state = null;
    this.followBox = document.getElementById("live-follow");
    this.replay.follow = !this.followBox || this.followBox.checked;
    var self = this;
    if (this.followBox) this.followBox.addEventListener("change", function () { self.replay.follow = self.followBox.checked; });
    if (root.dataset.callUrl) this.session = new Session(this);
    this.connect();
  }

  Live.prototype.status = function (text) {
    var el = document.getElementById("live-connection");
    if (el) el.textContent = text;
  };

  Live.prototype.connect = function () {
    var self = this, scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + window.location.host + this.root.dataset.socket + "?after=" + this.cursor);
    this.socket = socket;
    socket.onopen = function () { self.delay = 500; self.status("live"); };
    socket.onmessage = function (event) {
      var message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      self.handle(message);
    };
    socket.onclose = function (event) {
      if (CLOSED_FOR_GOOD[event.code]) { self.status(CLOSED_FOR_GOOD[event.code]); return; }
      if (self.state && OVER.indexOf(self.state.state) >= 0 && self.state.trajectory) { self.status("finished"); return; }
      self.status("reconnecting…");
      window.setTimeout(function () { self.connect(); }, self.delay);
      self.delay = Math.min(self.delay * 2, 10000);
    };
  };

  Live.prototype.handle = function (message) {
    if (typeof message.seq === "number" && message.seq > this.cursor) this.cursor = message.seq;
    if (message.type === "step") {
      var known = this.replay.list.querySelector('li[data-turn="' + Number(message.turn) + '"]');
      if (!known) this.replay.appendStep(message);
      if (this.session) this.session.stepArrived(message);
    } else if (message.type === "episode") {
      this.showState(message);
    } else if (message.type === "result") {
      this.showResult(message.exit_reason, message.verified, message.reason);
    }
  };

  Live.prototype.showState = function (state) {
    this.state = state;
    var badge = document.getElementById("live-state");
    badge.textContent = state.state;
    badge.className = "state-badge state-" + state.state;
    document.getElementById("live-turns").textContent = state.turns + (state.turns === 1 ? " turn" : " turns");
    if (state.exit_reason) this.showResult(state.exit_reason, state.verified, null);
    var error = document.getElementById("live-error");
    error.textContent = state.error || "";
    error.hidden = !state.error;
    var link = document.getElementById("live-trajectory");
    if (state.trajectory) {
      link.href = "/trajectories/" + encodeURIComponent(state.trajectory) + "/";
      link.hidden = false;
    }
    if (this.session) this.session.stateChanged(state);
  };

  Live.prototype.showResult = function (exitReason, verified, reason) {
    var el = document.getElementById("live-result");
    el.textContent = exitReason + " · " + (verified ? "✓ verified" : "✗ not verified") + (reason ? " · " + reason : "");
    el.className = verified ? "ok" : "bad";
  };

  // ---- a live session: the person's calls --------------------------------------------------------
  function Session(live) {
    this.live = live;
    this.pending = 0;
    this.pane = document.getElementById("session");
    this.fileSelect = document.getElementById("view-file");
    this.note = document.getElementById("session-note");
    var self = this;
    this.pane.addEventListener("submit", function (event) {
      var form = event.target.closest("form.tool");
      if (!form) return;
      event.preventDefault();
      self.send(form.dataset.tool, self.argumentsOf(form), form.dataset.moves === "1");
    });
    this.fileSelect.addEventListener("change", function () { self.showFile(self.fileSelect.value); });
    // A click on a line number sets a breakpoint there (or removes the one that is there), with the tools
    // the page names from the tool catalogue (data-set-breakpoint, data-remove-breakpoint).
    var clicks = { set: live.root.dataset.setBreakpoint, remove: live.root.dataset.removeBreakpoint };
    live.replay.panel.addEventListener("click", function (event) {
      var number = event.target.closest(".source-view .ln");
      if (!number || self.over) return;
      var file = number.closest(".source-view").dataset.file, line = Number(number.dataset.line);
      var tool = number.closest(".srcline").classList.contains("bp") ? clicks.remove : clicks.set;
      if (tool) self.send(tool, { file: file, line: line }, false);
    });
  }

  Session.prototype.argumentsOf = function (form) {
    var args = {};
    form.querySelectorAll("input[name], textarea[name], select[name]").forEach(function (field) {
      if (field.value === "" && !field.required) return;
      args[field.name] = field.dataset.integer ? Number(field.value) : field.value;
    });
    return args;
  };

  Session.prototype.say = function (text, isError) {
    var status = document.getElementById("session-status"), error = document.getElementById("session-error");
    if (isError) { error.textContent = text; error.hidden = false; } else { status.textContent = text; error.hidden = true; }
  };

  Session.prototype.send = function (name, args, moves) {
    var self = this;
    var body = JSON.stringify({ name: name, arguments: args, note: this.note.value });
    this.pending += 1;
    this.say(name + "…");
    this.pane.classList.add("busy");
    if (moves && this.fileSelect.value) { this.fileSelect.value = ""; this.setPanelFile(""); }
    return fetch(this.live.root.dataset.callUrl, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": this.live.root.dataset.csrf || "" }
    }).then(function (response) {
      return response.json().catch(function () { return { error: "the server answered " + response.status }; })
        .then(function (answer) {
          if (!response.ok) { self.pending = Math.max(0, self.pending - 1); self.idle(); self.say(answer.error || ("the server answered " + response.status), true); }
          else self.note.value = "";
        });
    }).catch(function () {
      self.pending = Math.max(0, self.pending - 1); self.idle();
      self.say("the call did not reach the server; check the connection and try again", true);
    });
  };

  Session.prototype.idle = function () { if (this.pending === 0) this.pane.classList.remove("busy"); };

  Session.prototype.stepArrived = function (step) {
    this.pending = Math.max(0, this.pending - 1);
    this.idle();
    if (this.pending === 0) this.say("turn " + step.turn + ": " + step.tool + (step.error ? " (error)" : "") + " · ready");
  };

  Session.prototype.stateChanged = function (state) {
    if (OVER.indexOf(state.state) >= 0) {
      this.over = true;
      this.pane.classList.add("over");
      this.pane.querySelectorAll(".tools button, .tools input, .tools textarea, .tools select").forEach(function (el) { el.disabled = true; });
      this.say("the session is over (" + state.state + (state.exit_reason ? ": " + state.exit_reason : "") + ")");
    } else if (state.state === "running" && this.pending === 0 && !this.started) {
      this.started = true;
      this.say("ready: the sandbox is up");
    }
  };

  Session.prototype.setPanelFile = function (file) {
    var base = this.live.replay.panelUrl.split("?")[0];
    this.live.replay.panelUrl = file ? base + "?file=" + encodeURIComponent(file) : base;
  };

  Session.prototype.showFile = function (file) {
    this.setPanelFile(file);
    var current = this.live.replay.current();
    var turn = current ? Number(current.dataset.turn) : 0;
    var url = this.live.replay.urlFor(this.live.replay.panelUrl, turn);
    return htmx.ajax("GET", url, { target: this.live.replay.panel, swap: "innerHTML" });
  };

  function start() {
    var root = document.getElementById("replay");
    if (root && root.dataset.socket && window.StepwiseReplay) root.stepwiseLive = new Live(root);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
  window.StepwiseLive = { start: start };
})();
