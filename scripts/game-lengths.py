#!/usr/bin/env python3
"""Results and game lengths of one engine in `taikyoku match --records` files.

Usage: scripts/game-lengths.py NAME RECORDS... [--within PLIES]...

For the engine called NAME (its `name=` in the match), prints its wins, losses and draws, the
plies of its wins (median, 10th and 90th percentile) and, for each `--within PLIES`, how many
games it won within that many plies: the figures of issue 12's "depth 3 against depth 1 wins
90% within 400 plies".
"""
import math
import sys

from records import read_records


def percentile(sorted_values, p):
    """The nearest-rank percentile: the smallest value that at least p% of the values (and at
    least one) do not exceed, as `taikyoku match` reports the won games' lengths."""
    if not sorted_values:
        return None
    rank = min(len(sorted_values), max(1, math.ceil(p / 100 * len(sorted_values))))
    return sorted_values[rank - 1]


def main():
    args = sys.argv[1:]
    within = []
    while "--within" in args:
        i = args.index("--within")
        within.append(int(args[i + 1]))
        del args[i : i + 2]
    if len(args) < 2:
        sys.exit(__doc__)
    name, paths = args[0], args[1:]
    wins, losses, draws, win_plies = 0, 0, 0, []
    for path in paths:
        for g, _ in read_records(path):
            if name not in (g.get("Black"), g.get("White")):
                continue
            ours = "1-0" if g.get("Black") == name else "0-1"
            result = g.get("Result", "*")
            if result == ours:
                wins += 1
                win_plies.append(int(g.get("Plies", "0")))
            elif result in ("1-0", "0-1"):
                losses += 1
            else:
                draws += 1
    win_plies.sort()
    total = wins + losses + draws
    print(f"{name}: {wins}-{losses}-{draws} in {total} games")
    if win_plies:
        print(
            f"wins at plies: median {percentile(win_plies, 50)}, "
            f"10% {percentile(win_plies, 10)}, 90% {percentile(win_plies, 90)}"
        )
    for w in within:
        n = sum(1 for p in win_plies if p <= w)
        share = 100 * n / total if total else 0
        print(f"won within {w} plies: {n} of {total} ({share:.0f}%)")


if __name__ == "__main__":
    main()
