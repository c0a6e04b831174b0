import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A command line that cannot run as given: reported on one line, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** The option as typed, out of a parseArgs message (`Option '-h, --help' does not …` gives `--help`). */
function optionNamed(message: string): string {
  const quoted = /'([^']+)'/.exec(message)?.[1] ?? '';
  return quoted.split(/[\s,]+/).find((w) => w.startsWith('--')) ?? quoted.split(/\s/)[0] ?? quoted;
}

/** parseArgs' refusal as one short line naming the argument at fault (its own messages span lines). */
function describeRefusal(err: { code?: string; message: string }): string {
  const option = optionNamed(err.message);
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${option}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      if (/does not take an argument/.test(err.message)) return `option ${option} takes no value`;
      if (/ambiguous/.test(err.message)) {
        return `option ${option} needs a value; write ${option}=VALUE for one that starts with "-"`;
      }
      return `option ${option} needs a value`;
    default:
      return err.message.split('\n')[0]!;
  }
}

/** Options and positionals of one command; an unknown option or a missing value is a UsageError. */
export function parseCommandLine<T extends Options>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    const e = err as { code?: string; message?: string };
    if (typeof e.code === 'string' && e.code.startsWith('ERR_PARSE_ARGS_') && e.message) {
      throw new UsageError(describeRefusal({ code: e.code, message: e.message }));
    }
    throw err;
  }
}
