/* Live jobs: the jobs list and one job's page follow their ws/jobs/ sockets (webapp.runs.consumers).
   The page was rendered from the database up to a cursor; the socket sends everything after it, then
   each change as it happens, and is reopened (from the last cursor) whenever it drops. Charts (uPlot)
   redraw as points arrive and keep the zoom a person chose. */
(function () {
  "use strict";
  var OVER = ["succeeded", "failed", "cancelled"];

  function follow(path, cursor, onMessage, status) {
    var delay = 1000;
    function open() {
      var scheme = location.protocol === "https:" ? "wss://" : "ws://";
      var socket = new WebSocket(scheme + location.host + path + "?after=" + encodeURIComponent(cursor()));
      socket.onopen = function () { delay = 1000; status("live"); };
      socket.onmessage = function (e) {
        var message;
        try { message = JSON.parse(e.data); } catch (err) { return; }
        onMessage(message);
      };
      socket.onclose = function (e) {
        if (e.code === 4401 || e.code === 4403 || e.code === 4404) { status("not following (" + e.code + "): reload the page"); return; }
        status("reconnecting…");
        setTimeout(open, delay);
        delay = Math.min(delay * 2, 15000);
      };
    }
    open();
  }

  function statusOf(el) {
    return function (text) { if (el) { el.textContent = text; } };
  }

  function counts(s) {
    var text = s.done + (s.total !== null && s.total !== undefined ? " / " + s.total : "") + " " + (s.unit || "");
    if (s.rate) { text += " · " + s.rate.toFixed(2) + "/s"; }
    if (s.eta_s) { text += " · ETA " + Math.round(s.eta_s) + " s"; }
    return text;
  }

  function paint(row, s) {
    if (!row) { return; }
    row.className = row.className.replace(/\bis-\S+/g, "").trim() + " is-" + s.state;
    var state = row.querySelector("[data-field=state]");
    if (state) {
      state.textContent = s.state + (s.cancelling ? " (cancelling)" : "");
      state.className = "state state-" + s.state;
    }
    var bar = row.querySelector("[data-bar] .track");
    if (bar) {
      var pct = s.percent === null || s.percent === undefined ? 0 : s.percent;
      bar.firstElementChild.style.width = pct + "%";
      bar.setAttribute("aria-valuenow", pct);
    }
    var c = row.querySelector("[data-field=counts]");
    if (c) { c.textContent = counts(s); }
  }

  function cell(tr, html) { var td = document.createElement("td"); if (html) { td.appendChild(html); } tr.appendChild(td); return td; }

  function newRow(s, withWho) {
    var tr = document.createElement("tr");
    tr.dataset.job = s.id;
    var a = document.createElement("a");
    a.href = "/jobs/" + s.id + "/";
    a.textContent = "#" + s.id;
    cell(tr, a);
    var what = cell(tr);
    what.textContent = withWho ? s.label + " " : s.summary;
    if (withWho) {
      var sub = document.createElement("div");
      sub.className = "small muted";
      sub.textContent = s.summary;
      what.appendChild(sub);
    }
    var state = document.createElement("span");
    state.dataset.field = "state";
    cell(tr, state);
    var bar = document.createElement("div");
    bar.className = "jobbar";
    bar.setAttribute("data-bar", "");
    bar.innerHTML = '<div class="track" role="progressbar" aria-label="progress" aria-valuemin="0" aria-valuemax="100"><span></span></div><p class="small" data-field="counts"></p>';
    cell(tr, bar).className = "progresscell";
    var last = cell(tr);
    last.className = "small muted";
    if (withWho) { last.textContent = s.created_by; cell(tr).className = "small muted"; } else { last.dataset.field = "link"; }
    paint(tr, s);
    return tr;
  }

  /* ---- the jobs list ---------------------------------------------------------------------------- */
  function jobsList(table) {
    var since = Date.now();
    var body = table.tBodies[0];
    follow("/ws/jobs/", function () { return since; }, function (m) {
      if (m.type !== "job") { return; }
      since = Date.now();
      var s = m.job;
      var row = body.querySelector('tr[data-job="' + s.id + '"]');
      if (!row && !location.search) { body.insertBefore(newRow(s, true), body.firstChild); return; }
      paint(row, s);
    }, statusOf(document.getElementById("live-status")));
  }

  /* ---- charts ------------------------------------------------------------------------------------ */
  var COLORS = ["#2456c7", "#1b7a3a", "#b3261e", "#8a5a00", "#6a3fb5", "#00838f", "#ad1457", "#52606d"];

  var CHART_ORDER = ["Loss", "Reward and its components", "KL", "Episode length (turns)"];

  function trainingGroup(key) {
    if (key === "loss" || key === "eval_loss") { return "Loss"; }
    if (key === "reward" || (key.indexOf("rewards/") === 0 && /\/mean$/.test(key))) { return "Reward and its components"; }
    if (key === "kl") { return "KL"; }
    if (key === "episodes/turns") { return "Episode length (turns)"; }
    return null;
  }

  // options: order (its place among the charts, default: its title's in CHART_ORDER) and color(name, i)
  // (a series' colour, default: the i-th of COLORS).
  function Chart(holder, title, percent, xLabel, options) {
    options = options || {};
    this.title = title;
    this.color = options.color || function (name, i) { return COLORS[i % COLORS.length]; };
    this.xLabel = xLabel;
    this.percent = percent;
    this.points = {};  // x -> {series: y}
    this.names = [];
    this.zoomed = false;
    this.box = document.createElement("figure");
    this.box.className = "chart";
    // the same place on every page
    this.box.style.order = String(options.order !== undefined ? options.order : CHART_ORDER.indexOf(title));
    holder.appendChild(this.box);
    this.plot = null;
  }

  Chart.prototype.add = function (x, values) {
    var at = this.points[x] || (this.points[x] = {});
    for (var name in values) {
      if (!Object.prototype.hasOwnProperty.call(values, name)) { continue; }
      at[name] = values[name];
      if (this.names.indexOf(name) < 0) { this.names.push(name); this.stale = true; }
    }
  };

  Chart.prototype.data = function () {
    var xs = Object.keys(this.points).map(Number).sort(function (a, b) { return a - b; });
    var self = this;
    var data = [xs];
    this.names.forEach(function (name) {
      data.push(xs.map(function (x) { var v = self.points[x][name]; return v === undefined ? null : v; }));
    });
    return data;
  };

  // Episodes finished and training steps are counts: a zoomed axis never shows fractions of one.
  var WHOLE_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000, 50000];

  // As many decimals as the tick step needs, so that neighbouring ticks never read the same
  // (a loss that moves in the third decimal was labelled "7.17, 7.17, 7.17").
  function tickLabels(ticks, percent) {
    var scale = percent ? 100 : 1;
    var step = ticks.length > 1 ? Math.abs(ticks[1] - ticks[0]) * scale : 0;
    var decimals = step > 0 ? Math.min(12, Math.max(0, Math.ceil(-Math.log10(step) - 1e-9))) : 3;
    return ticks.map(function (t) {
      var text = String(Number((t * scale).toFixed(decimals)));
      return percent ? text + "%" : text;
    });
  }
  // A y axis as wide as its longest label (a reward moving in the fifth decimal was cut to "00004").
  function axisWidth(u, values) {
    var longest = (values || []).reduce(function (n, v) { return Math.max(n, String(v).length); }, 4);
    return Math.max(40, Math.ceil(20 + longest * 7.5));
  }

  // A curve that never moves (a KL of 0, a reward that stays 0.5) is drawn around its value, not on 0..100.
  function flatRange(u, min, max) {
    if (min === max && min !== null) { var pad = Math.abs(min) * 0.1 || 1; return [min - pad, max + pad]; }
    return uPlot.rangeNum(min, max, 0.1, true);
  }
  window.StepwiseCharts = { tickLabels: tickLabels, flatRange: flatRange };

  Chart.prototype.draw = function () {
    if (typeof uPlot === "undefined" || !this.names.length) { return; }
    var data = this.data();
    if (this.plot && !this.stale) {
      this.plot.setData(data, !this.zoomed);  // a zoomed chart keeps its scales
      return;
    }
    var keep = this.plot && this.zoomed ? this.plot.scales.x : null;
    if (this.plot) { this.plot.destroy(); }
    this.stale = false;
    var self = this;
    var pct = this.percent;
    var color = this.color;
    var opts = {
      title: this.title, width: Math.max(280, this.box.clientWidth || 600), height: 240,
      cursor: { drag: { x: true, y: false } },
      scales: pct ? { x: { time: false }, y: { range: [0, 1] } } : { x: { time: false }, y: { range: flatRange } },
      axes: [{ label: this.xLabel, incrs: WHOLE_STEPS },
        { values: function (u, ticks) { return tickLabels(ticks, pct); }, size: axisWidth }],
      series: [{ label: this.xLabel }].concat(this.names.map(function (name, i) {
        return { label: name, stroke: color(name, i), width: 2, spanGaps: true, points: { size: 5 },
          value: function (u, v) { return v === null || v === undefined ? "–" : (pct ? (v * 100).toFixed(1) + "%" : +v.toPrecision(4)); } };
      })),
      hooks: { setSelect: [function (u) { if (u.select.width > 0) { self.zoomed = true; } }] },
    };
    this.plot = new uPlot(opts, data, this.box);
    this.plot.over.addEventListener("dblclick", function () { self.zoomed = false; });
    if (keep && keep.min !== undefined) { this.plot.setScale("x", { min: keep.min, max: keep.max }); }
  };

  // The comparison of training runs: a chart per metric (loss, each reward component, KL, ...) with a
  // series per run, in the run's colour on every chart.
  function compareTitle(key) {
    var names = { loss: "loss (train)", eval_loss: "loss (validation)", reward: "reward", kl: "KL",
      "episodes/turns": "episode length (turns)" };
    if (names[key]) { return names[key]; }
    var component = /^rewards\/(.+)\/mean$/.exec(key);
    return component ? "reward: " + component[1] : key;
  }

  function compareOrder(key) {
    var first = ["loss", "eval_loss", "reward"];
    var group = CHART_ORDER.indexOf(trainingGroup(key));
    return group * 100 + (first.indexOf(key) >= 0 ? first.indexOf(key) : 10);
  }

  function charts(holder, kind, points, runColors) {
    var byTitle = {};
    function chart(title, percent, options) {
      var xLabel = kind === "solve_rate" ? "episodes finished" : "step";
      return byTitle[title] || (byTitle[title] = new Chart(holder, title, percent, xLabel, options));
    }
    function add(point) {
      if (!point || typeof point.values !== "object") { return; }
      if (kind === "compare") {  // point.run: the run's label, the series' name
        for (var metric in point.values) {
          if (!trainingGroup(metric)) { continue; }
          var one = {};
          one[point.run] = point.values[metric];
          chart(compareTitle(metric), false, { order: compareOrder(metric), color: function (name, i) {
            return runColors[name] || COLORS[i % COLORS.length];
          } }).add(point.x, one);
        }
        return;
      }
      if (kind === "solve_rate") {
        if (point.series === "solve_rate") { chart("verified share of the finished episodes", true).add(point.x, point.values); }
        return;
      }
      var groups = {};
      for (var key in point.values) {
        var group = trainingGroup(key);
        if (group) { (groups[group] = groups[group] || {})[key] = point.values[key]; }
      }
      for (var g in groups) { chart(g, false).add(point.x, groups[g]); }
    }
    var pending = false;
    function redraw() {
      if (pending) { return; }
      pending = true;
      requestAnimationFrame(function () {
        pending = false;
        for (var t in byTitle) { byTitle[t].draw(); }
        holder.dataset.points = String(total);
      });
    }
    var total = 0;
    points.forEach(function (p) { add(p); total += 1; });
    window.addEventListener("load", redraw);
    window.addEventListener("resize", function () {
      for (var t in byTitle) { var c = byTitle[t]; if (c.plot) { c.plot.setSize({ width: Math.max(280, c.box.clientWidth), height: 240 }); } }
    });
    redraw();
    var api = { add: function (p) { add(p); total += 1; redraw(); }, charts: byTitle };
    holder.stepwiseCharts = api;  // for people poking at the page (and the browser test)
    return api;
  }

  function comparePage(holder) {
    var runs = JSON.parse(document.getElementById("compare-data").textContent);
    var colors = {}, points = [];
    runs.forEach(function (run, i) {
      colors[run.label] = COLORS[i % COLORS.length];
      run.points.forEach(function (p) { points.push({ run: run.label, x: p.x, values: p.values }); });
    });
    document.querySelectorAll("#run-legend [data-index]").forEach(function (li) {
      li.querySelector(".swatch").style.background = COLORS[Number(li.dataset.index) % COLORS.length];
    });
    var set = charts(holder, "compare", points, colors);
    var none = document.getElementById("no-curves");
    none.hidden = Object.keys(set.charts).length > 0;
    // A run still going is followed on its socket: its new points join the charts as it logs them.
    runs.forEach(function (run) {
      if (OVER.indexOf(run.state) >= 0) { return; }
      var after = run.after;
      var li = document.querySelector('#run-legend [data-run="' + run.id + '"]');
      follow("/ws/jobs/" + run.id + "/", function () { return after; }, function (m) {
        if (m.type === "job") { paint(li, m.job); return; }
        if (m.type !== "event") { return; }
        after = Math.max(after, m.seq);
        if (m.kind === "metric" && m.data) {
          set.add({ run: run.label, x: m.data.x, values: m.data.values });
          none.hidden = Object.keys(set.charts).length > 0;
        }
      }, statusOf(document.getElementById("live-status")));
    });
  }

  /* ---- one job ----------------------------------------------------------------------------------- */
  function jobPage(root) {
    var id = root.dataset.job;
    var after = Number(root.dataset.after || 0);
    var wasOver = OVER.indexOf(root.dataset.state) >= 0;
    var holder = document.getElementById("charts");
    var chartSet = null;
    if (holder) {
      var seed = document.getElementById("metrics-data");
      chartSet = charts(holder, holder.dataset.chart, seed ? JSON.parse(seed.textContent) : []);
    }
    var log = document.getElementById("log");
    var children = document.getElementById("children");

    function logLine(m) {
      var empty = log.querySelector(".empty");
      if (empty) { empty.remove(); }
      var atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
      var line = document.createElement("div");
      line.className = "logline log-" + m.kind;
      line.dataset.seq = m.seq;
      var time = document.createElement("time");
      time.textContent = new Date(m.at).toTimeString().slice(0, 8);
      line.appendChild(time);
      var text = m.kind === "state"
        ? (m.data.from || "·") + " → " + m.data.to + (m.data.why ? ": " + m.data.why : "")
        : m.data.text;
      line.appendChild(document.createTextNode(" " + text));
      log.appendChild(line);
      if (atBottom) { log.scrollTop = log.scrollHeight; }
    }

    function ended(s) {
      root.dataset.state = s.state;
      root.querySelectorAll("[data-show-when=active]").forEach(function (f) { f.hidden = true; });
      root.querySelectorAll("[data-show-when=over]").forEach(function (f) { f.hidden = false; });
      var reportUrl = root.dataset.reportUrl;
      if (s.state === "succeeded" && reportUrl && window.htmx) {
        var card = document.getElementById("report-card");
        card.hidden = false;
        htmx.ajax("GET", reportUrl, { target: "#report", swap: "innerHTML" });
        card.scrollIntoView({ behavior: "smooth", block: "start" });
      } else if (root.dataset.kind !== "eval") {
        setTimeout(function () { location.reload(); }, 600);  // the result and the run folder
      }
    }

    function onJob(s) {
      paint(root, s);
      if (s.state !== "queued") {  // the launch's "is queued" notice is out of date now; the badge says the state
        document.querySelectorAll(".messages li.job-queued").forEach(function (li) {
          var list = li.parentNode;
          li.remove();
          if (!list.children.length) { list.remove(); }
        });
      }
      var message = root.querySelector("[data-field=message]");
      if (message) { message.textContent = s.message || ""; }
      var error = root.querySelector("[data-field=error]");
      if (error) { error.textContent = s.error || ""; error.hidden = !s.error; }
      var over = OVER.indexOf(s.state) >= 0;
      if (over && !wasOver) { wasOver = true; ended(s); }
    }

    function onChild(s) {
      if (!children) { return; }
      var body = children.tBodies[0];
      var row = body.querySelector('tr[data-job="' + s.id + '"]');
      if (!row) {
        row = newRow(s, false);
        body.appendChild(row);
        document.getElementById("children-card").hidden = false;
        var count = document.querySelector("[data-field=child-count]");
        if (count) { count.textContent = body.rows.length; }
      }
      paint(row, s);
      if (s.episode && OVER.indexOf(s.state) >= 0) {
        var link = row.querySelector("[data-field=link]");
        if (link && !link.firstChild) {
          var a = document.createElement("a");
          a.href = "/jobs/" + s.id + "/";
          a.textContent = "episode";
          link.appendChild(a);
        }
      }
    }

    follow("/ws/jobs/" + id + "/", function () { return after; }, function (m) {
      if (m.type === "job") { onJob(m.job); }
      else if (m.type === "child") { onChild(m.job); }
      else if (m.type === "event") {
        after = Math.max(after, m.seq);
        if (m.kind === "metric") { if (chartSet) { chartSet.add(m.data); } }
        else { logLine(m); }
      }
    }, statusOf(document.getElementById("live-status")));
  }

  document.addEventListener("DOMContentLoaded", function () {
    var list = document.getElementById("jobs");
    if (list) { jobsList(list); }
    var job = document.getElementById("job");
    if (job) { jobPage(job); }
    var compared = document.querySelector("#charts[data-chart=compare]");
    if (compared) { comparePage(compared); }
  });
})();
