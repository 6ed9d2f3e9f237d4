/**
 * `@name` placeholders to PostgreSQL's `$n`, each name one parameter however often it appears; only the
 * names the text uses are sent, so PostgreSQL can type every one.
 */
export function named(text: string, values: Readonly<Record<string, unknown>>): [string, unknown[]] {
  const order: string[] = [];
  const sql = text.replace(/@([a-z_]+)/g, (_match, name: string) => {
    if (!(name in values)) throw new Error(`no value for @${name}`);
    let index = order.indexOf(name);
    if (index < 0) index = order.push(name) - 1;
    return `$${index + 1}`;
  });
  return [sql, order.map((name) => values[name])];
}
