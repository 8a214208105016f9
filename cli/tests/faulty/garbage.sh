#!/usr/bin/env bash
# A USI engine whose `bestmove` line has no move.
while read -r line; do
  case "$line" in
    usi) echo "id name garbage"; echo "usiok" ;;
    isready) echo "readyok" ;;
    go*) echo "bestmove" ;;
    quit) exit 0 ;;
  esac
done
