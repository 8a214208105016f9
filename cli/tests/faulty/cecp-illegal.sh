#!/bin/sh
# A CECP engine that completes the handshake, then answers every `go` with a move in two
# `move` lines (the first ending in a comma) that names no legal move.
while read -r line; do
  case "$line" in
    protover*)
      echo 'feature myname="cecp-illegal" usermove=1 ping=1 setboard=1'
      echo 'feature variants="daidai,maka,chu,ko,taikyoku" done=1' ;;
    ping*) echo "pong ${line#ping }" ;;
    go) echo "move z0z0,"; echo "move z1z1" ;;
    quit) exit 0 ;;
  esac
done
