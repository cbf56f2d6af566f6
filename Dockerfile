# Production image of the API (storefront and backoffice included as static files).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY domain/package.json domain/
COPY application/package.json application/
COPY adapters/package.json adapters/
COPY storefront/package.json storefront/
COPY backoffice/package.json backoffice/
COPY sdk/package.json sdk/
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=120s CMD node -e "fetch('http://127.0.0.1:8080/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "adapters/dist/src/main/production.js"]
