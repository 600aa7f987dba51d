#!/usr/bin/env bash
# Fetches Solvitaire's public source and builds its solver, outside the project, for
# benchmarks/klondike_vs_solvitaire.py. Solvitaire is not part of the project and nothing of it is copied in.
#
#   scripts/build_solvitaire.sh [FOLDER]     (default ~/.cache/accessible-cards/solvitaire)
#
# Leaves the source in FOLDER/src and the program in FOLDER/solvitaire; run again, it builds only what is
# missing. SOLVITAIRE_SOURCE names another place to clone from (a local copy, a mirror). It compiles with g++
# and boost program_options directly: Solvitaire's own CMake build also downloads googletest for its tests.
set -euo pipefail

folder="${1:-$HOME/.cache/accessible-cards/solvitaire}"
source_url="${SOLVITAIRE_SOURCE:-https://github.com/thecharlesblake/Solvitaire}"

missing=()
command -v git >/dev/null || missing+=("git")
command -v g++ >/dev/null || missing+=("g++ (apt-get install g++)")
if ! echo '#include <boost/program_options.hpp>' | g++ -x c++ -fsyntax-only - 2>/dev/null; then
    missing+=("boost program_options (apt-get install libboost-program-options-dev)")
fi
if ((${#missing[@]})); then
    echo "build_solvitaire: Solvitaire needs what is not here: ${missing[*]}." >&2
    exit 1
fi

mkdir -p "$folder"
if [[ ! -d "$folder/src/.git" ]]; then
    echo "build_solvitaire: fetching $source_url into $folder/src"
    if ! git clone --quiet "$source_url" "$folder/src"; then
        echo "build_solvitaire: could not fetch $source_url; set SOLVITAIRE_SOURCE to a copy of it." >&2
        exit 1
    fi
fi

if [[ -x "$folder/solvitaire" ]]; then
    echo "build_solvitaire: $folder/solvitaire is built ($(git -C "$folder/src" rev-parse --short HEAD))"
    exit 0
fi

echo "build_solvitaire: compiling (about a minute)"
cd "$folder/src"
mapfile -t sources < <(find src/main -name '*.cpp' | sort)
g++ -std=c++14 -O3 -DNDEBUG -Ilib/rapidjson -o "$folder/solvitaire.part" "${sources[@]}" \
    -lboost_program_options 2>"$folder/build.log" || {
    echo "build_solvitaire: the compile failed; see $folder/build.log" >&2
    exit 1
}
mv "$folder/solvitaire.part" "$folder/solvitaire"
echo "build_solvitaire: built $folder/solvitaire ($(git rev-parse --short HEAD));" \
    "run benchmarks/klondike_vs_solvitaire.py --solvitaire $folder/solvitaire"
