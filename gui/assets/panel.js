// The piece panel: a piece's name, kanji, code and promotion, and its movement drawn on a small
// empty board. The movement comes from the server's move generator (one request per piece
// form, then cached), so it is right for every kind of every variant.

import { drawable } from "./glyphs.js";

export class Panel {
  /**
   * @param {HTMLElement} body where the panel draws
   * @param {HTMLSelectElement} picker the list of every kind
   * @param {(kind: number, promoted: boolean) => void} request asks the server for a movement
   */
  constructor(body, picker, request) {
    this.body = body;
    this.picker = picker;
    this.request = request;
    this.variant = null;
    this.cache = new Map();
    this.shown = null; // "kind/promoted"
    picker.addEventListener("change", () => {
      const [kind, promoted] = picker.value.split("/");
      if (kind !== "") this.show(Number(kind), promoted === "1");
    });
  }

  /** A new variant: the cache is emptied and the kind list refilled. */
  setVariant(variant) {
    this.variant = variant;
    this.cache.clear();
    this.shown = null;
    const opts = ['<option value="">all pieces…</option>'];
    const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
    variant.kinds.forEach((k, i) => {
      opts.push(`<option value="${i}/0">${esc(k.code)} ${esc(k.name)}</option>`);
      if (k.promotes != null) {
        opts.push(`<option value="${i}/1">+${esc(k.code)} promoted ${esc(k.name)}</option>`);
      }
    });
    this.picker.innerHTML = opts.join("");
    this.body.textContent = "Hover over or click a piece.";
  }

  /** Shows a piece form (drawn at once if its movement is cached, else when it arrives). */
  show(kind, promoted) {
    const key = kind + "/" + (promoted ? 1 : 0);
    this.shown = key;
    if (this.cache.has(key)) this.draw(this.cache.get(key));
    else this.request(kind, promoted);
  }

  /** A movement from the server. */
  received(m) {
    const key = m.kind + "/" + (m.promoted ? 1 : 0);
    this.cache.set(key, m);
    if (this.shown === key) this.draw(m);
  }

  draw(m) {
    const v = this.variant;
    const k = v.kinds[m.kind];
    const as = m.promoted && k.promotes != null ? v.kinds[k.promotes] : k;
    const body = this.body;
    body.textContent = "";
    const head = document.createElement("div");
    head.className = "head";
    const big = document.createElement("span");
    big.className = "big";
    big.textContent = as.kanji && drawable(as.kanji) ? as.kanji : as.code;
    const title = document.createElement("div");
    const name = document.createElement("strong");
    name.textContent = m.promoted ? `${as.name} (promoted ${k.name})` : k.name;
    title.appendChild(name);
    head.append(big, title);
    body.appendChild(head);
    const dl = document.createElement("dl");
    const row = (dt, dd) => {
      const a = document.createElement("dt");
      a.textContent = dt;
      const b = document.createElement("dd");
      b.textContent = dd;
      dl.append(a, b);
    };
    row("code", (m.promoted ? "+" : "") + k.code);
    row("kanji", as.kanji || "—");
    if (m.promoted) {
      row("moves as", `${as.name} (${as.code})`);
    } else if (k.promotes != null) {
      const p = v.kinds[k.promotes];
      row("promotes to", `${p.name} (${p.code}${p.kanji ? ", " + p.kanji : ""})`);
    } else {
      row("promotes to", "does not promote");
    }
    row("movement", as.moves);
    if (as.royal) row("role", "royal: losing it loses the game");
    body.appendChild(dl);
    const grid = document.createElement("div");
    grid.className = "mini";
    grid.style.gridTemplateColumns = `repeat(${m.cols}, 14px)`;
    const dests = new Set(m.destinations.map(([c, r]) => r * m.cols + c));
    const origin = m.origin[1] * m.cols + m.origin[0];
    for (let i = 0; i < m.cols * m.rows; i++) {
      const d = document.createElement("div");
      if (i === origin) d.className = "o";
      if (dests.has(i)) d.classList.add("d");
      grid.appendChild(d);
    }
    body.appendChild(grid);
    const note = document.createElement("div");
    const passes = dests.has(origin) ? " It may pass (stay on its square)." : "";
    const n = m.destinations.length;
    note.textContent =
      `${n} square${n === 1 ? "" : "s"} reached from the centre of an empty board, moving up.` +
      (m.window ? ` A ${m.cols}x${m.rows} window of the ${v.files}x${v.ranks} board: lines go on.` : "") +
      passes;
    body.appendChild(note);
  }
}
