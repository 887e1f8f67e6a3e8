# One image for the web app (daphne), the Celery worker and the OpenEnv server (`python server/app.py`,
# as root with the worker's privileges: docs/researchers/interop.md); the GPU model
# server is a separate image (vllm, see docker-compose.yml). The worker runs its sandboxes with bubblewrap
# inside its own container (README, "Full stack").
#
#   docker build -t stepwise:latest .                                  # on python:3.11-slim, from PyPI
#   docker/build-offline.sh                                            # no registry: see that script
#
# BASE: any Debian-like image with python3 (3.11 or 3.12). The default is the published Python image;
# docker/build-offline.sh passes the sandbox image built offline (debootstrap, no registry).
# EXTRAS: the project's extras to install (`web,sandbox` runs web and worker; add `training` for
# training jobs on CPU, which brings torch).
# Offline, the build reads wheels and .deb files from docker/offline/ (filled by docker/build-offline.sh);
# with those folders empty it installs from the network as usual.
ARG BASE=python:3.11-slim

FROM ${BASE} AS deps
ARG EXTRAS=web,sandbox
USER root
COPY docker/offline/wheels/ /tmp/wheels/
COPY docker/install-python-deps.sh docker/requirements.py pyproject.toml /tmp/build/
RUN sh /tmp/build/install-python-deps.sh /opt/venv /tmp/build/pyproject.toml "$EXTRAS" /tmp/wheels

FROM ${BASE}
USER root
ENV PATH=/opt/venv/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    PYTHONPATH=/app \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    LANG=C.UTF-8 \
    DJANGO_SETTINGS_MODULE=webapp.config.settings.production \
    STEPWISE_VAR_DIR=/var/lib/stepwise \
    MPLCONFIGDIR=/opt/matplotlib
COPY docker/offline/debs/ /tmp/debs/
COPY docker/install-system-deps.sh /tmp/
RUN sh /tmp/install-system-deps.sh /tmp/debs && rm -rf /tmp/debs /tmp/install-system-deps.sh
COPY --from=deps /opt/venv /opt/venv
WORKDIR /app
# Only what runs (no tests, benches or docs); the code is imported from /app (PYTHONPATH). The
# matplotlib font cache is made here once, not at every container start.
COPY manage.py pyproject.toml README.md openenv.yaml ./
COPY static ./static
COPY corpus ./corpus
COPY docs/corpus/failing_tests.json ./docs/corpus/failing_tests.json
COPY harness ./harness
COPY validation ./validation
COPY training ./training
COPY webapp ./webapp
COPY server ./server
# Importing what web, worker and the OpenEnv server import (PYTHONDONTWRITEBYTECODE off for this step)
# writes the .pyc files they need, and only those; processes in the image write none.
# (a throw-away key for this step only: production settings refuse a short or published one). Its state
# folder is thrown away too: the image's /var/lib/stepwise stays empty, since Docker copies what it holds
# into a new volume at first mount, and web and worker mounting one at once race on that copy.
RUN export DJANGO_SECRET_KEY="$(python -c 'import secrets; print(secrets.token_urlsafe(50))')" DJANGO_ALLOWED_HOSTS=localhost DATABASE_URL=postgres://build@localhost/build \
       PYTHONDONTWRITEBYTECODE= STEPWISE_VAR_DIR=/tmp/build-var \
    && python manage.py collectstatic --noinput -v0 \
    && python -c "import django; django.setup(); import webapp.config.asgi, daphne.cli, celery.bin.celery, pytest, pexpect; \
import harness.interop.openenv_env, uvicorn; \
from webapp.config.celery_app import app; app.loader.import_default_modules()" \
    && python -m compileall -q -j 0 corpus harness validation training webapp server >/dev/null \
    && python -c "import matplotlib.font_manager" && chmod 1777 "$MPLCONFIGDIR" && chmod a+r "$MPLCONFIGDIR"/* \
    && (id -u stepwise >/dev/null 2>&1 || useradd --create-home --uid 1000 stepwise) \
    && rm -rf /tmp/build-var && mkdir -p /var/lib/stepwise /app/models && chown -R stepwise /var/lib/stepwise /app/models

# The web app runs as an unprivileged user; the worker's service runs as root (it builds sandboxes,
# see docker-compose.yml).
USER stepwise
EXPOSE 8000
CMD ["daphne", "-b", "0.0.0.0", "-p", "8000", "webapp.config.asgi:application"]
