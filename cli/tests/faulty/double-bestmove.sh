#!/usr/bin/env bash
# An engine (the arguments: a real one) whose every `bestmove` line comes twice.
"$@" | sed -u 's/^bestmove .*/&\n&/'
