import { startEmbeddedPostgres } from './src/postgres/embedded-server.ts';
const s = await startEmbeddedPostgres({ dataDir: '/tmp/benchpg/data', port: 55555, durable: false });
console.log('up', s.url());
setInterval(() => {}, 1 << 30);
