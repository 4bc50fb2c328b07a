# Production image: `docker build -t hoclieu .` (see README "Deployment").
# Stage 1 builds with the dev dependencies; stage 2 keeps only the build, the
# runtime dependencies and the migrations, and runs as the unprivileged `node` user.
# Two targets share that image: `web` (the default, `node build`) and `worker`
# (`docker build --target worker`, `node build/worker.js`: background jobs and
# previews, no port; README "Worker processes"). compose.yaml runs both.

FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npx vite build && npm prune --omit=dev --no-audit --no-fund

FROM node:20.20-bookworm-slim AS runtime
WORKDIR /app
# Unset NODE_ENV would mean production too; it is spelled out so nobody has to know that.
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/app/.data \
    MIGRATIONS_DIR=/app/drizzle
# Preview generation (README "Previews"): page images, slides, clips and posters.
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
       poppler-utils ffmpeg libreoffice-writer-nogui libreoffice-impress-nogui fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/drizzle ./drizzle
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
# Both processes finish their work on SIGTERM within SHUTDOWN_TIMEOUT seconds (default 30).
STOPSIGNAL SIGTERM

# The worker serves no HTTP, so there is no health endpoint to ask; a crash ends the container.
FROM runtime AS worker
HEALTHCHECK NONE
CMD ["node", "build/worker.js"]

FROM runtime AS web
EXPOSE 3000
# 503 while migrating or while a dependency is down; the start period covers the first migrations.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# adapter-node drains in-flight requests on SIGTERM (up to SHUTDOWN_TIMEOUT seconds, default 30).
CMD ["node", "build"]
