#!/bin/sh
# A USI engine for the GUI's tests that offers Skill Level and writes every line it reads to the
# file named by its first argument; each `go` is answered by the next further argument as its
# move (`resign` when none is left).
log="$1"; shift
while read -r line; do
  echo "$line" >> "$log"
  case "$line" in
    usi) echo "id name skilled"; echo "option name USI_Variant type string default taikyoku"
         echo "option name Skill Level type spin default 20 min 0 max 20"; echo "usiok" ;;
    isready) echo "readyok" ;;
    go*)
      echo "info depth 1 score cp 5 nodes 10 time 1 pv ${1:-resign}"
      echo "bestmove ${1:-resign}"
      [ $# -gt 0 ] && shift ;;
    quit) exit 0 ;;
  esac
done
