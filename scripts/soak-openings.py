# Random openings for the soak: N positions, each the start position and 4-8 random legal plies
# (listed by `taikyoku perft --divide --depth 1`), seeded.
# Usage: soak-openings.py TAIKYOKU VARIANT N SEED OUTFILE
import random, subprocess, sys
B, variant, n, seed, path = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
rng = random.Random(seed)
out = []
while len(out) < n:
    moves = []
    for _ in range(rng.randint(4, 8)):
        pos = "startpos" + (" moves " + " ".join(moves) if moves else "")
        r = subprocess.run([B, "perft", "--variant", variant, "--depth", "1", "--divide", "--position", pos], capture_output=True, text=True)
        legal = [l.split(":")[0] for l in r.stdout.splitlines()[:-1]]
        rng.shuffle(legal)
        # A move the game's history forbids (Dai dai's repetition ban) is refused by `show`.
        for m in legal:
            pos = "startpos moves " + " ".join(moves + [m])
            ok = subprocess.run([B, "show", "--variant", variant, "--position", pos], capture_output=True)
            if ok.returncode == 0:
                moves.append(m)
                break
        else:
            break
    out.append("startpos moves " + " ".join(moves))
open(path, "w").write("\n".join(out) + "\n")
