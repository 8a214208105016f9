#!/bin/sh
# A USI engine that completes the handshake, then never answers `go` (nor `stop`).
while read -r line; do
  case "$line" in
    usi) echo "id name stall"; echo "usiok" ;;
    isready) echo "readyok" ;;
    quit) exit 0 ;;
  esac
done
