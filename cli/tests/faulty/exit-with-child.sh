#!/usr/bin/env bash
# A USI engine that, asked to move, starts a child that keeps its output open (appending the
# child's process id to the file `$1`) and exits: its output stays open, its process is gone.
pidfile=$1
while read -r line; do
  case "$line" in
    usi) echo "id name exit-with-child"; echo "usiok" ;;
    isready) echo "readyok" ;;
    go*) sleep 1000 & echo $! >> "$pidfile"; exit 3 ;;
    quit) exit 0 ;;
  esac
done
