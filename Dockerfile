# Images of the platform (docker-compose.yml; docs/deploying.md):
#   target app: one image for every Node process; APP picks it (gateway, auth, vendors, catalog,
#               projects, indent, po). docker build --target app -t erp . && docker run -e APP=po erp
#   target web: the shell's and the remotes' built files on a plain web server (nginx).
# No secret is copied into either image: configuration comes from the environment at run time.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev
# The web files as one tree, as the gateway serves them: the shell at /, each remote mfe-<x> at
# /mfe/<x>/ (every mfe-* folder, so a new module's remote needs no line here).
RUN mkdir -p /web/mfe && cp -r shell/dist/. /web/ \
  && for d in mfe-*/; do d="${d%/}"; cp -r "$d/dist" "/web/mfe/${d#mfe-}"; done

FROM node:20-bookworm-slim AS app
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 8080 3000
# SIGTERM goes straight to node (exec), which drains and exits within the stop grace period.
# gateway -> gateway/dist/main.bundle.js; a service -> services/<APP>/dist/server.bundle.js (each one
# file with what it imports, made by npm run build: scripts/bundle-server.mjs, decision 0031)
CMD ["sh", "-c", "if [ \"${APP:-gateway}\" = gateway ]; then exec node gateway/dist/main.bundle.js; else exec node services/${APP}/dist/server.bundle.js; fi"]

FROM nginx:1.27-alpine AS web
COPY deploy/web.conf /etc/nginx/conf.d/default.conf
COPY --from=build /web /usr/share/nginx/html
