#!/bin/sh
# A USI engine that starts a child of its own (`sleep`, tagged by the first argument so that a
# test can find it) and ignores `quit` and the end of its input: only killing its process
# group ends it.
sh -c 'sleep 600; :' "$1" &
while :; do
  if read -r line; then
    case "$line" in
      usi) echo "id name deaf"; echo "option name USI_Variant type string default taikyoku"; echo "usiok" ;;
      isready) echo "readyok" ;;
    esac
  else
    sleep 600
  fi
done
