# Speakeasy server image. Migrations run at start (`speakeasy serve`), then uvicorn.
# Dependencies come from requirements/app.lock, exact versions checked against their hashes
# (CPython 3.11 on Linux x86_64; README.md says how the locks are regenerated); then the project
# itself is installed with the pinned setuptools of that lock and nothing more downloaded.
# The browser's game verifier (Pyodide) comes from npm, checked against package-lock.json's
# integrity hashes, in a build stage of its own: the image gets node_modules/pyodide, not node.
FROM node:20-slim AS verifier
WORKDIR /build
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /srv/speakeasy

COPY requirements/app.lock ./requirements/app.lock
RUN pip install --require-hashes -r requirements/app.lock

COPY pyproject.toml README.md alembic.ini ./
COPY engine ./engine
COPY app ./app
COPY migrations ./migrations
COPY static ./static
COPY --from=verifier /build/node_modules/pyodide ./node_modules/pyodide
RUN pip install --no-deps --no-build-isolation -e . \
    && useradd --system --home /srv/speakeasy speakeasy && chown -R speakeasy /srv/speakeasy

USER speakeasy
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s CMD python -c "import urllib.request,sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz').status != 200)"
CMD ["speakeasy", "serve", "--host", "0.0.0.0", "--port", "8000"]
