#!/usr/bin/env bash
# A USI engine that sends a `bestmove` before it is asked to move (on `usinewgame`, so that it is
# there before the runner sends `go`), then answers every `go` with another.
while read -r line; do
  case "$line" in
    usi) echo "id name early"; echo "usiok" ;;
    isready) echo "readyok" ;;
    usinewgame) echo "bestmove 1a1a" ;;
    go*) echo "bestmove 1a1a" ;;
    quit) exit 0 ;;
  esac
done
