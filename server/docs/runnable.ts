// The docs' runnable samples (```sh runnable / ```sql runnable): extracted so a test runs them against a fresh
// project (issue 22: 'the docs' code samples are checked by a test').
export interface RunnableSample {
  page: string;
  lang: 'sh' | 'sql';
  code: string;
}

export function runnableSamples(page: string, markdown: string): RunnableSample[] {
  const out: RunnableSample[] = [];
  const fence = /^```(sh|sql) runnable\n([\s\S]*?)^```$/gm;
  for (const match of markdown.matchAll(fence)) out.push({ page, lang: match[1] as 'sh' | 'sql', code: match[2]! });
  return out;
}

/** Shell words of one command: quotes, backslash-newline continuations and $VARIABLES (outside single quotes). */
export function shellWords(command: string, env: Record<string, string>): string[] {
  const text = command.replace(/\\\n/g, ' ').replace(/\s+#[^\n]*$/gm, '');
  const words: string[] = [];
  let word: string | null = null;
  const expand = (s: string) => s.replace(/\$([A-Z_]+)/g, (_m, name: string) => {
    if (!(name in env)) throw new Error(`Unknown variable $${name} in a runnable sample`);
    return env[name]!;
  });
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      if (word !== null) words.push(word);
      word = null;
    } else if (ch === "'") {
      const end = text.indexOf("'", i + 1);
      word = (word ?? '') + text.slice(i + 1, end);
      i = end;
    } else if (ch === '"') {
      const end = text.indexOf('"', i + 1);
      word = (word ?? '') + expand(text.slice(i + 1, end));
      i = end;
    } else {
      const m = /^[^\s'"]+/.exec(text.slice(i))![0];
      word = (word ?? '') + expand(m);
      i += m.length - 1;
    }
  }
  if (word !== null) words.push(word);
  return words;
}

export interface CurlRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** The subset of curl the docs use: -X, -H, -d / --data-binary and the URL. */
export function parseCurl(words: string[]): CurlRequest {
  if (words[0] !== 'curl') throw new Error(`A runnable sh sample must be a curl command, got ${words[0]}`);
  const request: CurlRequest = { method: 'GET', url: '', headers: {} };
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (w === '-X') request.method = words[++i]!;
    else if (w === '-H') {
      const header = words[++i]!;
      const colon = header.indexOf(':');
      request.headers[header.slice(0, colon).trim().toLowerCase()] = header.slice(colon + 1).trim();
    } else if (w === '-d' || w === '--data-binary') {
      request.body = words[++i]!;
      if (request.method === 'GET') request.method = 'POST';
    } else if (w.startsWith('-')) throw new Error(`curl option ${w} is not supported by the sample runner`);
    else request.url = w;
  }
  return request;
}
