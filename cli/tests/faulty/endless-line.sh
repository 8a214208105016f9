#!/usr/bin/env bash
# A USI engine that completes the handshake, then answers `go` with one line that never ends.
while read -r line; do
  case "$line" in
    usi) echo "id name endless"; echo "usiok" ;;
    isready) echo "readyok" ;;
    go*) printf 'info string '; exec tr '\0' 'x' < /dev/zero ;;
    quit) exit 0 ;;
  esac
done
