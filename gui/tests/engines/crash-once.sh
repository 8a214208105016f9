#!/bin/sh
# Crashes when first asked to move (leaving the file `$1` behind); started again, it is the
# scripted engine playing the remaining arguments.
marker="$1"
shift
if [ -e "$marker" ]; then
  exec sh "$(dirname "$0")/scripted.sh" "$@"
fi
while read -r line; do
  case "$line" in
    usi) echo "id name crash-once"; echo "usiok" ;;
    isready) echo "readyok" ;;
    go*) : > "$marker"; exit 3 ;;
    quit) exit 0 ;;
  esac
done
