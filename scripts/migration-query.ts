/** The longest line of code allowed (ESLint's `max-len` and Prettier's `printWidth`, docs/architecture.md). */
export const MAX_LINE = 160;

/** A template literal whose value is exactly `text` (on one line: a newline is written `\n`). */
function literal(text: string): string {
  return `\`${text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${').replace(/\r/g, '\\r').replace(/\n/g, '\\n')}\``;
}

/** `part` in phrases that each start with an SQL keyword (`FOREIGN KEY (…) `, `REFERENCES "t"("id") `, `ON DELETE …`). */
function phrases(part: string): string[] {
  const keyword = (word: string | undefined) => word !== undefined && /^[A-Z]+ ?$/.test(word);
  const out: string[] = [];
  let last: string | undefined;
  for (const word of part.split(/(?<= )/)) {
    if (out.length === 0 || (keyword(word) && !keyword(last))) out.push(word);
    else out[out.length - 1] += word;
    last = word;
  }
  return out;
}

/**
 * `text` cut greedily into pieces whose literals are at most `width` long: after ", " where it can, else before a keyword
 * phrase, else after a space, else anywhere.
 */
function cut(text: string, width: number): string[] {
  const fits = (piece: string) => literal(piece).length <= width;
  const split = (part: string, next: (part: string) => string[]) => (fits(part) ? [part] : next(part));
  const words = text
    .split(/(?<=, )/)
    .flatMap((part) => split(part, phrases))
    .flatMap((part) => split(part, (long) => long.split(/(?<= )/)));
  const out: string[] = [];
  let current = '';
  for (const word of words) {
    if (current && !fits(current + word)) {
      out.push(current);
      current = '';
    }
    current += word;
    while (!fits(current)) {
      let end = current.length - 1;
      while (end > 1 && !fits(current.slice(0, end))) end -= 1;
      out.push(current.slice(0, end));
      current = current.slice(end);
    }
  }
  if (current) out.push(current);
  return out;
}

/** As few pieces as `width` allows, made as even as possible (the narrowest width that needs no more of them). */
function pieces(text: string, width: number): string[] {
  const count = cut(text, width).length;
  let narrowest = width;
  while (narrowest > 20 && cut(text, narrowest - 1).length === count) narrowest -= 1;
  return cut(text, narrowest);
}

/**
 * One statement of a migration, `await queryRunner.query(…);` at `indent`, as Prettier prints it: on one line when it fits
 * in MAX_LINE, else as template literals joined by `+`, one a line, that are the statement exactly when joined.
 */
export function queryCall(sql: string, indent = '    '): string {
  const line = `${indent}await queryRunner.query(${literal(sql)});`;
  if (line.length <= MAX_LINE) return line;
  // the first piece at indent + 2, the others at indent + 4; each ends with " +" or, the last, ","
  const parts = pieces(sql, MAX_LINE - indent.length - 6);
  const body = parts.map((part, i) => `${indent}${i === 0 ? '  ' : '    '}${literal(part)}${i === parts.length - 1 ? ',' : ' +'}`);
  return [`${indent}await queryRunner.query(`, ...body, `${indent});`].join('\n');
}

/** The file `npm run migration:generate` writes: a migration class `className` running `up`, and `down` in reverse. */
export function renderMigration(className: string, up: string[], down: string[]): string {
  const calls = (statements: string[]) => statements.map((sql) => queryCall(sql)).join('\n');
  return `import { MigrationInterface, QueryRunner } from 'typeorm';

export class ${className} implements MigrationInterface {
  name = '${className}';

  async up(queryRunner: QueryRunner): Promise<void> {
${calls(up)}
  }

  async down(queryRunner: QueryRunner): Promise<void> {
${calls([...down].reverse())}
  }
}
`;
}
