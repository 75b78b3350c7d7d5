# syntax=docker/dockerfile:1
# memory-service: multi-stage image. The build stage compiles better-sqlite3 natively against
# this Node/glibc; the web stage builds the inspector; the runtime stage carries only production
# dependencies, the sources (tsx runs TypeScript directly) and the built inspector, and runs as
# the unprivileged `node` user.

# The inspector (web/ → dist/web) needs the dev toolchain (Vite, Preact); only its output ships.
FROM node:20-bookworm-slim AS web
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json ./
COPY web ./web
COPY client ./client
COPY src/api ./src/api
RUN npm run build:web

FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# Production dependencies only; native addons (better-sqlite3) are compiled from source here
# against this image's Node and glibc instead of downloading a prebuilt binary.
# --ignore-scripts skips our `prepare` (the full build needs dev dependencies; the inspector comes
# from the web stage); better-sqlite3's own install script then runs through `npm rebuild`.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && npm_config_build_from_source=true npm rebuild better-sqlite3 \
 && node -e "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()" \
 && npm cache clean --force
COPY tsconfig.json ./
COPY bin ./bin
COPY src ./src
COPY client ./client
COPY --from=web /app/dist/web ./dist/web

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    MEMORY_DB_PATH=/data/memory.db
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]
CMD ["node", "--max-semi-space-size=32", "--no-regexp-tier-up", "--import", "tsx", "src/cli/main.ts", "serve"]
