# Botlens: the service and its built cabinet. Node 24 is an LTS line supported to April 2028 (26 entered LTS in
# October 2026; move to it once the suite has run on it). Build: `docker build -t botlens .`
ARG NODE_IMAGE=node:24-bookworm-slim

# argon2 compiles its addon at install (its package ships no prebuilt binary), so both install stages need a toolchain.
FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*

# Compiles the service and the cabinet with every dependency.
FROM toolchain AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The service's production dependencies only: the cabinet's (React, Vite) are bundled into web/dist.
FROM toolchain AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY web/package.json web/
RUN npm ci --omit=dev --workspaces=false --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production
WORKDIR /app
# Owned by root and read-only to the process, which runs as the image's unprivileged `node` user.
COPY package.json ./
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/dist dist
COPY --from=build /app/web/dist web/dist
# The ingest's journal (INGEST_JOURNAL_DIR) is the one place the process writes; mount a volume here per instance.
RUN mkdir -p var/ingest-journal && chown node:node var/ingest-journal
USER node
# 3000: the public port; 9464: metrics (METRICS_HOST must be 0.0.0.0 to reach it from outside the container).
EXPOSE 3000 9464
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The heap ceiling keeps V8 collecting at ~1.6× the live heap instead of 4× (docs/operations.md#memory).
CMD ["node", "--max-old-space-size=1024", "--max-semi-space-size=32", "dist/src/main.js"]
