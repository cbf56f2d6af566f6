import { fork } from 'node:child_process';
import autocannon from 'autocannon';
const server = fork('./adapters/bench/bench-server.ts', [], { execArgv: ['--conditions=development', '--import', 'tsx', '--cpu-prof', '--cpu-prof-dir=/tmp/prof'], env: { ...process.env, BENCH_DATABASE_URL: 'postgres://postgres@127.0.0.1:55555/b', PORT: '8099', FIREBASE_PROJECT_ID: 'demo-bench', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1', DATA_DIR: '/tmp' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
const url: string = await new Promise((r) => server.once('message', (m: any) => r(m.ready)));
const r = await autocannon({ url: url + '/api/vehicles', connections: 32, duration: 6 });
console.log('rps', r.requests.average);
server.kill('SIGTERM');
await new Promise((r) => setTimeout(r, 2000));
