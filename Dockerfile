# The site and the API in one image (issue 17): build stage with every dependency, a small runtime
# stage with production dependencies, the built site and the server sources (Node 24 runs the
# TypeScript directly), run as the unprivileged `node` user.
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV ASTRO_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
# A production build: it refuses the test values in content/settings/*.json (operator's requisites,
# business figures) unless the build is asked to keep them (--build-arg ALLOW_TEST_SETTINGS=1, a trial).
ARG ALLOW_TEST_SETTINGS=
RUN PRODUCTION_BUILD=1 ALLOW_TEST_SETTINGS=$ALLOW_TEST_SETTINGS npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=8080
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/server ./server
# The server shares only these parts of src/ (tests/unit/architecture/imports.test.ts keeps it so).
COPY --from=build --chown=node:node /app/src/lib ./src/lib
COPY --from=build --chown=node:node /app/src/api/structs ./src/api/structs
# The business figures and the operator's requisites that src/lib reads (commission, cashback terms).
COPY --from=build --chown=node:node /app/content/settings ./content/settings
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/105/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "server/start.ts", "--no-build"]
