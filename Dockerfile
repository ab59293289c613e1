# Speakeasy server image. Migrations run at start (`speakeasy serve`), then uvicorn.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
WORKDIR /srv/speakeasy

COPY pyproject.toml README.md alembic.ini ./
COPY engine ./engine
COPY app ./app
COPY migrations ./migrations
COPY static ./static
RUN pip install -e . && useradd --system --home /srv/speakeasy speakeasy && chown -R speakeasy /srv/speakeasy

USER speakeasy
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s CMD python -c "import urllib.request,sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/healthz').status != 200)"
CMD ["speakeasy", "serve", "--host", "0.0.0.0", "--port", "8000"]
