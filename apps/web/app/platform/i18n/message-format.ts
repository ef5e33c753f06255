/**
 * The part of ICU MessageFormat our catalogs use: plain arguments, `{n, number}`, `plural`
 * (with `=n`, `offset:` and `#`), `selectordinal` and `select`, and ICU's apostrophe quoting.
 * It replaces intl-messageformat, whose parser and formatters were 9 KB of every page's 25 KB
 * JavaScript budget (brotli) for these few constructs. catalogs.test.ts formats every message
 * of every locale with both and expects the same text; a construct outside this set (a date,
 * a number style, a tag) is refused when the message is compiled, so the catalog tests catch
 * it rather than a shopper.
 */

import { intlLanguage } from './locales.ts';

type Values = Readonly<Record<string, string | number>>;
export type Part =
  | string
  | { kind: 'pound' }
  | { kind: 'simple' | 'number'; name: string }
  | { kind: 'plural' | 'selectordinal' | 'select'; name: string; offset: number; options: Record<string, Part[]> };

export type CompiledMessage = (values?: Values) => string;

/** A message's parts as the formatter reads them (for the server's rewrites of fallback texts). */
export function parseMessage(text: string): Part[] {
  return new Parser(text).message(false, 0);
}

export function compileMessage(text: string, locale: string): CompiledMessage {
  const parts = new Parser(text).message(false, 0);
  return (values) => render(parts, values ?? {}, locale, undefined);
}

/*
 * A locale's number and plural formatters, each made when a message first needs it. Most
 * messages need neither, and the first Intl formatter a page makes loads the browser's locale
 * data: 35 to 95 ms of one task in Debian's Chromium here, which a page of plain texts should
 * not pay while it hydrates.
 */
const NUMBERS = new Map<string, Intl.NumberFormat>();
const RULES = new Map<string, Intl.PluralRules>();

function numberFormat(locale: string): Intl.NumberFormat {
  // Numbers as every runtime writes them for this page (`intlLanguage`): the server's CLDR
  // data would write Kinyarwanda's "4,2" where a browser without it writes "4.2".
  const format = NUMBERS.get(locale) ?? new Intl.NumberFormat(intlLanguage(locale));
  NUMBERS.set(locale, format);
  return format;
}

function pluralRules(locale: string, type: Intl.PluralRuleType): Intl.PluralRules {
  const key = `${type} ${locale}`;
  const rules = RULES.get(key) ?? new Intl.PluralRules(locale, { type });
  RULES.set(key, rules);
  return rules;
}

function render(parts: Part[], values: Values, locale: string, pound: number | undefined): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      out += part;
      continue;
    }
    if (part.kind === 'pound') {
      out += pound === undefined ? '#' : numberFormat(locale).format(pound);
      continue;
    }
    if (!(part.name in values)) throw new Error(`The message needs a value for {${part.name}}`);
    const value = values[part.name];
    if (part.kind === 'simple') out += value == null ? '' : String(value);
    else if (part.kind === 'number') out += numberFormat(locale).format(Number(value));
    else if (part.kind === 'select') {
      // A right-to-left page isolates Latin values (translator.ts); the key chosen is the bare one.
      const key = String(value).replace(/^\u2068(.*)\u2069$/s, '$1');
      out += render(part.options[key] ?? part.options.other ?? [], values, locale, pound);
    } else if (part.kind === 'plural' || part.kind === 'selectordinal') {
      const n = Number(value);
      const rules = pluralRules(locale, part.kind === 'plural' ? 'cardinal' : 'ordinal');
      const chosen = part.options[`=${n}`] ?? part.options[rules.select(n - part.offset)] ?? part.options.other ?? [];
      out += render(chosen, values, locale, n - part.offset);
    }
  }
  return out;
}

/** ICU's syntax characters: an apostrophe before one of them starts quoted text. */
const SYNTAX = new Set(['{', '}', '|']);

class Parser {
  private pos = 0;
  private readonly text: string;
  constructor(text: string) {
    this.text = text;
  }

  /** Text up to the closing brace of a branch (`depth > 0`) or the end of the message. */
  message(inPlural: boolean, depth: number): Part[] {
    const parts: Part[] = [];
    let literal = '';
    const flush = () => {
      if (literal) parts.push(literal);
      literal = '';
    };
    while (this.pos < this.text.length) {
      const char = this.text[this.pos] as string;
      if (char === "'") {
        literal += this.quoted(inPlural);
      } else if (char === '{') {
        flush();
        parts.push(this.argument(inPlural, depth));
      } else if (char === '}') {
        if (depth === 0) this.fail('an unmatched }');
        break;
      } else if (char === '#' && inPlural) {
        flush();
        parts.push({ kind: 'pound' });
        this.pos += 1;
      } else {
        literal += char;
        this.pos += 1;
      }
    }
    flush();
    return parts;
  }

  /** `''` is one apostrophe; `'{…}'` is quoted text; any other apostrophe is itself. */
  private quoted(inPlural: boolean): string {
    const next = this.text[this.pos + 1];
    if (next === "'") {
      this.pos += 2;
      return "'";
    }
    if (next === undefined || !(SYNTAX.has(next) || (inPlural && next === '#'))) {
      this.pos += 1;
      return "'";
    }
    let out = '';
    this.pos += 1;
    while (this.pos < this.text.length) {
      const char = this.text[this.pos] as string;
      if (char === "'") {
        if (this.text[this.pos + 1] === "'") {
          out += "'";
          this.pos += 2;
          continue;
        }
        this.pos += 1;
        return out;
      }
      out += char;
      this.pos += 1;
    }
    return out;
  }

  private argument(inPlural: boolean, depth: number): Part {
    this.pos += 1; // {
    const name = this.word();
    if (!name) this.fail('an argument without a name');
    if (this.take('}')) return { kind: 'simple', name };
    this.expect(',');
    const type = this.word();
    if (type === 'number') {
      this.expect('}');
      return { kind: 'number', name };
    }
    if (type !== 'plural' && type !== 'selectordinal' && type !== 'select') this.fail(`the argument type "${type}"`);
    this.expect(',');
    let offset = 0;
    if (type !== 'select' && this.text.startsWith('offset:', this.skipSpace())) {
      this.pos += 'offset:'.length;
      offset = Number(this.word());
      if (!Number.isInteger(offset)) this.fail('an offset that is not a whole number');
    }
    const options: Record<string, Part[]> = {};
    for (;;) {
      if (this.take('}')) break;
      const selector = this.word();
      if (!selector) this.fail('a branch without a selector');
      this.expect('{');
      options[selector] = this.message(type === 'select' ? inPlural : true, depth + 1);
      this.expect('}');
    }
    if (!options.other) this.fail(`a ${type} without an "other" branch`);
    return { kind: type, name, offset, options };
  }

  private skipSpace(): number {
    while (/\s/.test(this.text[this.pos] ?? '')) this.pos += 1;
    return this.pos;
  }

  private word(): string {
    this.skipSpace();
    const start = this.pos;
    while (this.pos < this.text.length && !/[\s,{}]/.test(this.text[this.pos] as string)) this.pos += 1;
    return this.text.slice(start, this.pos);
  }

  private take(char: string): boolean {
    this.skipSpace();
    if (this.text[this.pos] !== char) return false;
    this.pos += 1;
    return true;
  }

  private expect(char: string): void {
    if (!this.take(char)) this.fail(`"${char}" expected`);
  }

  private fail(what: string): never {
    throw new SyntaxError(`Message format: ${what} at ${this.pos} in "${this.text}"`);
  }
}
