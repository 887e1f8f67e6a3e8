#!/usr/bin/env bash
# Build the app image (stepwise:latest) where no image registry can be reached. The base is the sandbox
# image built offline (harness/sandbox/docker/build-offline.sh: debootstrap + docker import; it is built
# first when missing), so the Debian root file system and its python3 are made once and shared. Into
# docker/offline/ go the project's wheels (pip download, with this machine's pip configuration) and the
# bubblewrap .deb (apt-get download, with its apt configuration); the build itself runs with no network.
#
#   docker/build-offline.sh [--image NAME] [--base IMAGE] [--extras LIST] [--no-cache] [--print-inputs]
#
# An image whose inputs (base image, Dockerfile, the code it copies, extras) hash the same as this
# tree's is reused as it is (--no-cache: build every layer and download the wheels again);
# --print-inputs prints that hash and exits. Needs a running Docker engine
# (scripts/services starts one) and root for the base image's debootstrap and apt-get download. Builds from
# one checkout wait for each other (build/app-image.lock).
# Environment: STEPWISE_APP_IMAGE, STEPWISE_SANDBOX_IMAGE, STEPWISE_PYTHON (the pip that downloads).
set -euo pipefail
cd "$(dirname "$0")/.."

image=${STEPWISE_APP_IMAGE:-stepwise:latest}
base=${STEPWISE_SANDBOX_IMAGE:-stepwise-sandbox:latest}
extras=web,sandbox
python=${STEPWISE_PYTHON:-}
print_inputs=0
no_cache=0
log() { printf '[app-image] %s\n' "$*"; }
die() { printf '[app-image] error: %s\n' "$*" >&2; exit 1; }

while (($#)); do
  case $1 in
    --image) image=${2:?--image needs a name}; shift ;;
    --base) base=${2:?--base needs an image}; shift ;;
    --extras) extras=${2:?--extras needs a list such as web,sandbox}; shift ;;
    --print-inputs) print_inputs=1 ;;
    --no-cache) no_cache=1 ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown option $1 (see --help)" ;;
  esac
  shift
done
[[ $extras =~ ^[a-z0-9_,-]+$ ]] || die "--extras takes names separated by commas (e.g. web,sandbox), got '$extras'"
if [ -z "$python" ]; then
  if [ -x .venv/bin/python ]; then python=.venv/bin/python; else python=python3; fi
fi

command -v docker >/dev/null 2>&1 || die "docker is not installed (Debian: apt-get install docker.io)"
docker info >/dev/null 2>&1 || die "the Docker engine is not running; start it with scripts/services"
# One build at a time per checkout (two test workers may ask at once; the second then finds the image
# current): they share docker/offline/ and the image names.
mkdir -p build
exec 9>build/app-image.lock
flock 9
harness/sandbox/docker/build-offline.sh --if-missing --image "$base" >&2 \
  || die "the base image $base could not be built (see above)"

# What the Dockerfile reads, file by file (tracked and new files; nothing git ignores).
inputs() {
  docker image inspect -f '{{.Id}}' "$base"
  echo "extras=$extras"
  git ls-files -z --cached --others --exclude-standard -- Dockerfile .dockerignore docker/*.sh pyproject.toml \
      README.md manage.py openenv.yaml static corpus harness validation training webapp server \
    | sort -z | xargs -0 -r sha256sum 2>/dev/null || true
}
hash=$(inputs | sha256sum | cut -c1-16)
if [ "$print_inputs" = 1 ]; then
  echo "$hash"
  exit 0
fi
if [ "$no_cache" = 0 ] && [ "$(docker image inspect -f '{{index .Config.Labels "org.stepwise.inputs"}}' "$image" 2>/dev/null)" = "$hash" ]; then
  log "$image is current (inputs $hash)"
  exit 0
fi

start=$(date +%s)
wheels=docker/offline/wheels
# The base's python decides the wheels (tags and markers such as python_full_version < "3.11.3").
base_python=$(docker run --rm --network none --entrypoint python3 "$base" -c 'import platform; print(platform.python_version())') \
  || die "the base image $base has no python3"
want="$(sha256sum pyproject.toml | cut -c1-64) $extras $base_python"
if [ "$no_cache" = 1 ] || [ "$(cat "$wheels/.inputs" 2>/dev/null)" != "$want" ]; then
  wheels_start=$(date +%s)
  log "downloading the wheels of .[$extras] into $wheels"
  find "$wheels" -mindepth 1 ! -name README -delete
  requirements=$wheels/requirements.txt
  "$python" docker/requirements.py pyproject.toml "$extras" >"$requirements"
  download() {
    "$python" -m pip download --quiet --disable-pip-version-check --only-binary=:all: \
        --python-version "$base_python" --dest "$wheels" "$@" \
        2> >(grep -v "is ignored: it is neither a file nor a directory" >&2) \
      || die "pip could not download $* (is the package index reachable?)"
  }
  download -r "$requirements" pip
  # pip evaluates markers with this machine's python, not the base's (python_full_version <
  # "3.11.3" pulls async-timeout into redis there): resolve in the base itself, offline, and fetch
  # what it still lacks.
  for _ in 1 2 3 4 5; do
    missing=$(docker run --rm --network none -v "$PWD/$wheels:/wheels:ro" --entrypoint sh "$base" -c \
      'set -- /wheels/pip-*.whl; python3 "$1/pip" download --disable-pip-version-check --no-index --find-links /wheels \
         --dest /tmp/check -r /wheels/requirements.txt 2>&1 >/dev/null' \
      | sed -n 's/.*No matching distribution found for \([^ ]*\).*/\1/p' | head -n 1) || true
    [ -z "$missing" ] && break
    log "the base also needs $missing"
    download "$missing"
  done
  [ -z "$missing" ] || die "the wheels for $base are still incomplete ($missing)"
  echo "$want" >"$wheels/.inputs"
  log "wheels downloaded in $(($(date +%s) - wheels_start)) s"
fi
debs=docker/offline/debs
if ! ls "$debs"/bubblewrap_*.deb >/dev/null 2>&1; then
  log "downloading the bubblewrap package into $debs"
  command -v apt-get >/dev/null 2>&1 || die "apt-get is needed to download bubblewrap for the image"
  (cd "$debs" && { apt-get download bubblewrap 2>/dev/null || { apt-get update -qq && apt-get download bubblewrap; }; }) \
    || die "apt-get could not download bubblewrap (run apt-get update; is the Debian mirror reachable?)"
fi
log "building $image on $base (no network)"
build_start=$(date +%s)
cache=()
[ "$no_cache" = 1 ] && cache=(--no-cache)
docker build "${cache[@]}" --network none --quiet --build-arg BASE="$base" --build-arg EXTRAS="$extras" \
  --label org.stepwise.inputs="$hash" -t "$image" . >/dev/null \
  || die "docker build failed (run it again without --quiet to see the step)"
log "built $image in $(($(date +%s) - start)) s, $(($(date +%s) - build_start)) s of it docker build (inputs $hash)"
