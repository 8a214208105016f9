#!/usr/bin/env bash
# A program that never answers the USI handshake.
while read -r line; do
  :
done
