#!/usr/bin/env bash
# A CECP engine that completes the handshake, then answers `go` with thinking output without end
# (and never a move).
while read -r line; do
  case "$line" in
    protover*) echo "feature myname=\"flood\" usermove=1 ping=1 setboard=1 done=1" ;;
    ping*) echo "pong ${line#ping }" ;;
    go) exec yes "1 0 1 1 a1a2" ;;
    quit) exit 0 ;;
  esac
done
