# syntax=docker/dockerfile:1
# Multi-stage: compile native modules and build once, ship only what runs.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS runtime
# Production also needs, at `docker run`: SESSION_SECRET (32+ characters), APP_URL (the https
# origin users reach), TRUST_PROXY (the TLS proxy in front, e.g. 1), ADMIN_EMAIL and ADMIN_PASSWORD
# for the first administrator, and SMTP_URL to send mail. Start-up refuses to run without them.
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATABASE_URL=/data/app.db
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY package.json server.js ./
COPY migrations ./migrations
COPY db/dialect.js ./db/dialect.js
# The database and uploaded images (/data/uploads) live on a volume, owned by the unprivileged user.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s CMD node -e "fetch('http://localhost:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node", "server.js"]
