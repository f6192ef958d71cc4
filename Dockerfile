# One image for every app of the platform. Choose the app with APP (gateway, auth, ...):
#   docker build -t erp . && docker run -e APP=auth erp
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 8080 3000
# gateway -> gateway/dist/main.js; a service -> services/<APP>/dist/server.js
CMD ["sh", "-c", "if [ \"${APP:-gateway}\" = gateway ]; then exec node gateway/dist/main.js; else exec node services/${APP}/dist/server.js; fi"]
