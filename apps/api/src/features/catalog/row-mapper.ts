import { Column, is, SQL, Subquery } from 'drizzle-orm';

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
 * The rows of a statement as Drizzle would give them, with everything Drizzle works out per
 * row worked out once per statement: which decoder each column has and which nested object
 * it goes in. Drizzle asks both again for every column of every row, which took a list request
 * about as long as checking its answer (decision 25).
 *
 * Only for selections without outer joins: Drizzle turns an outer join's object into null when
 * all its columns are null. For those this returns undefined, and Drizzle maps their rows itself.
 */
export function compileRowMapper(
  fields: readonly SelectedField[],
  joinsNotNullable: Record<string, boolean> | undefined,
): ((rows: unknown[][]) => Record<string, unknown>[]) | undefined {
  if (joinsNotNullable && Object.values(joinsNotNullable).some((notNullable) => !notNullable)) return undefined;
  // Every row is made by the same steps, in Drizzle's order: a nested object when its first
  // column comes, then each column's decoded value into its object (node 0 is the row itself).
  type Step =
    | { make: true; node: number; parent: number; key: string }
    | { make: false; node: number; key: string; column: number; decode: Decode };
  const steps: Step[] = [];
  const nodeIndex = new Map<string, number>([['', 0]]);
  fields.forEach(({ path, field }, column) => {
    let node = 0;
    for (let depth = 0; depth < path.length - 1; depth += 1) {
      const id = path.slice(0, depth + 1).join('\u0000');
      let index = nodeIndex.get(id);
      if (index === undefined) {
        index = nodeIndex.size;
        steps.push({ make: true, node: index, parent: node, key: path[depth] as string });
        nodeIndex.set(id, index);
      }
      node = index;
    }
    const decoder = decoderOf(field);
    steps.push({
      make: false,
      node,
      key: path[path.length - 1] as string,
      column,
      decode: decoder.mapFromDriverValue.bind(decoder),
    });
  });
  return (rows) =>
    rows.map((row) => {
      const made: Record<string, unknown>[] = [{}];
      for (const step of steps) {
        const into = made[step.make ? step.parent : step.node] as Record<string, unknown>;
        if (step.make) {
          const object: Record<string, unknown> = {};
          into[step.key] = object;
          made[step.node] = object;
        } else {
          const raw = row[step.column];
          into[step.key] = raw === null ? null : step.decode(raw);
        }
      }
      return made[0] as Record<string, unknown>;
    });
}
