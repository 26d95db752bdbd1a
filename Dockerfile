# syntax=docker/dockerfile:1
# One image for both processes: `node server/dist/main.js` (API) or `node server/dist/worker.js`.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY server/package.json server/
COPY client/package.json client/
RUN npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY shared shared
COPY server server
COPY client client
# server/node_modules holds the server's own versions where the root has another (file-type);
# made here when npm needs none, so the COPY below never fails
RUN npm run build && npm prune --omit=dev --no-audit --no-fund && mkdir -p server/node_modules

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=3000
WORKDIR /app
# git: base workflows live in a git repository (DESIGN section 4)
RUN apt-get update && apt-get install -y --no-install-recommends git ca-certificates openssh-client \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/shared/package.json shared/
COPY --from=build /app/shared/dist shared/dist
COPY --from=build /app/server/package.json server/
COPY --from=build /app/server/node_modules server/node_modules
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/client/dist client/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
CMD ["node", "server/dist/main.js"]
