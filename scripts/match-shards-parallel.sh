#!/usr/bin/env bash
# Plays one `taikyoku match` as N shards under GNU parallel, on this machine's job slots or on
# other machines over ssh (-S), then merges the shards' results into one report.
# Docs: docs/distributed.md.
#
# Usage:
#   scripts/match-shards-parallel.sh -n SHARDS [-r FIRST-LAST] [-j JOBS] [-S HOSTS]
#       [-B FILE]... [-o DIR] [-t TAIKYOKU] [-M] -- MATCH-ARGUMENTS...
#
#   -n SHARDS      how many shards the match is divided into (--shard K/SHARDS)
#   -r FIRST-LAST  run only shards FIRST to LAST (1-based; default all): a batch of them
#   -j JOBS        shards run at once on each host (GNU parallel's -j; default: one per core).
#                  Each shard plays --concurrency games at once (1 unless the match arguments
#                  say otherwise), so JOBS x concurrency x 2 engine processes run per host.
#   -S HOSTS       GNU parallel's -S: ssh logins, e.g. "4/alice@box1,8/box2" (N/ sets a host's
#                  job slots; ":" is this machine). The taikyoku binary and the engines'
#                  binaries must be at the same path on every host (copy or build them there
#                  first); files the match reads (the openings) are sent with -B.
#   -B FILE        a file every remote host needs, sent once to the same path relative to the
#                  remote home directory (GNU parallel's --basefile); repeatable. Give such
#                  files as relative paths in the match arguments.
#   -o DIR         where the shards' results (shard-K.jsonl), records (shard-K.txt) and logs
#                  (shard-K.log) go, a relative path (default: shards); with -S they are
#                  brought back here from the hosts
#   -t TAIKYOKU    the taikyoku binary on every host (default: taikyoku on the PATH)
#   -M             do not merge at the end (a driver merges: scripts/sprt-batches.sh)
#
# Everything after "--" is given to `taikyoku match` as is, without --shard, --results and
# --records (this script adds them). Example, four shards on two local job slots:
#
#   scripts/match-shards-parallel.sh -n 4 -j 2 -- --variant dai-dai \
#     --engine "cmd=$PWD/target/release/taikyoku name=d2 depth=2" \
#     --engine "cmd=$PWD/target/release/taikyoku name=d1 depth=1" \
#     --games 40 --openings openings.txt --seed 1
#
# Exits with GNU parallel's status when a shard failed (after merging what there is), else
# with the merge's.
set -euo pipefail

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//' >&2
  exit 2
}

shards=""
range=""
jobs=""
hosts=""
out="shards"
taikyoku="taikyoku"
merge=1
basefiles=()
while getopts "n:r:j:S:B:o:t:Mh" opt; do
  case "$opt" in
    n) shards="$OPTARG" ;;
    r) range="$OPTARG" ;;
    j) jobs="$OPTARG" ;;
    S) hosts="$OPTARG" ;;
    B) basefiles+=("$OPTARG") ;;
    o) out="$OPTARG" ;;
    t) taikyoku="$OPTARG" ;;
    M) merge=0 ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
if [ "${1:-}" = "--" ]; then shift; fi
if ! [[ "$shards" =~ ^[1-9][0-9]*$ ]] || [ $# -eq 0 ]; then usage; fi
first=1
last="$shards"
if [ -n "$range" ]; then
  if ! [[ "$range" =~ ^([0-9]+)-([0-9]+)$ ]]; then usage; fi
  first="${BASH_REMATCH[1]}"
  last="${BASH_REMATCH[2]}"
  if [ "$first" -lt 1 ] || [ "$last" -gt "$shards" ] || [ "$first" -gt "$last" ]; then
    echo "shards $range are not within 1-$shards" >&2
    exit 2
  fi
fi
if ! command -v parallel >/dev/null; then
  echo "GNU parallel is not installed (Debian: apt-get install parallel)" >&2
  exit 2
fi
mkdir -p "$out"

# One shard's command, run by GNU parallel's shell on the host ({} is the shard's number).
# Every argument is quoted for that shell.
match=$(printf '%q ' "$taikyoku" match "$@")
shard_cmd="mkdir -p $(printf '%q' "$out") && $match --shard {}/$shards \
--results $(printf '%q' "$out")/shard-{}.jsonl --records $(printf '%q' "$out")/shard-{}.txt \
> $(printf '%q' "$out")/shard-{}.log 2>&1"

popts=(--joblog "$out/joblog-$first-$last" --halt never)
if [ -n "$jobs" ]; then popts+=(-j "$jobs"); fi
if [ -n "$hosts" ]; then
  popts+=(-S "$hosts" --return "$out/shard-{}.jsonl" --return "$out/shard-{}.txt"
    --return "$out/shard-{}.log" --cleanup)
  for f in "${basefiles[@]}"; do popts+=(--basefile "$f"); done
fi

status=0
parallel "${popts[@]}" "$shard_cmd" ::: $(seq "$first" "$last") || status=$?
if [ "$status" -ne 0 ]; then
  echo "warning: $status shard(s) failed; see $out/joblog-$first-$last and $out/shard-K.log" >&2
fi
if [ "$merge" -eq 1 ]; then
  files=("$out"/shard-*.jsonl)
  "$taikyoku" match merge "${files[@]}" || exit $?
fi
exit "$status"
