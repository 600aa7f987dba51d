#!/usr/bin/env bash
# Idempotent set-up: Debian packages, the .venv, the package, and the Debian-only Python modules.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf 'setup: %s\n' "$*"; }

# Debian packages the project needs (speech, braille); see docs/ for what each is for.
PACKAGES=(
    liblouis20 liblouis-data liblouis-bin python3-louis
    espeak-ng libespeak-ng1 alsa-utils
    speech-dispatcher speech-dispatcher-espeak-ng libao4 python3-speechd
    brltty python3-brlapi
)

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
    for pkg in "${PACKAGES[@]}"; do
        status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
        [ "$status" = "install ok installed" ] || missing+=("$pkg")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        say "installing Debian packages: ${missing[*]}"
        as_root=()
        if [ "$(id -u)" -ne 0 ]; then
            if command -v sudo >/dev/null 2>&1; then as_root=(sudo); else
                say "not root and no sudo: install these yourself, then run make setup again: ${missing[*]}"; exit 1
            fi
        fi
        export DEBIAN_FRONTEND=noninteractive
        "${as_root[@]}" apt-get update -q
        "${as_root[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
    else
        say "Debian packages present"
    fi
else
    say "no dpkg here (not Debian or Ubuntu): install liblouis and espeak-ng with your system's packages; going on"
fi

# Python 3.11 or newer for the venv.
PYTHON=${PYTHON:-}
if [ -z "$PYTHON" ]; then
    for candidate in python3 python3.13 python3.12 python3.11; do
        if command -v "$candidate" >/dev/null 2>&1 &&
            "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
            PYTHON=$candidate; break
        fi
    done
fi
if [ -z "$PYTHON" ]; then
    say "Python 3.11 or newer is needed; installing Debian's python3 and python3-venv"
    as_root=(); [ "$(id -u)" -ne 0 ] && as_root=(sudo)
    "${as_root[@]}" apt-get install -y -q python3 python3-venv
    PYTHON=python3
fi

if [ ! -x .venv/bin/python ] || ! .venv/bin/python -c 'import sys' >/dev/null 2>&1; then
    say "creating .venv with $($PYTHON --version)"
    rm -rf .venv
    "$PYTHON" -m venv .venv
fi

stamp=.venv/.installed
want=$(cat pyproject.toml | sha256sum | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    say "installing the package (editable) with its test tools into .venv"
    .venv/bin/python -m pip install -q --upgrade pip
    .venv/bin/python -m pip install -q -e '.[test]'
    echo "$want" > "$stamp"
else
    say "package installed in .venv"
fi

# Link Debian-only modules (liblouis' binding, later BrlAPI and speech-dispatcher's client) into the venv.
dist=/usr/lib/python3/dist-packages
links=.venv/debian-modules
mkdir -p "$links"
linked=()
for module in louis brlapi speechd; do
    for path in "$dist/$module" "$dist/$module".cpython-*.so "$dist/$module.py"; do
        if [ -e "$path" ]; then
            ln -sfn "$path" "$links/$(basename "$path")"
            linked+=("$module")
        fi
    done
done
site=$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
echo "$(pwd)/$links" > "$site/debian-modules.pth"
if [ ${#linked[@]} -gt 0 ]; then
    say "linked Debian modules into .venv: $(printf '%s\n' "${linked[@]}" | sort -u | tr '\n' ' ')"
else
    say "no Debian Python modules found to link (braille will be off)"
fi
say "ready"
