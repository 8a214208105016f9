#!/bin/sh
# A USI engine for the GUI's clock and analysis tests. It offers MultiPV; each `go` for a move
# is reported back as `info string go ...` and answered with the next of its arguments (with
# none left it never answers: its flag falls); `go infinite` reports as many lines as MultiPV
# asks (pawn moves of chu's start, best first; with two, then a deeper best line) and waits for
# `stop`.
multipv=1
while read -r line; do
  case "$line" in
    usi)
      echo "id name lines"
      echo "option name USI_Variant type string default taikyoku"
      echo "option name MultiPV type spin default 1 min 1 max 32"
      echo "usiok" ;;
    isready) echo "readyok" ;;
    "setoption name MultiPV value "*) multipv=${line##* } ;;
    "go infinite"*)
      k=1
      for f in 3 5 6 7; do
        if [ "$k" -le "$multipv" ]; then
          echo "info depth 2 seldepth 3 multipv $k score cp $((50 - k)) nodes 10 time 1 pv ${f}i${f}h 3d3e"
        fi
        k=$((k + 1))
      done
      # With two lines, a deeper iteration whose best move was the second line's.
      if [ "$multipv" = 2 ]; then
        echo "info depth 3 seldepth 4 multipv 1 score cp 60 nodes 20 time 2 pv 5i5h 3d3e"
      fi
      waiting=1 ;;
    go*)
      echo "info string $line"
      if [ $# -gt 0 ]; then echo "bestmove $1"; shift; else waiting=1; fi ;;
    stop) if [ -n "$waiting" ]; then echo "bestmove resign"; waiting=; fi ;;
    quit) exit 0 ;;
  esac
done
