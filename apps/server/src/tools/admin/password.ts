import { UsageError } from './errors.js';

/** OPERATOR_PASSWORD, else asked twice on the terminal without echo (never from the command line). */
export async function operatorPassword(): Promise<string> {
  const fromEnv = process.env.OPERATOR_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) throw new UsageError('set OPERATOR_PASSWORD, or run on a terminal to be asked for it');
  const first = await askHidden('password (at least 12 characters): ');
  const again = await askHidden('the same again: ');
  if (first !== again) throw new UsageError('the two passwords differ');
  return first;
}

/** Reads a line from the terminal in raw mode, echoing nothing. */
function askHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  return new Promise((resolvePassword, reject) => {
    let text = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      stdout.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          finish();
          resolvePassword(text);
          return;
        }
        if (ch === '\u0003') {
          finish();
          reject(new UsageError('cancelled'));
          return;
        }
        text = ch === '\u007f' || ch === '\b' ? text.slice(0, -1) : text + ch;
      }
    };
    stdout.write(question);
    stdin.setEncoding('utf8');
    stdin.setRawMode(true);
    stdin.resume();
    stdin.on('data', onData);
  });
}
