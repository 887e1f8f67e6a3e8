# One image for the web app (daphne) and the Celery worker. The sandboxes run inside the worker with
# bubblewrap, so it is installed here; the GPU model server is a separate image (vllm, see compose).
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DJANGO_SETTINGS_MODULE=webapp.config.settings.production \
    STEPWISE_VAR_DIR=/var/lib/stepwise

RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends bubblewrap git \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app
# Dependencies first, so a code change does not reinstall them.
COPY pyproject.toml README.md ./
RUN mkdir -p corpus harness training webapp && touch corpus/__init__.py harness/__init__.py \
       training/__init__.py webapp/__init__.py \
    && pip install '.[web,sandbox]' \
    && pip uninstall -y stepwise
COPY . .
RUN pip install --no-deps -e . \
    && DJANGO_SECRET_KEY=build-only DJANGO_ALLOWED_HOSTS=localhost DATABASE_URL=postgres://build@localhost/build \
       python manage.py collectstatic --noinput -v0 \
    && useradd --create-home --uid 1000 stepwise \
    && mkdir -p /var/lib/stepwise && chown -R stepwise /var/lib/stepwise

USER stepwise
EXPOSE 8000
CMD ["daphne", "-b", "0.0.0.0", "-p", "8000", "webapp.config.asgi:application"]
