// The page: talks to the server over one WebSocket, draws what it sends, and turns clicks and
// typed moves into messages. The server holds the game and checks every move; the page only
// offers the moves the server listed.

import { Board, decodeCell, pieceLabel } from "./board.js";
import { ClockDisplay } from "./clocks.js";
import { arrowsOf, formatScore, renderLines } from "./lines.js";
import { Panel } from "./panel.js";
import { Record } from "./record.js";

const PROTOCOL = 1;
const $ = (id) => document.getElementById(id);

/** Redraw timings, read by the browser test: milliseconds from a state's arrival to the end of
 * the synchronous redraw with layout (`ms`), and to the next frame (`frameMs`). */
const perf = { redraws: [], errors: [] };
window.taikyokuPerf = perf;
window.addEventListener("error", (e) => perf.errors.push(String(e.message)));

let ws = null;
let variant = null;
let state = null;
let variants = [];
let selected = null; // square name of the selected piece
let movesFrom = new Map(); // from -> Map(target -> [moves])
let retry = null;

const board = new Board($("board"), $("board-scroll"));
const panel = new Panel($("panel-body"), $("panel-kind"), (kind, promoted) =>
  send({ t: "piece", kind, promoted }),
);
const clocks = new ClockDisplay($("clocks"), $("clock-b"), $("clock-w"));
const record = new Record($("record"), (ply) => state && send({ t: "goto", ply, version: state.version }));
record.setNotation("both");

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
  else say("Not connected to the server.", "error");
}

function say(text, kind) {
  const m = $("message");
  m.textContent = text;
  m.className = kind || "";
}

