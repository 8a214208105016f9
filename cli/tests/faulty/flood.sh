#!/usr/bin/env bash
# A USI engine that completes the handshake, then answers `go` with `info` lines without end
# (and never a move).
while read -r line; do
  case "$line" in
    usi) echo "id name flood"; echo "usiok" ;;
    isready) echo "readyok" ;;
    go*) exec yes "info depth 1 seldepth 1 score cp 0 nodes 1 nps 1 time 1 pv" ;;
    quit) exit 0 ;;
  esac
done
