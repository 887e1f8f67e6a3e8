#!/bin/sh
# Install the project's dependencies (not the project: its code is copied to /app and imported from
# there) into a fresh virtual environment. Used by the Dockerfile.
#   install-python-deps.sh VENV PYPROJECT EXTRAS WHEELS
# With .whl files in WHEELS, only those are used (no network): pip itself runs from its own wheel there,
# so the base image needs neither pip nor ensurepip (Debian's python3 has neither). Otherwise pip
# installs from the index as usual.
# pip installs without compiling: compiling every module of every package was two thirds of the
# build's time; the Dockerfile compiles what web and worker import instead (by importing it).
set -eu
venv=$1 pyproject=$2 extras=$3 wheels=$4
here=$(dirname "$0")

python3 "$here/requirements.py" "$pyproject" "$extras" >/tmp/requirements.txt
if python3 -c 'import ensurepip' 2>/dev/null; then
  python3 -m venv "$venv"
else
  python3 -m venv --without-pip "$venv"
fi
if ls "$wheels"/*.whl >/dev/null 2>&1; then
  pip_wheel=$(ls "$wheels"/pip-*.whl 2>/dev/null | head -n 1)
  [ -n "$pip_wheel" ] || { echo "no pip wheel in $wheels (docker/build-offline.sh downloads one)" >&2; exit 1; }
  "$venv/bin/python" "$pip_wheel/pip" install --no-cache-dir --no-compile --disable-pip-version-check --no-index \
    --find-links "$wheels" -r /tmp/requirements.txt
else
  "$venv/bin/python" -m pip install --no-cache-dir --no-compile --disable-pip-version-check -r /tmp/requirements.txt
  "$venv/bin/python" -m pip uninstall --yes --disable-pip-version-check pip setuptools 2>/dev/null || true
fi
rm -f /tmp/requirements.txt
