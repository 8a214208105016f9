#!/usr/bin/env python3
"""Interleaved speed comparison of engine builds over USI.

Usage: scripts/speed-compare.py VARIANT POSITIONS NODES ROUNDS BINARY...

Each round runs every binary once (the order reversed on odd rounds, so that a machine whose
speed drifts does not favour one build): one process per binary, `USI_Hash` 64, and for each
line of POSITIONS (`startpos moves ...` or a position in the project's notation, as
`taikyoku openings` writes them) `usinewgame`, `position LINE`, `go nodes NODES`, timed from
`go` to `bestmove`. It prints each run and then each binary's total nodes and nodes per
second. Builds that search alike must report the same node totals: a difference there means
the search changed, not only its speed.

These machines are shared and their speed swings, so compare builds only within one run of
this script, never against a figure from another day.
"""
import subprocess
import sys
import time


def run(binary, variant, positions, nodes):
    p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def wait(token):
        last = None
        while True:
            line = p.stdout.readline()
            if not line:
                sys.exit(f"{binary}: the engine closed its output while we waited for {token}")
            if line.startswith("info") and " nodes " in line:
                last = line
            if line.startswith(token):
                return last

    send("usi")
    wait("usiok")
    send(f"setoption name USI_Variant value {variant}")
    send("setoption name USI_Hash value 64")
    send("isready")
    wait("readyok")
    total_nodes, total_time = 0, 0.0
    for pos in positions:
        send("usinewgame")
        send(f"position {pos}")
        send("isready")
        wait("readyok")
        start = time.perf_counter()
        send(f"go nodes {nodes}")
        last = wait("bestmove")
        total_time += time.perf_counter() - start
        if last is None:
            sys.exit(f"{binary}: no info line with a node count for: position {pos}")
        words = last.split()
        total_nodes += int(words[words.index("nodes") + 1])
    send("quit")
    p.wait()
    return total_nodes, total_time


def main():
    if len(sys.argv) < 6:
        sys.exit(__doc__)
    variant, posfile = sys.argv[1], sys.argv[2]
    nodes, rounds = int(sys.argv[3]), int(sys.argv[4])
    binaries = sys.argv[5:]
    with open(posfile) as f:
        positions = [line.strip() for line in f if line.strip()]
    results = {b: [] for b in binaries}
    for r in range(rounds):
        for b in binaries if r % 2 == 0 else binaries[::-1]:
            n, t = run(b, variant, positions, nodes)
            results[b].append((n, t))
            print(f"round {r} {b}: {n} nodes {t:.2f} s {n / t / 1000:.1f} thousand nodes/s", flush=True)
    for b in binaries:
        n = sum(x for x, _ in results[b])
        t = sum(y for _, y in results[b])
        print(f"{b}: {n} nodes {t:.2f} s {n / t / 1000:.1f} thousand nodes/s")


if __name__ == "__main__":
    main()
