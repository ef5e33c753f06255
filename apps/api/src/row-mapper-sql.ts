import { Column, is, noopDecoder, SQL, Subquery } from 'drizzle-orm';
import { PgArray } from 'drizzle-orm/pg-core';

/** A selected field as Drizzle keeps it on a query: where its value goes, and what it is. */
export interface SelectedField {
  path: readonly string[];
  field: unknown;
}

type Decode = (value: unknown) => unknown;

type Decoder = { mapFromDriverValue: Decode };
/** An SQL field's decoder, which Drizzle keeps out of its types (`.mapWith()` sets it). */
type Decoded = { decoder: Decoder };

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  return (field as { sql: Decoded }).sql.decoder;
}

/**
 * How a column's value is decoded, or undefined when it is used as the driver gives it. Drizzle's
 * own decoders of a text column and of an SQL field without `.mapWith()` return the value, and
 * its decoder of an array column copies the array the driver parsed, element by element, through
 * that same decoder; both are left out.
 */
function decodeOf(field: unknown): Decode | undefined {
  const decoder = decoderOf(field);
  const decode = decoder.mapFromDriverValue;
  if (decoder === noopDecoder || decode === Column.prototype.mapFromDriverValue) return undefined;
  if (is(decoder, PgArray) && decoder.baseColumn.mapFromDriverValue === Column.prototype.mapFromDriverValue) {
    // The driver parses an array of text; Drizzle parses it only when it comes as a string.
    return (value) => (typeof value === 'string' ? decode.call(decoder, value) : value);
  }
  return decode.bind(decoder);
}

/** A selection as a tree of objects: a key's value is a column's index, or an object's keys. */
type Shape = Map<string, number | Shape>;

/**
 * The rows of a statement as Drizzle would give them, with everything Drizzle works out per
 * row worked out once per statement: which decoder each column has and which nested object
 * it goes in. Drizzle asks both again for every column of every row, which took a list request
 * about as long as checking its answer (decision 25). The mapper is written as code, one object
 * literal per row: every row then has one layout from its first key, which the checks and the
 * JSON that follow read faster than objects grown key by key.
 *
 * Only for selections without outer joins: Drizzle turns an outer join's object into null when
 * all its columns are null. For those this returns undefined, and Drizzle maps their rows itself.
 */
export function compileRowMapper(
  fields: readonly SelectedField[],
  joinsNotNullable: Record<string, boolean> | undefined,
): ((rows: unknown[][]) => Record<string, unknown>[]) | undefined {
  if (joinsNotNullable && Object.values(joinsNotNullable).some((notNullable) => !notNullable)) return undefined;
  // Keys in Drizzle's order: a nested object where its first column comes.
  const root: Shape = new Map();
  const decoders = fields.map(({ path, field }, column) => {
    let shape = root;
    for (const key of path.slice(0, -1)) {
      let next = shape.get(key);
      if (next === undefined || typeof next === 'number') {
        next = new Map();
        shape.set(key, next);
      }
      shape = next;
    }
    shape.set(path[path.length - 1] as string, column);
    return decodeOf(field);
  });
  const literal = (shape: Shape): string =>
    `{${[...shape]
      .map(([key, value]) => {
        const code =
          typeof value !== 'number'
            ? literal(value)
            : decoders[value]
              ? `(r[${value}] === null ? null : d[${value}](r[${value}]))`
              : `r[${value}]`;
        return `${JSON.stringify(key)}: ${code}`;
      })
      .join(', ')}}`;
  // The code holds only column numbers and the selection's own keys, quoted as JSON.
  const make = new Function(
    'd',
    `return (rows) => { const out = new Array(rows.length); for (let i = 0; i < rows.length; i += 1) { const r = rows[i]; out[i] = ${literal(root)}; } return out; };`,
  ) as (decoders: readonly (Decode | undefined)[]) => (rows: unknown[][]) => Record<string, unknown>[];
  return make(decoders);
}
