#!/bin/sh
# The system packages the app image adds to its base: bubblewrap (the worker's sandboxes).
#   install-system-deps.sh DEBS
# With .deb files in DEBS (docker/build-offline.sh downloads them with the host's apt), those are
# installed with dpkg and nothing is fetched; otherwise apt-get installs them from the network.
set -eu
debs=$1
if ls "$debs"/*.deb >/dev/null 2>&1; then
  dpkg -i "$debs"/*.deb
else
  apt-get update
  # setpriv (the sandbox drops to its user with it) is its own package on newer Debian releases.
  extra=$(apt-cache show setpriv >/dev/null 2>&1 && echo setpriv || true)
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends bubblewrap $extra
  rm -rf /var/lib/apt/lists/*
fi
bwrap --version
setpriv --version
