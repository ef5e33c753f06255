import { AppError } from '../app-error.ts';
import { adminCommand, report } from './admin-command.ts';

/**
 * `npm run operator:create -- <email or phone>`: creates the first operator, or makes an
 * existing account one. The password of a new account is asked for twice without echo, or
 * read from the first line of stdin when stdin is not a terminal (`… < password.txt`). While
 * the product runs on the embedded database, the product does it (cli/admin-command.ts).
 */
async function readHidden(prompt: string): Promise<string> {
  const { stdin, stdout } = process;
  stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  let typed = '';
  try {
    return await new Promise<string>((resolve, reject) => {
      const onData = (chunk: string) => {
        for (const char of chunk) {
          if (char === '\r' || char === '\n') {
            stdin.off('data', onData);
            stdout.write('\n');
            return resolve(typed);
          }
          if (char === '\u0003') {
            stdin.off('data', onData);
            return reject(new Error('cancelled'));
          }
          if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
          else typed += char;
        }
      };
      stdin.on('data', onData);
    });
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
  }
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let all = '';
    for await (const chunk of process.stdin) all += chunk;
    return all.split(/\r?\n/)[0] ?? '';
  }
  const first = await readHidden('Password for the new operator (8 to 128 characters): ');
  const second = await readHidden('The same password again: ');
  if (first !== second) throw new AppError('VALIDATION_FAILED', 'The two passwords are not the same.');
  return first;
}

const identifier = process.argv[2];
if (!identifier) {
  console.error('Usage: npm run operator:create -- <email address or phone number>');
  process.exit(2);
}

await report(async () => {
  const first = await adminCommand('operator:create', { command: 'create-operator', identifier });
  if (!first.needsPassword) return first;
  // A new account: only now is a password needed.
  const password = await readPassword();
  return adminCommand('operator:create', { command: 'create-operator', identifier, password });
});
