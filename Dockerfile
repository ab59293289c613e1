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

FROM python:3.11-slim AS deps

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /srv/speakeasy

COPY requirements/app.lock ./requirements/app.lock
RUN pip install --require-hashes -r requirements/app.lock

# Speak Easy's compiled core (engine/speakeasy/_fast.c, setup.py) is built with gcc in a stage of
# its own, on the same Python and the lock's setuptools: the image gets the extension, not gcc.
FROM deps AS core
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
COPY pyproject.toml setup.py README.md ./
COPY engine/speakeasy/_fast.c ./engine/speakeasy/_fast.c
RUN python setup.py build_ext --inplace

FROM deps
COPY pyproject.toml setup.py README.md alembic.ini ./
COPY engine ./engine
# The core built above (the glob fails the build if it was not). The editable install below
# finds no compiler here, says so and keeps this file.
COPY --from=core /srv/speakeasy/engine/speakeasy/_fast*.so ./engine/speakeasy/
COPY app ./app
COPY migrations ./migrations
COPY static ./static
COPY --from=verifier /build/node_modules/pyodide ./node_modules/pyodide
RUN pip install --no-deps --no-build-isolation -e . \
    && python -c "from engine.speakeasy.movegen import FAST; assert FAST is not None, 'no compiled core'" \
    && useradd --system --home /srv/speakeasy speakeasy && chown -R speakeasy /srv/speakeasy

USER speakeasy
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s CMD python -c "import urllib.request,sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz').status != 200)"
CMD ["speakeasy", "serve", "--host", "0.0.0.0", "--port", "8000"]
