import { type DestinationStream, pino, type Logger } from 'pino';

/** The API's logger: JSON lines to standard output (or to `destination`, for tests that read them). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, base: { service: 'voltmarket-api' }, redact: ['req.headers.authorization'] };
  return destination ? pino(options, destination) : pino(options);
}
