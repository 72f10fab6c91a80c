# One image for the api and worker services, and the static files for nginx.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json ./
COPY backend/package.json backend/
COPY visitor-web/package.json visitor-web/
COPY admin-web/package.json admin-web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY visitor-web/package.json visitor-web/
COPY admin-web/package.json admin-web/
RUN npm ci --omit=dev --workspace backend --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/backend/dist backend/dist
USER node
EXPOSE 3000
CMD ["node", "backend/dist/main.js"]

FROM nginx:1.27-alpine AS web
COPY nginx/default.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/visitor-web/dist /usr/share/nginx/html/visitor
COPY --from=build /app/admin-web/dist /usr/share/nginx/html/admin
