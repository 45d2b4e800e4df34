/**
 * Where `user create` takes its password from when the command line has none (issue 35; decision 077).
 * npm prints the command line of every script it runs (`> tsx src/cli/admin.ts user create … --password
 * …`), so a password given there shows in the terminal, its scrollback and any log of the session, besides
 * the shell's history and the process list. In order: `--password` (still accepted, discouraged), the
 * PORTAL_USER_PASSWORD environment variable, else, on a terminal, a prompt that does not echo what is
 * typed (asked twice). The CLI fills it in before the command runs, in this process or, beside a running
 * portal, through the API's admin channel (a socket only the folder's owner can open).
 */

/** The environment variable a script sets to give `user create` its password. */
export const PASSWORD_ENV = 'PORTAL_USER_PASSWORD';

/** The terminal the prompt reads (process.stdin) and writes to (process.stderr): streams in the tests. */
export interface PromptStreams {
  input: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?(raw: boolean): unknown };
  output: NodeJS.WritableStream;
}

const ENTER = new Set(['\r', '\n']);
const CANCEL = new Set(['\u0003', '\u0004']); // Ctrl-C, Ctrl-D
const ERASE = new Set(['\u007f', '\b']);

/**
 * Asks `question` and reads a line without echoing it (the terminal in raw mode, as `sudo` and `psql`
 * do); backspace erases. Null when the person cancels (Ctrl-C, Ctrl-D) or the input ends.
 */
export function readHidden(question: string, { input, output }: PromptStreams): Promise<string | null> {
  output.write(question);
  input.setRawMode?.(true);
  input.setEncoding('utf8');
  input.resume();
  let typed = '';
  return new Promise((resolve) => {
    const finish = (value: string | null) => {
      input.off('data', onData);
      input.off('end', onEnd);
      input.setRawMode?.(false);
      input.pause();
      output.write('\n');
      resolve(value);
    };
    const onEnd = () => finish(null);
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (ENTER.has(char)) return finish(typed);
        if (CANCEL.has(char)) return finish(null);
        if (ERASE.has(char)) typed = Array.from(typed).slice(0, -1).join('');
        else if (char >= ' ') typed += char;
      }
    };
    input.on('data', onData);
    input.on('end', onEnd);
  });
}

const hasPasswordOption = (args: string[]) =>
  args.some((arg) => arg === '--password' || arg.startsWith('--password='));

/**
 * The command line of `user create` with its password filled in from PORTAL_USER_PASSWORD or the prompt
 * (as `--password=…`, so a password that starts with '-' is a value, not an option); any other command
 * line, or one that has --password already, as it is. With neither variable nor terminal it stays without:
 * the command then says how to give one.
 */
export async function withUserPassword(
  argv: string[],
  env: Record<string, string | undefined>,
  streams: PromptStreams,
): Promise<{ argv: string[] } | { problem: string }> {
  if (argv[0] !== 'user' || argv[1] !== 'create' || hasPasswordOption(argv.slice(2))) return { argv };
  const fromEnv = env[PASSWORD_ENV];
  if (fromEnv) return { argv: [...argv, `--password=${fromEnv}`] };
  if (!streams.input.isTTY) return { argv };
  const password = await readHidden('Password: ', streams);
  if (password === null) return { problem: 'user create: cancelled, nothing was created' };
  const again = await readHidden('Password (again): ', streams);
  if (again === null) return { problem: 'user create: cancelled, nothing was created' };
  if (again !== password) return { problem: 'user create: the two passwords differ, nothing was created' };
  return { argv: [...argv, `--password=${password}`] };
}
