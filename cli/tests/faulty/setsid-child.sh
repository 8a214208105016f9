#!/usr/bin/env bash
# A USI engine that, asked to move, starts a child in a session of its own (`setsid`: it leaves
# the engine's process group; its process id is appended to the file `$1`), then answers with an
# illegal move. Killing the engine's group does not reach the child.
pidfile=$1
while read -r line; do
  case "$line" in
    usi) echo "id name setsid-child"; echo "usiok" ;;
    isready) echo "readyok" ;;
    go*) setsid sleep 1000 & echo $! >> "$pidfile"; echo "bestmove 1a1a" ;;
    quit) exit 0 ;;
  esac
done
