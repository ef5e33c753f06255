import { openDatabase } from '@malewa/db/database';
import { seedIfEmpty } from '@malewa/db/seed/seed-if-empty';
import { AppError } from '../app-error.ts';
import { loadConfig } from '../config.ts';
import { createAuthRepository } from '../features/auth/auth-repository.ts';
import { createOperator } from '../features/auth/create-operator.ts';

/**
 * `npm run operator:create -- <email or phone>`: creates the first operator, or makes an
 * existing account one. The password of a new account is asked for twice without echo, or
 * read from the first line of stdin when stdin is not a terminal (`… < password.txt`).
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

const config = loadConfig(process.env);
const database = openDatabase(config.database);
try {
  await database.migrate();
  await seedIfEmpty(database.db);
  const result = await createOperator(
    { auth: createAuthRepository(database.db), config: config.auth },
    { identifier, password: readPassword },
  );
  console.log(
    result.outcome === 'created'
      ? `Created the operator ${result.identifier}; sign in with that password.`
      : `${result.identifier} is an operator now (the password is unchanged).`,
  );
} catch (error) {
  console.error(error instanceof AppError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
