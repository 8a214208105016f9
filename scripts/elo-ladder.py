#!/usr/bin/env python3
"""Elo of every player of a set of matches, from their results files, fitted together.

Usage: elo-ladder.py [--anchor NAME=ELO] RESULTS...

Reads `taikyoku match --results` files (each a header naming the two engines, then one line
per game pair) and fits one rating per engine name to every game at once (the logistic
Bradley-Terry model behind Elo, by maximum likelihood; a draw counts half a win each way), so a
ladder of neighbouring matches (level L+2 against level L, ...) gives each level one number
even where a pair's result alone is a perfect score. The anchor's rating is fixed (default: the
first engine of the first file at 0). Prints each name, its rating and its games, best first.
Used for the `Skill Level` / `UCI_Elo` table (docs/engine.md, "Skill levels").
"""

import json
import sys


def read(paths):
    """(first engine, second engine, first's points, games) per results file."""
    out = []
    for path in paths:
        names, points, games = None, 0.0, 0
        with open(path) as f:
            for line in f:
                rec = json.loads(line)
                if rec["type"] == "header":
                    names = [e["name"] for e in rec["engines"]]
                elif rec["type"] == "pair":
                    for g in rec["games"]:
                        points += g["points"]
                        games += 1
        if names is None:
            sys.exit(f"{path}: no header")
        out.append((names[0], names[1], points, games))
    return out


def fit(matches, anchor, anchor_elo):
    """Ratings by gradient ascent on the log-likelihood (concave: one maximum)."""
    names = sorted({n for m in matches for n in m[:2]})
    if anchor not in names:
        sys.exit(f"anchor {anchor} plays in none of the files")
    r = {n: 0.0 for n in names}
    for _ in range(50000):
        grad = {n: 0.0 for n in names}
        for a, b, pa, n in matches:
            expected = n / (1 + 10 ** ((r[b] - r[a]) / 400))
            grad[a] += pa - expected
            grad[b] -= pa - expected
        for n in names:
            if n != anchor:
                r[n] += 2.0 * grad[n]
    shift = anchor_elo - r[anchor]
    return {n: r[n] + shift for n in names}


def main(argv):
    anchor = None
    anchor_elo = 0.0
    paths = []
    args = iter(argv)
    for a in args:
        if a == "--anchor":
            name, _, elo = next(args, "").partition("=")
            anchor, anchor_elo = name, float(elo or 0)
        else:
            paths.append(a)
    if not paths:
        sys.exit(__doc__)
    matches = read(paths)
    ratings = fit(matches, anchor or matches[0][0], anchor_elo)
    games = {n: 0 for n in ratings}
    for a, b, _, n in matches:
        games[a] += n
        games[b] += n
    for name, elo in sorted(ratings.items(), key=lambda x: -x[1]):
        print(f"{name}\t{elo:.0f}\t{games[name]} games")


if __name__ == "__main__":
    main(sys.argv[1:])
