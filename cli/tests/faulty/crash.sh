#!/usr/bin/env bash
# A USI engine that completes the handshake, then dies when asked to move.
while read -r line; do
  case "$line" in
    usi) echo "id name crash"; echo "usiok" ;;
    isready) echo "readyok" ;;
    go*) echo "info string about to crash"; exit 3 ;;
    quit) exit 0 ;;
  esac
done
