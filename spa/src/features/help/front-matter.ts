/**
 * The front matter of a Help Center article (functions/ai-chat/help/*.md): a `---` block of
 * `key: value` lines with inline lists (`tags: [a, b]`), then the Markdown body. The same files
 * are Sparky's knowledge (the Rust function reads them with a YAML parser); this reads the
 * small subset they use, without a YAML library in the bundle.
 */
export type FrontMatterValue = string | string[];

export type ParsedMarkdown = {
  data: Record<string, FrontMatterValue>;
  body: string;
};

export class FrontMatterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrontMatterError';
  }
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2) {
    const first = trimmed[0];
    const last = trimmed[trimmed.length - 1];
    if (first === '"' && last === '"') return trimmed.slice(1, -1).replace(/\\(["\\])/g, '$1');
    if (first === "'" && last === "'") return trimmed.slice(1, -1).replace(/''/g, "'");
  }
  return trimmed;
}

/** `[a, b, "c, d"]` → ['a', 'b', 'c, d']: commas inside quotes do not split. */
function parseList(inner: string): string[] {
  const items: string[] = [];
  let current = '';
  let quote: string | null = null;
  for (const char of inner) {
    if (quote) {
      if (char === quote) quote = null;
      current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      current += char;
    } else if (char === ',') {
      items.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  items.push(current);
  return items.map(unquote).filter((item) => item !== '');
}

/** Splits `source` into its front matter and body; throws FrontMatterError when malformed. */
export function parseFrontMatter(source: string): ParsedMarkdown {
  const text = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!text.startsWith('---\n')) throw new FrontMatterError('no front matter: the file must start with ---');
  const end = text.indexOf('\n---', 3);
  if (end === -1) throw new FrontMatterError('the front matter is not closed with ---');
  const afterFence = text.indexOf('\n', end + 4);
  const closing = text.slice(end + 1, afterFence === -1 ? undefined : afterFence);
  if (closing.trim() !== '---') throw new FrontMatterError('the front matter is not closed with ---');

  const data: Record<string, FrontMatterValue> = {};
  for (const [index, line] of text.slice(4, end).split('\n').entries()) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const match = /^([A-Za-z_][\w-]*)\s*:(.*)$/.exec(line);
    if (!match) throw new FrontMatterError(`line ${index + 2}: expected "key: value", got ${JSON.stringify(line)}`);
    const [, key, raw] = match as unknown as [string, string, string];
    const value = raw.trim();
    data[key] = value.startsWith('[') && value.endsWith(']') ? parseList(value.slice(1, -1)) : unquote(value);
  }
  return { data, body: afterFence === -1 ? '' : text.slice(afterFence + 1).trim() };
}
