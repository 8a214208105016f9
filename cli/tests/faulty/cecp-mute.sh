#!/bin/sh
# A program that never answers anything: taken for a protocol-1 CECP engine after two seconds,
# it then never moves.
while read -r line; do
  :
done
