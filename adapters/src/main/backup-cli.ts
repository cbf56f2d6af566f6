/** What `npm run backup` and `npm run restore` share: their arguments and how they print. */

/** A mistake in how the command was called or where it points: its message says what to do. */
export class UsageError extends Error {}

export const out = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} kB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

export interface ParsedArgs {
  options: Record<string, string>;
  positional: string[];
}

/** `--name value` options (also `--name=value`) and a fixed number of positional arguments. */
export function parseArgs(argv: string[], spec: { options: string[]; positional: number; usage: string }): ParsedArgs {
  const parsed: ParsedArgs = { options: {}, positional: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('--')) {
      const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
      if (!spec.options.includes(name!)) throw new UsageError(`Unknown option ${name}. Usage: ${spec.usage}`);
      const value = inline ?? argv[++i];
      if (!value) throw new UsageError(`${name} needs a value. Usage: ${spec.usage}`);
      parsed.options[name!] = value;
    } else {
      parsed.positional.push(arg);
    }
  }
  if (parsed.positional.length !== spec.positional) throw new UsageError(`Usage: ${spec.usage}`);
  return parsed;
}

/** Aborted by Ctrl-C (or SIGTERM): the command stops between two tables or files and cleans up. */
export function interruptSignal(): AbortSignal {
  const controller = new AbortController();
  const stop = () => controller.abort(new UsageError('Interrupted: stopped and cleaned up'));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return controller.signal;
}
