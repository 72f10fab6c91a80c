# One Node image for the api, worker and bucket-init services (target runtime), and one nginx
# image holding both web builds (target web). Node 24 LTS, the project's floor (package.json engines).
ARG NODE_IMAGE=node:24.22.1-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc tsconfig.json ./
COPY packages/contract/package.json packages/contract/
COPY backend/package.json backend/
COPY visitor-web/package.json visitor-web/
COPY admin-web/package.json admin-web/
RUN npm ci --no-audit --no-fund
COPY . .
# the commit health, metrics and the admin portal show (.git is not in the build context)
ARG GIT_COMMIT=unknown
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
# DATA_DIR is the only path the app writes: upload temp files in the services mode, everything
# (PGlite, media, outbox) when the image runs alone in the embedded mode.
# MALLOC_ARENA_MAX (read by glibc): image re-encodes run on libuv's pool threads, and glibc keeps a
# memory arena per thread that holds on to what each re-encode used; two arenas keep 8 concurrent
# photo uploads within 1.5x the file each (issue 11, `npm run bench -- --only uploads`), as sharp advises
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data \
    MALLOC_ARENA_MAX=2 \
    FFMPEG_PATH=/usr/bin/ffmpeg \
    FFPROBE_PATH=/usr/bin/ffprobe
# ffmpeg makes the video renditions (every video re-encoded to H.264/AAC, poster frames); Debian's
# build, as in CI. Without it videos are still served, metadata-free, by their originals.
# postgresql-client-16: the automatic database backups run pg_dump, which must be of the server's
# major version or newer (compose runs postgres:16; Debian bookworm ships 15), so it comes from
# the PostgreSQL project's own apt repository, set up by Debian's postgresql-common script.
RUN apt-get update \
    && apt-get install -y --no-install-recommends ffmpeg ca-certificates postgresql-common \
    && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
    && apt-get install -y --no-install-recommends postgresql-client-16 \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY backend/package.json backend/
COPY visitor-web/package.json visitor-web/
COPY admin-web/package.json admin-web/
RUN npm ci --omit=dev --workspace backend --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/backend/dist backend/dist
# the rules the backend shares with the web apps (upload types and sizes…), run as TypeScript by Node 24
COPY --from=build /app/packages/contract/src packages/contract/src
# the visitor app's page, into which the API writes a share link's tags (/r/{shareId}, proxied by nginx)
COPY --from=build /app/visitor-web/dist/index.html visitor-web/dist/index.html
# owned by the user the app runs as; a volume mounted here starts with this owner
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
CMD ["node", "backend/dist/main.js"]

FROM nginx:1.30.4-alpine AS web
COPY nginx/nginx.conf /etc/nginx/nginx.conf
COPY nginx/default.conf /etc/nginx/conf.d/default.conf
COPY nginx/security-headers.http.conf nginx/security-headers.https.conf nginx/ad-preview-headers.http.conf nginx/ad-preview-headers.https.conf /etc/nginx/security-headers/
# the official entrypoint runs /docker-entrypoint.d/*.sh before nginx: picks the headers for PUBLIC_URL
COPY --chmod=755 nginx/40-security-headers.sh /docker-entrypoint.d/40-security-headers.sh
COPY --from=build /app/visitor-web/dist /usr/share/nginx/html/visitor
COPY --from=build /app/admin-web/dist /usr/share/nginx/html/admin
