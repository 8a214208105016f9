#!/bin/sh
# XBoard (under a virtual X server) referees a chu shogi game between our engine, speaking CECP
# (it switches to CECP when its first command is `xboard`), and HaChu. Saves the game (PGN) and
# screenshots part-way and at the end.
#
#   scripts/xboard-vs-hachu.sh [OUTDIR]
#
# Environment: TAIKYOKU (engine binary, default target/release/taikyoku, else target/debug),
# HACHU (/usr/games/hachu), TC (XBoard -tc, minutes or M:SS, default 2), INC (seconds, default
# 2), FIRST (taikyoku|hachu: who plays first, default taikyoku), MIDWAY (seconds before the
# part-way screenshot, default 60), MAXTIME (seconds before giving up, default 1800).
# Needs: xboard, xvfb (xvfb-run), imagemagick (import) - Debian: apt-get install xboard hachu
# xvfb imagemagick.
set -eu
PATH=$PATH:/usr/games

out=${1:-xboard-vs-hachu}
mkdir -p "$out"
out=$(cd "$out" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
eng=${TAIKYOKU:-}
if [ -z "$eng" ]; then
  if [ -x "$root/target/release/taikyoku" ]; then eng=$root/target/release/taikyoku
  else eng=$root/target/debug/taikyoku; fi
fi
hachu=${HACHU:-/usr/games/hachu}
tc=${TC:-2}
inc=${INC:-2}
midway=${MIDWAY:-60}
maxtime=${MAXTIME:-1800}
for tool in xboard xvfb-run import; do
  command -v "$tool" >/dev/null || { echo "missing: $tool" >&2; exit 2; }
done
[ -x "$eng" ] || { echo "no engine at $eng (cargo build --release)" >&2; exit 2; }
[ -x "$hachu" ] || { echo "no HaChu at $hachu" >&2; exit 2; }

if [ "${FIRST:-taikyoku}" = hachu ]; then
  fcp=$hachu; fn=HaChu; scp=$eng; sn=taikyoku
else
  fcp=$eng; fn=taikyoku; scp=$hachu; sn=HaChu
fi
pgn=$out/game.pgn
rm -f "$pgn" "$out"/*.png "$out/xboard.debug"

# Run inside the virtual display: XBoard in match mode (one game, then exit), the part-way
# screenshot, then a final one as soon as the saved game has a result.
cat > "$out/inner.sh" <<INNER
#!/bin/sh
xboard -xncp -variant chu -testLegality true -trivialDraws false -materialDraws false \\
  -fcp "$fcp" -fd "$out" -fn "$fn" -scp "$scp" -sd "$out" -sn "$sn" \\
  -tc $tc -inc $inc -xponder -mm -mg 1 -saveGameFile "$pgn" \\
  -debug -nameOfDebugFile "$out/xboard.debug" >"$out/xboard.stderr" 2>&1 &
xb=\$!
sleep $midway
import -window root "$out/midway.png" || true
t=$midway
while kill -0 \$xb 2>/dev/null && [ \$t -lt $maxtime ]; do
  if [ -s "$pgn" ] && grep -q '^\[Result "[^*]' "$pgn"; then break; fi
  sleep 5; t=\$((t + 5))
done
import -window root "$out/final.png" || true
sleep 2
kill \$xb 2>/dev/null || true
wait \$xb 2>/dev/null || true
INNER
chmod +x "$out/inner.sh"
xvfb-run -a -s "-screen 0 1024x1024x24" "$out/inner.sh"
echo "game: $pgn"
echo "screenshots: $out/midway.png $out/final.png"
echo "XBoard log: $out/xboard.debug"
[ -s "$pgn" ] && grep -E '^\[(White|Black|Result|Termination)' "$pgn" || true
