#!/usr/bin/env bash
# A USI engine that completes the handshake, then answers every `go` with an illegal move.
while read -r line; do
  case "$line" in
    usi) echo "id name illegal"; echo "usiok" ;;
    isready) echo "readyok" ;;
    go*) echo "bestmove 1a1a" ;;
    quit) exit 0 ;;
  esac
done
