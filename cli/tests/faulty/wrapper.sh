#!/usr/bin/env bash
# A wrapper script, as engines are often started: it runs the real engine (the rest of its
# arguments) as its child, not with exec, after writing the child's process id to the file
# named by its first argument. Killing only the wrapper would leave the engine running.
pidfile=$1
shift
"$@" 0<&0 &
echo $! > "$pidfile"
wait
