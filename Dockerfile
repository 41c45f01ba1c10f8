# mailjudge as a container (issue 27; see docs/operators.md). Runs `mailjudge start` as the unprivileged
# user `node` against the PostgreSQL named by DATABASE_URL (compose.yaml starts one). Not built on the
# machine this file was written on (no docker there): checked by reading; please report problems.

# --- build: the dependencies from the lockfile, and dist/ (npm ci runs `prepare`, i.e. tsc) ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json tsconfig.json ./
COPY src ./src
COPY scripts ./scripts
COPY test ./test
RUN npm ci && npm prune --omit=dev

# --- run ---
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    MAILJUDGE_STATE_DIR=/var/lib/mailjudge
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY sql ./sql
COPY templates ./templates
COPY data ./data
COPY deploy/healthcheck.mjs ./deploy/healthcheck.mjs
RUN mkdir -p /var/lib/mailjudge && chown node:node /var/lib/mailjudge
USER node
VOLUME /var/lib/mailjudge
# Healthy while this container's judge is registered in the database (judge_processes: written at
# start, removed at stop) and the database answers.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 CMD ["node", "deploy/healthcheck.mjs"]
# Exit 75 (EX_TEMPFAIL) means "restart me" (the database went away); compose's restart policy does.
CMD ["node", "dist/src/cli/main.js", "start"]
