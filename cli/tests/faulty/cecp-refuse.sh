#!/bin/sh
# A CECP engine that refuses every move it is sent (`Illegal move`), as an engine with other
# rules would; as the first player it plays nothing but never needs to before being refused.
while read -r line; do
  case "$line" in
    protover*) echo 'feature usermove=1 ping=1 setboard=1 done=1' ;;
    ping*) echo "pong ${line#ping }" ;;
    usermove*) echo "Illegal move: ${line#usermove }" ;;
    go) echo "resign" ;;
    quit) exit 0 ;;
  esac
done
