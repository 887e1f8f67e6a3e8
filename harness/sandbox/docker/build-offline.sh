#!/usr/bin/env bash
# Build the sandbox image (stepwise-sandbox:latest) without any image registry: debootstrap a minimal
# Debian bookworm with python3, pytest and pexpect from the Debian mirror, then `docker import` it.
# The Dockerfile next to this script builds the same image where a registry can be reached.
#
#   harness/sandbox/docker/build-offline.sh [--if-missing] [--image NAME] [--mirror URL] [--print-mirror]
#
# --if-missing: exit 0 at once when the image already exists (scripts/services calls it this way).
# The Debian mirror is the machine's own: the first enabled `deb` source for the suite in its apt
# configuration (sources.list, sources.list.d/*.list, sources.list.d/*.sources), unless --mirror or
# DEBIAN_MIRROR names one; --print-mirror prints the one chosen and exits.
# Needs root, debootstrap and a running Docker engine. Environment: STEPWISE_SANDBOX_IMAGE,
# DEBIAN_MIRROR, STEPWISE_APT_DIR (where the apt configuration is read; default /etc/apt).
set -euo pipefail

image=${STEPWISE_SANDBOX_IMAGE:-stepwise-sandbox:latest}
mirror=${DEBIAN_MIRROR:-}
apt_dir=${STEPWISE_APT_DIR:-/etc/apt}
suite=bookworm
if_missing=0
print_mirror=0
log() { printf '[build-offline] %s\n' "$*"; }
die() { printf '[build-offline] error: %s\n' "$*" >&2; exit 1; }

while (($#)); do
  case $1 in
    --if-missing) if_missing=1 ;;
    --image) image=${2:?--image needs a name}; shift ;;
    --mirror) mirror=${2:?--mirror needs a URL}; shift ;;
    --print-mirror) print_mirror=1 ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option $1 (see --help)" ;;
  esac
  shift
done

# The URI of the first enabled `deb` source whose suite is exactly $suite (not -updates or -security),
# from one-line files (deb [options] URI SUITE COMPONENT...) and deb822 files (Types/URIs/Suites).
apt_mirror() {
  local files=()
  [ -f "$apt_dir/sources.list" ] && files+=("$apt_dir/sources.list")
  local f
  for f in "$apt_dir"/sources.list.d/*.list "$apt_dir"/sources.list.d/*.sources; do
    [ -f "$f" ] && files+=("$f")
  done
  ((${#files[@]})) || return 0
  awk -v suite="$suite" '
    function flush() {
      if (!found && types ~ /(^| )deb( |$)/ && enabled !~ /^(no|false)$/ && uris != "")
        for (i = 1; i <= split(suites, s, " "); i++) if (s[i] == suite) { split(uris, u, " "); print u[1]; found = 1; exit }
      types = uris = suites = enabled = ""
    }
    FNR == 1 { flush() }
    FILENAME ~ /\.sources$/ {
      if ($0 ~ /^[ \t]*$/) { flush(); next }
      if ($0 ~ /^#/) next
      key = tolower($1); sub(/:$/, "", key); $1 = ""; sub(/^ +/, "")
      if (key == "types") types = $0; else if (key == "uris") uris = $0
      else if (key == "suites") suites = $0; else if (key == "enabled") enabled = tolower($0)
      next
    }
    $1 == "deb" {
      n = 2
      if ($2 ~ /^\[/) { while (n <= NF && $n !~ /\]$/) n++; n++ }
      if ($(n + 1) == suite) { print $n; found = 1; exit }
    }
    END { flush() }
  ' "${files[@]}"
}

if [ -z "$mirror" ]; then
  mirror=$(apt_mirror)
  [ -n "$mirror" ] || die "no enabled 'deb' source for $suite in $apt_dir (sources.list, sources.list.d/*.list or *.sources); pass --mirror URL"
fi
if [ "$print_mirror" = 1 ]; then
  printf '%s\n' "$mirror"
  exit 0
fi

command -v docker >/dev/null 2>&1 || die "docker is not installed (Debian: apt-get install docker.io)"
docker info >/dev/null 2>&1 || die "the Docker engine is not running; start it with scripts/services"
if [ "$if_missing" = 1 ] && docker image inspect "$image" >/dev/null 2>&1; then
  log "$image is already there"
  exit 0
fi
[ "$(id -u)" = 0 ] || die "debootstrap needs root; run this script as root (or with sudo)"
command -v debootstrap >/dev/null 2>&1 || die "debootstrap is not installed (Debian: apt-get install debootstrap)"

rootfs=$(mktemp -d /var/tmp/stepwise-rootfs.XXXXXX)
trap 'rm -rf "$rootfs"' EXIT
log "debootstrap $suite from $mirror into $rootfs (a few minutes)"
debootstrap --variant=minbase --include=python3,python-is-python3,python3-pytest,python3-pexpect,procps \
  "$suite" "$rootfs" "$mirror" >"$rootfs.log" 2>&1 || { tail -n 20 "$rootfs.log" >&2; rm -f "$rootfs.log"; die "debootstrap failed (is $mirror reachable?)"; }
rm -f "$rootfs.log"

# mktemp made the folder 0700; as the image's / that would lock the sandbox user out of everything.
chmod 0755 "$rootfs"
# What the sandbox mounts over, and nothing it does not need.
mkdir -p "$rootfs/workspace" "$rootfs/opt/stepwise/lib" "$rootfs/opt/stepwise/deps" "$rootfs/opt/stepwise/out" \
  "$rootfs/run/stepwise"
chmod 1777 "$rootfs/workspace" "$rootfs/run/stepwise"
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/usr/share/doc/* \
  "$rootfs"/usr/share/man/* "$rootfs"/usr/share/locale/*

log "importing as $image"
tar -C "$rootfs" --numeric-owner -c . | docker import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV LANG=C.UTF-8 HOME=/tmp PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1' \
  --change 'ENV PYTHONPATH=/opt/stepwise/deps' \
  --change 'WORKDIR /workspace' \
  --change 'USER 65534:65534' \
  --change 'CMD ["python3"]' \
  - "$image" >/dev/null
docker run --rm --network none "$image" python -c 'import pytest, pexpect; print("pytest", pytest.__version__)' \
  || { docker image rm "$image" >/dev/null 2>&1; die "the imported image cannot run python3 with pytest and pexpect"; }
log "built $image"
