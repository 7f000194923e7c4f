/** Writes the benchmark's figures to the file asked for, in the format its name says: JSON for a name ending in
 * .json, Markdown (formatted as the repository formats it) otherwise. The caller prints the tables before this runs,
 * so a file that cannot be written or formatted loses no figure. */
import fs from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';

export type OutputFormat = 'json' | 'markdown';

export function formatOf(file: string): OutputFormat {
  return path.extname(file).toLowerCase() === '.json' ? 'json' : 'markdown';
}

/** The figures as JSON: a Map becomes an object, a Date its ISO text. */
export function asJson(figures: unknown): string {
  return `${JSON.stringify(figures, (_key, value: unknown) => (value instanceof Map ? Object.fromEntries(value) : value), 2)}\n`;
}

/** Markdown formatted with the repository's settings for that file, so `prettier --check` passes on it; unformatted
 * when prettier cannot format it. */
export async function formattedMarkdown(markdown: string, file: string): Promise<string> {
  try {
    return await prettier.format(markdown, {
      ...((await prettier.resolveConfig(file)) ?? {}),
      parser: 'markdown',
    });
  } catch {
    return markdown;
  }
}

/** Writes the file; `kept` (the sections a Markdown report keeps below its marker) follows Markdown only. */
export async function writeFigures(
  file: string,
  figures: { markdown: string; data: unknown; kept: string },
): Promise<OutputFormat> {
  const format = formatOf(file);
  const text =
    format === 'json' ? asJson(figures.data) : (await formattedMarkdown(figures.markdown, file)) + figures.kept;
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  fs.writeFileSync(file, text);
  return format;
}
