#!/usr/bin/env bash
# A USI engine that completes the handshake, then never answers `go`.
while read -r line; do
  case "$line" in
    usi) echo "id name stall"; echo "usiok" ;;
    isready) echo "readyok" ;;
    go*) exec sleep 3600 ;;
    quit) exit 0 ;;
  esac
done
