#!/usr/bin/env bash
# Regenerate tests/fixtures/guard-saves.tar.xz: 200 simulated games (eager policy, 1 to 9 players,
# capped at 4,000 actions) saved as they were played. tests/engine/test_guard_saves.py replays every
# one and checks its digests, so any change to the engine that alters a game shows up at once.
# Run this only when the rules change on purpose, and commit the archive with that change.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${BIN:-.venv/bin}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for players in 1 2 3 4 5 6 7 8 9; do
  games=22
  [ "$players" -le 2 ] && games=23   # 2 x 23 + 7 x 22 = 200
  "$bin/rainboard" sim --games "$games" --seed "$players" --players "$players" --policy eager \
    --cap 4000 --save-dir "$work" > "$work/sim-$players.log"
  tail -n 1 "$work/sim-$players.log" | grep -q "saves: $games written" || { cat "$work/sim-$players.log"; exit 1; }
done
rm "$work"/*.log
(cd "$work" && tar -cJf guard-saves.tar.xz --sort=name --owner=0 --group=0 --mtime=@0 sim-*.json)
mv "$work/guard-saves.tar.xz" tests/fixtures/guard-saves.tar.xz
echo "wrote tests/fixtures/guard-saves.tar.xz ($(ls "$work" | wc -l) saves)"
