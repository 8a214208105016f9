// The game record beside the board: every move in our notation and in Hodges notation, the
// shown one marked; clicking a move (or the arrows) steps through the game.

export class Record {
  /**
   * @param {HTMLOListElement} list
   * @param {(ply: number) => void} goto asks the server to show the position after `ply` moves
   */
  constructor(list, goto) {
    this.list = list;
    this.goto = goto;
    this.moves = [];
    this.ply = 0;
    list.addEventListener("click", (e) => {
      const li = e.target.closest("li");
      if (li) this.goto(Number(li.dataset.ply));
    });
  }

  /** Shows a state's record; only what changed is redrawn (long games stay fast). */
  render(record, ply) {
    const same = (a, b) => a.text === b.text;
    let keep = 0;
    while (keep < this.moves.length && keep < record.length && same(this.moves[keep], record[keep])) {
      keep++;
    }
    while (this.list.children.length > keep) this.list.lastChild.remove();
    const frag = document.createDocumentFragment();
    for (let i = keep; i < record.length; i++) {
      const li = document.createElement("li");
      li.dataset.ply = String(i + 1);
      const o = document.createElement("span");
      o.className = "o";
      o.textContent = record[i].text;
      const h = document.createElement("span");
      h.className = "h";
      h.textContent = record[i].hodges;
      li.append(o, h);
      frag.appendChild(li);
    }
    this.list.appendChild(frag);
    this.moves = record;
    const old = this.list.querySelector("li.cur");
    if (old) old.classList.remove("cur");
    const cur = ply > 0 ? this.list.children[ply - 1] : null;
    if (cur) {
      cur.classList.add("cur");
      const l = this.list;
      if (cur.offsetTop < l.scrollTop || cur.offsetTop > l.scrollTop + l.clientHeight - 20) {
        l.scrollTop = cur.offsetTop - l.clientHeight / 2;
      }
    }
    this.ply = ply;
  }

  /** Which notations to show: `both`, `ours` or `hodges`. */
  setNotation(which) {
    this.list.classList.remove("both", "ours", "hodges");
    this.list.classList.add(which);
  }
}
