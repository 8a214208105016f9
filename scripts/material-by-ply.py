#!/usr/bin/env python3
"""Material of both engines along the games of `taikyoku match --records` files.

Usage: scripts/material-by-ply.py TAIKYOKU VARIANT NAME STEP RECORDS...

For every STEP plies of each game (the opening's plies not counted), replays the game to that
ply and reads the material of both sides from `TAIKYOKU eval` (the binary named first). Prints,
per ply, the mean material of the engine called NAME and of its opponent in pawns, over the
games still going, and NAME's lead with its least and most: the method of the table of Dai dai
depth 3 against depth 1 of 2026-11-28 (session 24 in
docs/journal/2026-11-28-search-trials-probcut-and-threads.md; made then with a throwaway script).
"""
import statistics
import subprocess
import sys

from records import read_records


def material(binary, variant, opening, moves):
    pos = opening
    if moves:
        pos += (" " if " moves " in f" {pos} " else " moves ") + " ".join(moves)
    out = subprocess.run(
        [binary, "eval", "--variant", variant, "--position", pos], capture_output=True, text=True
    )
    for line in out.stdout.splitlines():
        if line.startswith("material"):
            black, white = line.split()[1:3]
            return int(black), int(white)
    sys.exit(f"no material line from {binary} eval for: {pos}\n{out.stderr}")


def main():
    if len(sys.argv) < 6:
        sys.exit(__doc__)
    binary, variant, name, step = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    rows = {}
    for path in sys.argv[5:]:
        for tags, moves in read_records(path):
            if name not in (tags.get("Black"), tags.get("White")):
                continue
            ours = 0 if tags.get("Black") == name else 1
            for ply in range(step, len(moves) + 1, step):
                m = material(binary, variant, tags.get("Opening", "startpos"), moves[:ply])
                rows.setdefault(ply, []).append((m[ours] / 100, m[1 - ours] / 100))
    print("ply  games  ours  theirs  lead (least, most)")
    for ply in sorted(rows):
        ours = [a for a, _ in rows[ply]]
        theirs = [b for _, b in rows[ply]]
        leads = [a - b for a, b in rows[ply]]
        print(
            f"{ply:>4} {len(ours):>5} {statistics.mean(ours):>6.0f} {statistics.mean(theirs):>6.0f}"
            f"  {statistics.mean(leads):.0f} ({min(leads):.0f}, {max(leads):.0f})"
        )


if __name__ == "__main__":
    main()
