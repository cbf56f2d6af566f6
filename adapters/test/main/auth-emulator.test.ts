import { afterAll, describe, expect, it } from 'vitest';
import { type RunningAuthEmulator, startAuthEmulator } from '../../src/firebase/auth-emulator.js';
import { freePort } from '../../src/shared/processes.js';

const running: RunningAuthEmulator[] = [];
afterAll(async () => {
  await Promise.all(running.map((e) => e.stop()));
});

describe('the Auth emulator', () => {
  it('runs twice on one machine when both start at the same moment (two test runs side by side)', { timeout: 120_000 }, async () => {
    const ports = [await freePort(), await freePort()];
    const started = await Promise.all(ports.map((port, i) => startAuthEmulator({ projectId: `demo-voltmarket-side-${i}`, port })));
    running.push(...started);
    // The CLI's other services settle after the auth port first answers; a clash ends the process then.
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    const answers = await Promise.all(started.map((e) => fetch(`http://${e.host}/`).then((r) => r.status, () => 'refused')));
    expect(answers).toEqual([200, 200]);
  });
});
