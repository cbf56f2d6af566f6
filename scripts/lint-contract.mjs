// Lints openapi.yaml as an integrator's tools would: Redocly CLI's recommended rules (redocly.yaml) and
// Spectral's spectral:oas (.spectral.yaml). Any finding, error or warning, fails `npm run lint`.
// Both run from node_modules, offline; rules turned off, and findings ignored, say why in their files.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

function run(name, args) {
  try {
    return execFileSync(bin(name), args, { cwd: root, encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
  } catch (err) {
    // Spectral exits 1 when it finds something; its findings are still on stdout.
    if (typeof err.stdout === 'string' && err.stdout.trim().startsWith('[')) return err.stdout;
    // Redocly exits 1 when it finds an error, with the report on stdout; one that could not read the file says why on stderr.
    if (typeof err.stdout === 'string' && err.stdout.trim().startsWith('{')) return err.stdout;
    process.stderr.write(`${name} failed:\n${String(err.stderr ?? err.message).split('\n').filter((l) => !/[║╔╚]/.test(l)).join('\n').trim()}\n`);
    process.exit(1);
  }
}

const redocly = JSON.parse(run('redocly', ['lint', 'openapi.yaml', '--format=json', '--max-problems=5000']));
const spectral = JSON.parse(run('spectral', ['lint', 'openapi.yaml', '--ruleset', '.spectral.yaml', '--format', 'json', '--fail-severity', 'hint', '--quiet']));

const findings = [
  ...redocly.problems.map((p) => `redocly ${p.severity} ${p.ruleId}: ${p.message} (${p.location?.[0]?.pointer ?? ''})`),
  ...spectral.map((p) => `spectral ${['error', 'warning', 'info', 'hint'][p.severity]} ${p.code}: ${p.message} (${p.path.join('.')})`),
];
if (findings.length > 0) {
  process.stderr.write(`openapi.yaml: ${findings.length} finding(s)\n${findings.join('\n')}\n`);
  process.exit(1);
}
process.stdout.write(`openapi.yaml: Redocly (recommended, ${redocly.totals.ignored} ignored with reasons) and Spectral (spectral:oas) find nothing.\n`);