// ----- connection -----

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws`);
  ws.onopen = () => say("");
  ws.onmessage = (e) => {
    const t0 = performance.now();
    let msg;
    try {
      msg = JSON.parse(e.data);
    } catch (err) {
      say("The server sent something unreadable.", "error");
      return;
    }
    handle(msg, t0);
  };
  ws.onclose = () => {
    say("Disconnected from the server; trying again… (the game was lost if the server restarted)", "error");
    clearTimeout(retry);
    retry = setTimeout(connect, 2000);
  };
}

function handle(msg, t0) {
  switch (msg.t) {
    case "welcome":
      if (msg.protocol !== PROTOCOL) {
        say("This page is from another version of taikyoku: reload it.", "error");
        ws.onclose = null;
        ws.close();
        return;
      }
      variants = msg.variants;
      $("variant").innerHTML = variants
        .map((v) => `<option value="${v.key}">${v.name.replace(/</g, "&lt;")}</option>`)
        .join("");
      $("engine-name").title = msg.engine;
      break;
    case "variant":
      variant = msg;
      state = null;
      $("variant").value = msg.key;
      board.setVariant(msg);
      panel.setVariant(msg);
      break;
    case "state":
      applyState(msg, t0);
      break;
    case "engine":
      showEngine(msg);
      break;
    case "info":
      showInfo(msg);
      break;
    case "piece":
      panel.received(msg);
      break;
    case "record":
      download(msg.filename, msg.text);
      break;
    case "error":
      say(msg.message, "error");
      break;
    case "notice":
      say(msg.message, "notice");
      break;
  }
}

// ----- the game -----

function applyState(s, t0) {
  const full = state === null;
  // The engine's arrows belong to the position they were found in.
  if (!state || state.version !== s.version) board.setArrows([]);
  state = s;
  clocks.update(s.clocks);
  board.render(s.board);
  movesFrom = new Map();
  for (const m of s.moves) {
    let targets = movesFrom.get(m.from);
    if (!targets) movesFrom.set(m.from, (targets = new Map()));
    const list = targets.get(m.target);
    if (list) list.push(m);
    else targets.set(m.target, [m]);
  }
  if (selected && !movesFrom.has(selected)) selected = null;
  refreshHighlights();
  closeChooser();
  record.render(s.record, s.ply);
  showStatus();
  showSettings(s.settings);
  const pt = $("position-text");
  if (document.activeElement !== pt) pt.value = s.position;
  $("tsfen-text").value = s.tsfen;
  void $("board").offsetHeight; // include style and layout in the measured redraw
  const t1 = performance.now();
  requestAnimationFrame(() =>
    setTimeout(() => {
      perf.redraws.push({ ms: t1 - t0, frameMs: performance.now() - t0, ply: s.ply, full, moves: s.moves.length });
    }, 0),
  );
}

function selectionMarks() {
  if (!selected) return {};
  const dest = [];
  const multi = [];
  const occupied = [];
  for (const [target, list] of movesFrom.get(selected) || []) {
    dest.push(target);
    if (list.length > 1) multi.push(target);
    if (board.occupied(target) && target !== selected) occupied.push(target);
  }
  return { sel: [selected], dest, multi, occupied };
}

/** Marks the last move's squares and the selection's destinations (a few class changes). */
function refreshHighlights() {
  if (!state) return;
  const s = state;
  const marks = { "last-from": [], "last-stop": [], "last-to": [], "last-cap": [], "last-shot": [] };
  if (s.last) {
    const p = s.last.path;
    marks["last-from"] = [p[0]];
    marks["last-stop"] = p.slice(1, -1).filter((x) => x !== p[0] && x !== p[p.length - 1]);
    if (p[p.length - 1] !== p[0]) marks["last-to"] = [p[p.length - 1]];
    marks["last-cap"] = s.last.captured.filter((x) => !s.last.shots.includes(x));
    marks["last-shot"] = s.last.shots;
  }
  board.highlight({ ...marks, ...selectionMarks() });
}

function showStatus() {
  const s = state;
  const st = $("status");
  const side = s.side === "b" ? "Black" : "White";
  if (s.result) {
    st.textContent = "Game over: " + s.result;
    st.className = "over";
  } else {
    const who = s.human_to_move ? "your move" : s.settings.mode === "human-human" ? "" : "engine to move";
    const past = s.ply < s.record.length ? ` (viewing move ${s.ply} of ${s.record.length})` : "";
    st.textContent = `${side} to move${who ? ", " + who : ""}${past}`;
    st.className = "";
  }
}

function showSettings(st) {
  if (document.activeElement !== $("mode")) $("mode").value = st.mode;
  if (document.activeElement !== $("limit-kind")) $("limit-kind").value = st.limit.kind;
  const val = st.limit.kind === "depth" ? st.limit.depth : st.limit.ms;
  if (document.activeElement !== $("limit-value")) $("limit-value").value = val;
  if (document.activeElement !== $("move-limit")) $("move-limit").value = st.move_limit;
  if (document.activeElement !== $("skill")) $("skill").value = st.skill;
  if (document.activeElement !== $("multipv")) $("multipv").value = st.multipv;
  for (const [side, c] of [["b", st.clocks.black], ["w", st.clocks.white]]) {
    const busy = [`clock-${side}-kind`, `clock-${side}-base`, `clock-${side}-extra`].includes(
      document.activeElement && document.activeElement.id,
    );
    if (busy) continue;
    $(`clock-${side}-kind`).value = c.kind;
    if (c.kind === "none") continue;
    $(`clock-${side}-base`).value = c.base_ms / 1000;
    $(`clock-${side}-extra`).value = (c.kind === "fischer" ? c.inc_ms : c.byoyomi_ms) / 1000;
  }
}

/** A side's time control from its inputs (seconds on the page, milliseconds for the server,
 * which checks the ranges). */
function timeControl(side) {
  const kind = $(`clock-${side}-kind`).value;
  const ms = (id) => {
    const v = Number($(id).value);
    return Number.isFinite(v) && v > 0 ? Math.round(v * 1000) : 0;
  };
  const base = ms(`clock-${side}-base`);
  const extra = ms(`clock-${side}-extra`);
  if (kind === "fischer") return { kind, base_ms: base, inc_ms: extra };
  if (kind === "byoyomi") return { kind, base_ms: base, byoyomi_ms: extra };
  return { kind: "none" };
}

function sendSettings() {
  const kind = $("limit-kind").value;
  const value = Math.max(1, Math.floor(Number($("limit-value").value) || 1));
  const limit = kind === "depth" ? { kind, depth: value } : { kind, ms: value };
  const moveLimit = Math.max(0, Math.floor(Number($("move-limit").value) || 0));
  const raw = Math.floor(Number($("skill").value));
  const skill = Number.isFinite(raw) ? Math.min(20, Math.max(0, raw)) : 20;
  const lines = Math.floor(Number($("multipv").value));
  const multipv = Number.isFinite(lines) ? Math.min(32, Math.max(1, lines)) : 1;
  const clocks = { black: timeControl("b"), white: timeControl("w") };
  send({ t: "settings", mode: $("mode").value, limit, move_limit: moveLimit, skill, multipv, clocks });
}

function play(text) {
  if (!state) return;
  selected = null;
  send({ t: "move", text, version: state.version });
}

// ----- clicks on the board -----

function squareOf(target) {
  const el = target.closest && target.closest(".sq");
  return el ? el.dataset.square : null;
}

function clickSquare(name, x, y) {
  if (!state) return;
  closeChooser();
  const piece = board.pieceAt(name);
  if (piece) panel.show(piece.kind, piece.promoted);
  if (selected) {
    const list = (movesFrom.get(selected) || new Map()).get(name);
    if (list && (list.length > 1 || name === selected)) {
      openChooser(list, x, y);
      return;
    }
    if (list) {
      play(list[0].text);
      return;
    }
  }
  if (movesFrom.has(name) && name !== selected) {
    if (!state.human_to_move) {
      say(state.result ? "The game is over." : "It is the engine's turn.", "notice");
      return;
    }
    selected = name;
  } else {
    selected = null;
  }
  refreshHighlights();
}

function openChooser(list, x, y) {
  const c = $("chooser");
  c.textContent = "";
  const p = document.createElement("p");
  p.textContent = list.length > 1 ? "Several moves reach this square:" : "Play this move?";
  c.appendChild(p);
  for (const m of list) {
    const b = document.createElement("button");
    b.textContent = m.words;
    const code = document.createElement("code");
    code.textContent = `${m.text}  ${m.hodges}`;
    b.appendChild(code);
    b.addEventListener("click", () => {
      closeChooser();
      play(m.text);
    });
    c.appendChild(b);
  }
  const cancel = document.createElement("button");
  cancel.textContent = "Cancel";
  cancel.addEventListener("click", () => {
    closeChooser();
    selected = null;
    refreshHighlights();
  });
  c.appendChild(cancel);
  c.hidden = false;
  const r = c.getBoundingClientRect();
  c.style.left = Math.max(4, Math.min(x + 8, innerWidth - r.width - 8)) + "px";
  c.style.top = Math.max(4, Math.min(y + 8, innerHeight - r.height - 8)) + "px";
}

function closeChooser() {
  $("chooser").hidden = true;
}

// Drag to pan, click to select; Ctrl+wheel zooms.
(function boardInput() {
  const s = $("board-scroll");
  let down = null;
  s.addEventListener("mousedown", (e) => {
    if (e.button !== 0) return;
    down = { x: e.clientX, y: e.clientY, left: s.scrollLeft, top: s.scrollTop, moved: false };
  });
  window.addEventListener("mousemove", (e) => {
    if (!down) return;
    const dx = e.clientX - down.x;
    const dy = e.clientY - down.y;
    if (!down.moved && Math.abs(dx) + Math.abs(dy) > 5) {
      down.moved = true;
      s.classList.add("panning");
    }
    if (down.moved) {
      s.scrollLeft = down.left - dx;
      s.scrollTop = down.top - dy;
    }
  });
  window.addEventListener("mouseup", (e) => {
    if (!down) return;
    const wasDrag = down.moved;
    down = null;
    s.classList.remove("panning");
    if (!wasDrag) {
      const name = squareOf(e.target);
      if (name) clickSquare(name, e.clientX, e.clientY);
    }
  });
  s.addEventListener(
    "wheel",
    (e) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      const r = s.getBoundingClientRect();
      board.setZoom(board.zoom * (e.deltaY < 0 ? 1.15 : 1 / 1.15), e.clientX - r.left, e.clientY - r.top);
    },
    { passive: false },
  );
  let hoverTimer = null;
  s.addEventListener("mouseover", (e) => {
    const name = squareOf(e.target);
    if (!name || !variant) return;
    const p = board.pieceAt(name);
    const k = p && variant.kinds[p.kind];
    $("hover").textContent = name + (k ? ` ${p.promoted ? "promoted " : ""}${k.name} ${pieceLabel(variant, p, true)}` : "");
    clearTimeout(hoverTimer);
    if (p) hoverTimer = setTimeout(() => panel.show(p.kind, p.promoted), 250);
  });
})();

// ----- the engine -----

let engineStatus = "off";

function showEngine(m) {
  engineStatus = m.status;
  $("engine-name").textContent = m.name ? `(${m.name})` : "";
  const words = {
    off: "not running",
    starting: "starting…",
    ready: "ready",
    thinking: "thinking…",
    failed: "FAILED: " + m.message,
  };
  const es = $("engine-status");
  es.textContent = words[m.status] || m.status;
  es.className = m.status === "failed" ? "failed" : "";
  $("restart").classList.toggle("urgent", m.status === "failed");
  $("restart").textContent = m.status === "off" ? "Start engine" : "Restart engine";
  $("move-now").hidden = !(m.status === "thinking" && state && !state.human_to_move);
  if (m.status !== "thinking") board.setArrows([]);
  if (m.status === "failed") say("The engine failed: " + m.message + ". Use 'Restart engine'.", "error");
}

function showInfo(m) {
  const i = m.info;
  const fmt = (n) => (n == null ? "" : n.toLocaleString("en"));
  if (i.depth != null) $("i-depth").textContent = i.seldepth != null ? `${i.depth}/${i.seldepth}` : i.depth;
  const best = m.lines.find((l) => l.multipv === 1);
  const score = best ? best.score : i.score;
  if (score) $("i-score").textContent = formatScore(score);
  if (i.nodes != null) $("i-nodes").textContent = fmt(i.nodes);
  if (i.nps != null) $("i-nps").textContent = fmt(i.nps);
  if (i.time != null) $("i-time").textContent = (i.time / 1000).toFixed(1) + " s";
  if (m.lines.length) {
    renderLines($("pv"), m.lines, m.analysis);
    board.setArrows(arrowsOf(m.lines));
  } else if (i.string) {
    $("pv").textContent = i.string;
  }
}

// ----- records and positions -----

function download(name, text) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// ----- controls -----

$("variant").addEventListener("change", (e) => send({ t: "variant", key: e.target.value }));
const settingInputs = ["mode", "limit-kind", "limit-value", "move-limit", "skill", "multipv"];
for (const side of ["b", "w"]) settingInputs.push(`clock-${side}-kind`, `clock-${side}-base`, `clock-${side}-extra`);
for (const id of settingInputs) {
  $(id).addEventListener("change", sendSettings);
}
$("new").addEventListener("click", () => send({ t: "new" }));
$("undo").addEventListener("click", () => state && send({ t: "undo", version: state.version }));
$("flip").addEventListener("click", () => {
  board.flipped = !board.flipped;
  board.build();
  if (state) {
    board.render(state.board);
    refreshHighlights();
  }
});
$("labels").addEventListener("click", (e) => {
  board.kanji = !board.kanji;
  e.target.textContent = board.kanji ? "Codes" : "Kanji";
  $("board").classList.toggle("kanji", board.kanji);
  board.invalidate();
  if (state) board.render(state.board);
});
$("zoom-in").addEventListener("click", () => board.setZoom(board.zoom * 1.25));
$("zoom-out").addEventListener("click", () => board.setZoom(board.zoom / 1.25));
$("zoom-fit").addEventListener("click", () => board.setZoom(1));
window.addEventListener("resize", () => board.fit());
$("restart").addEventListener("click", () => send({ t: "restart" }));
$("move-now").addEventListener("click", () => send({ t: "move-now" }));
$("typed").addEventListener("submit", (e) => {
  e.preventDefault();
  const text = $("move-input").value.trim();
  if (!text) return;
  play(text);
  $("move-input").value = "";
});
const step = (ply) => state && send({ t: "goto", ply: Math.max(0, ply), version: state.version });
$("first").addEventListener("click", () => step(0));
$("prev").addEventListener("click", () => state && step(state.ply - 1));
$("next").addEventListener("click", () => state && step(state.ply + 1));
$("last").addEventListener("click", () => state && step(state.record.length));
document.addEventListener("keydown", (e) => {
  if (e.target.closest("input, textarea, select")) return;
  if (e.key === "ArrowLeft" && state) step(state.ply - 1);
  else if (e.key === "ArrowRight" && state) step(state.ply + 1);
  else if (e.key === "Escape") {
    closeChooser();
    selected = null;
    refreshHighlights();
  }
});
$("notation").addEventListener("change", (e) => record.setNotation(e.target.value));
$("save").addEventListener("click", () => send({ t: "save" }));
$("load-file").addEventListener("change", (e) => {
  const f = e.target.files[0];
  if (!f) return;
  if (f.size > 1000000) {
    say("That file is too big for a record (over 1 MB).", "error");
    return;
  }
  f.text().then((text) => send({ t: "load", text }));
  e.target.value = "";
});
$("set-position").addEventListener("click", () => send({ t: "position", text: $("position-text").value }));
$("load-record").addEventListener("click", () => send({ t: "load", text: $("position-text").value }));

// Exposed for tests and for the curious: the last state, the decoded piece on a square.
window.taikyokuState = () => state;
window.taikyokuPieceAt = (name) => decodeCell(board.cells[board.index.get(name)] || 0);

connect();
