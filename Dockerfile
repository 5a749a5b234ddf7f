# PartnerNet production image (decision 055). Multi-stage: the build stage installs everything and
# builds; the runtime stage keeps only the production dependencies, runs as the unprivileged `node`
# user and reports its health from /readyz.
#
#   docker build -t partnernet .
#   docker compose -f deploy/compose.yaml up      # PostgreSQL, two instances, nginx on :8080

# The Node 24 release CI tests (scripts/test-node-lts.sh, decision 053).
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# install, not ci: see .ci/run (the lock file omits other platforms' optional rollup binaries).
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    APP_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Everything the server, the migrations, the reference data and the operator commands
# (npm run worker / admin:create / backup, run with tsx from the sources) read at run time.
COPY --from=build --chown=root:root /app/package.json /app/package-lock.json /app/server.js /app/tsconfig.json ./
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
COPY --from=build --chown=root:root /app/drizzle ./drizzle
COPY --from=build --chown=root:root /app/reference-data ./reference-data
COPY --from=build --chown=root:root /app/app ./app
COPY --from=build --chown=root:root /app/server ./server
COPY --from=build --chown=root:root /app/scripts ./scripts
# The code is root's and read-only for the app; only the data volume is the app user's.
RUN mkdir -p /data /files && chown node:node /data /files
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready = database reachable, migrations current, job queue running (decision 048).
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server.js"]
