/**
 * One line of standard input: typed without echo on a terminal (raw mode, Enter ends
 * it, Ctrl+C cancels), or the first line of a pipe or file.
 */
export async function readSecretLine(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    let text = '';
    for await (const chunk of stdin) {
      text += String(chunk);
      if (text.includes('\n')) break;
    }
    return text.split(/\r?\n/)[0] ?? '';
  }
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const onData = (chars: string) => {
      for (const c of chars) {
        if (c === '\r' || c === '\n') {
          finish();
          resolve(typed);
          return;
        }
        if (c === '\u0003') {
          finish();
          reject(new Error('cancelled'));
          return;
        }
        typed = c === '\u007f' || c === '\b' ? typed.slice(0, -1) : typed + c;
      }
    };
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    stdin.on('data', onData);
    stdin.resume();
  });
}
