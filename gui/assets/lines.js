// The engine's lines in the engine box: for each line (one, or several in analysis with
// MultiPV) its score, depth and moves in both notations, best first; and the arrows of their
// first moves, which the board draws.

/** A score as the page shows it: pawns with two decimals, or `mate N`. */
export function formatScore(score) {
  if (!score) return "";
  return score.kind === "mate" ? `mate ${score.value}` : (score.value / 100).toFixed(2);
}

/**
 * Shows the lines in `box` (replacing what was there).
 * @param {HTMLElement} box
 * @param {Array} lines the info message's lines, best first
 * @param {boolean} analysis whether they are analysis (else the engine's search for its move)
 */
export function renderLines(box, lines, analysis) {
  box.textContent = "";
  for (const l of lines) {
    const row = document.createElement("div");
    row.className = "line" + (l.multipv === 1 ? " best" : "");
    row.dataset.multipv = String(l.multipv);
    const head = document.createElement("span");
    head.className = "head";
    const depth = l.depth == null ? "" : ` d${l.depth}${l.seldepth != null ? "/" + l.seldepth : ""}`;
    const label = lines.length > 1 ? `${l.multipv}. ` : analysis ? "analysis: " : "PV: ";
    head.textContent = `${label}${formatScore(l.score)}${depth}`;
    const ours = document.createElement("span");
    ours.className = "o";
    ours.textContent = " " + l.pv.join(" ");
    const h = document.createElement("div");
    h.className = "h";
    h.textContent = l.pv_hodges.join(" ");
    row.append(head, ours, h);
    box.appendChild(row);
  }
}

/** The arrows for the board: each line's first move, the best line strongest. */
export function arrowsOf(lines) {
  return lines
    .filter((l) => l.arrow && l.arrow.length > 0)
    .map((l) => ({ path: l.arrow, rank: l.multipv }));
}
