#!/usr/bin/env bash
# Sequential testing across batches, as fishtest does with its workers: one match of up to
# --games games with --sprt, divided into N shards, played BATCH shards at a time (under GNU
# parallel, or as Slurm job arrays), merged after each batch, until `taikyoku match merge` says
# the SPRT has decided or every shard has been played. Docs: docs/distributed.md.
#
# Usage:
#   scripts/sprt-batches.sh -n SHARDS -b BATCH [-o DIR] [-t TAIKYOKU] [-s]
#       [-j JOBS] [-S HOSTS] [-B FILE]... -- MATCH-ARGUMENTS...
#
#   -n SHARDS    the match's number of shards (each plays about games / 2 / SHARDS pairs)
#   -b BATCH     shards per batch (1 to BATCH, then BATCH+1 to 2*BATCH, ...)
#   -o DIR       the shards' results, records and logs, and each batch's merged report
#                (merge-K.txt after shard K) (default: sprt)
#   -t TAIKYOKU  the taikyoku binary (default: taikyoku on the PATH)
#   -s           run each batch as a Slurm job array (sbatch --wait, scripts/match-slurm.sbatch;
#                DIR must be on storage the nodes share); default: GNU parallel
#                (scripts/match-shards-parallel.sh, with -j, -S and -B as it takes them)
#
# The match arguments must hold --games and --sprt; the shards never stop on the SPRT
# themselves, the merge decides (a batch's shards all finish, so a decided test may have played
# a little past its decision, as fishtest's workers do). Shards whose results file is already
# in DIR are not played again, so a stopped driver resumes where it was by running it again
# (delete the file of a shard that was killed to play it anew: the merge names such shards
# "Incomplete").
#
# Exits 0 when the SPRT has decided (H0 or H1: the last line says which), 3 when every shard
# was played without a decision, 2 on a usage error.
set -euo pipefail

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//' >&2
  exit 2
}

here=$(cd "$(dirname "$0")" && pwd)
shards=""
batch=""
out="sprt"
taikyoku="taikyoku"
slurm=0
popts=()
while getopts "n:b:o:t:sj:S:B:h" opt; do
  case "$opt" in
    n) shards="$OPTARG" ;;
    b) batch="$OPTARG" ;;
    o) out="$OPTARG" ;;
    t) taikyoku="$OPTARG" ;;
    s) slurm=1 ;;
    j | S | B) popts+=("-$opt" "$OPTARG") ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
if [ "${1:-}" = "--" ]; then shift; fi
if ! [[ "$shards" =~ ^[1-9][0-9]*$ && "$batch" =~ ^[1-9][0-9]*$ ]] || [ $# -eq 0 ]; then
  usage
fi
if [[ " $* " != *" --sprt "* ]]; then
  echo "the match arguments need --sprt ELO0 ELO1 ALPHA BETA" >&2
  exit 2
fi
mkdir -p "$out"

next=1
while :; do
  # Shards already played (a resumed driver) are skipped.
  while [ "$next" -le "$shards" ] && [ -e "$out/shard-$next.jsonl" ]; do
    next=$((next + 1))
  done
  if [ "$next" -gt "$shards" ]; then break; fi
  last=$((next + batch - 1))
  if [ "$last" -gt "$shards" ]; then last="$shards"; fi
  echo "== shards $next-$last of $shards" >&2
  if [ "$slurm" -eq 1 ]; then
    TAIKYOKU="$taikyoku" OUT="$out" SHARDS="$shards" \
      sbatch --wait --array="$((next - 1))-$((last - 1))" --output="$out/slurm-%A_%a.out" \
      "$here/match-slurm.sbatch" "$@" >&2 || echo "warning: a task of the array failed" >&2
  else
    "$here/match-shards-parallel.sh" -n "$shards" -r "$next-$last" -M -o "$out" \
      -t "$taikyoku" "${popts[@]}" -- "$@" || echo "warning: a shard failed" >&2
  fi
  "$taikyoku" match merge "$out"/shard-*.jsonl > "$out/merge-$last.txt"
  cat "$out/merge-$last.txt"
  if grep -q "was accepted" "$out/merge-$last.txt"; then
    grep "^LLR:" "$out/merge-$last.txt" | sed "s/^/SPRT decided after $last of $shards shards: /"
    exit 0
  fi
  next=$((last + 1))
done
files=("$out"/shard-*.jsonl)
"$taikyoku" match merge "${files[@]}"
echo "no SPRT decision after all $shards shards" >&2
exit 3
