#!/usr/bin/env bash
# The soak of issue 10: fast self-play matches of the release engine through `taikyoku match`,
# one variant after another (nice'd, one game at a time), with the runner's resident memory
# sampled every 5 s. Usage: scripts/soak.sh OUTDIR [GAMES] [TAIKYOKU_GAMES]
# Openings: random 4-8 ply openings (scripts/soak-openings.py, seed 10), each played with both
# colours. Per move: 100 nodes; a game is adjudicated a draw after 300 plies.
set -euo pipefail
out=${1:?usage: soak.sh OUTDIR [GAMES] [TAIKYOKU_GAMES]}
games=${2:-200}
tgames=${3:-20}
B=$(cd "$(dirname "$0")/.." && pwd)/target/release/taikyoku
mkdir -p "$out"
for v in dai-dai maka-dai-dai ko chu dai tai taikyoku; do
  n=$games
  [ "$v" = taikyoku ] && n=$tgames
  [ -s "$out/$v.openings" ] ||
    python3 "$(dirname "$0")/soak-openings.py" "$B" "$v" $(( (n + 1) / 2 )) 10 "$out/$v.openings"
  start=$(date +%s)
  nice -n 15 "$B" match --variant "$v" \
    --engine "cmd=$B name=a" --engine "cmd=$B name=b" \
    --games "$n" --concurrency 1 --nodes 100 --draw-after 300 \
    --openings "$out/$v.openings" --records "$out/$v.records" > "$out/$v.log" 2>&1 &
  pid=$!
  : > "$out/$v.rss"
  while kill -0 "$pid" 2>/dev/null; do
    awk '/VmRSS/ {print $2}' "/proc/$pid/status" >> "$out/$v.rss" 2>/dev/null || true
    sleep 5
  done
  wait "$pid" && rc=0 || rc=$?
  secs=$(( $(date +%s) - start ))
  rss=$(sort -n "$out/$v.rss" | awk 'NR==1{min=$1} {max=$1} END{print min" "max}')
  first=$(head -1 "$out/$v.rss"); last=$(tail -1 "$out/$v.rss")
  finished=$(grep -c '^Finished game' "$out/$v.log" || true)
  bad=$(grep '^Finished game' "$out/$v.log" | grep -c -E 'crash|illegal|on time|protocol|failed|refused|repeats' || true)
  echo "$v: rc=$rc games=$finished faults=$bad seconds=$secs rss_kb(min max)=$rss first=$first last=$last" | tee -a "$out/summary.txt"
  grep -E '^Games:|^  [0-9]+ x' "$out/$v.log" | tee -a "$out/summary.txt"
done
