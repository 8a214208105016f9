#!/bin/sh
# A USI engine for the GUI's tests: completes the handshake (offering USI_Variant), answers
# each `go` with an `info` line and then the next of its arguments as its move (`resign` when
# none is left); `go infinite` reports one `info` line and waits for `stop`.
while read -r line; do
  case "$line" in
    usi) echo "id name scripted"; echo "option name USI_Variant type string default taikyoku"; echo "usiok" ;;
    isready) echo "readyok" ;;
    "go infinite"*) echo "info depth 1 score cp 7 nodes 42 nps 4200 time 10 pv ${1:-resign}"; infinite=1 ;;
    go*)
      echo "info depth 1 seldepth 2 score cp 5 nodes 10 time 1 pv ${1:-resign}"
      echo "bestmove ${1:-resign}"
      [ $# -gt 0 ] && shift ;;
    stop) if [ -n "$infinite" ]; then echo "bestmove ${1:-resign}"; infinite=; fi ;;
    quit) exit 0 ;;
  esac
done
