import { type Part, parseMessage } from './message-format.ts';

/** Literal text that would read back as syntax: such a text is left as it is. */
const UNSAFE_LITERAL = /[{}#|]|''|'$/;

function written(parts: Part[]): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      if (UNSAFE_LITERAL.test(part)) throw new Error('unsafe literal');
      out += part;
    } else if (part.kind === 'pound') out += '#';
    else if (!('options' in part)) out += part.kind === 'number' ? `{${part.name}, number}` : `{${part.name}}`;
    else {
      const options = Object.entries(part.options).map(([key, branch]) => {
        // "one" as "=1", unless the text says what 1 is already.
        const selector = part.kind === 'plural' && key === 'one' && !('=1' in part.options) ? '=1' : key;
        return `${selector} {${written(branch)}}`;
      });
      const offset = part.offset ? ` offset:${part.offset}` : '';
      out += `{${part.name}, ${part.kind},${offset} ${options.join(' ')}}`;
    }
  }
  return out;
}

/**
 * An English text as a language with a single plural form shows it while it has no text of
 * its own (Yorùbá, Igbo): its plurals' "one" becomes "=1". Counted by the page's language,
 * "one" never matches there, and "1 orders" would show. The same text when there is nothing
 * to rewrite, or when it cannot be written back exactly (a literal with syntax characters).
 */
export function withExactOnes(text: string): string {
  if (!/\bone\s*\{/.test(text)) return text;
  try {
    return written(parseMessage(text));
  } catch {
    return text;
  }
}
