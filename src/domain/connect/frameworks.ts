// Frameworks, mobile frameworks and ORMs of the Connect dialog (spec A2.10): a tree Framework → Using → With whose
// leaf picks the snippet files, filled with the project's real API URL, anon key and database URL. The platform's
// project API speaks the official client's protocols (REST, auth, storage), so the snippets use the official
// JavaScript, Dart, Swift and Kotlin clients.

export interface SnippetContext {
  /** The project's API URL (app_config.endpoint with its protocol). */
  apiUrl: string;
  anonKey: string;
  /** Database URLs with the password placeholder: direct, and the pooler's when one runs. */
  databaseUrl: string;
  directUrl: string;
}
export interface SnippetFile {
  name: string;
  language: string;
  code: (context: SnippetContext) => string;
}
export interface FrameworkNode {
  key: string;
  label: string;
  guide?: string;
  children?: FrameworkNode[];
  files?: SnippetFile[];
}
export type FrameworkTab = 'frameworks' | 'mobiles' | 'orms';

const env = (name: string, prefix: string): SnippetFile => ({
  name,
  language: 'bash',
  code: ({ apiUrl, anonKey }) => `${prefix}SUPABASE_URL=${apiUrl}\n${prefix}SUPABASE_ANON_KEY=${anonKey}`,
});
const jsClient = (name: string, urlExpr: string, keyExpr: string): SnippetFile => ({
  name,
  language: 'ts',
  code: () => `import { createClient } from '@supabase/supabase-js';\n\nexport const supabase = createClient(${urlExpr}, ${keyExpr});`,
});
const jsPage = (name: string, importPath: string): SnippetFile => ({
  name,
  language: 'ts',
  code: () =>
    `import { supabase } from '${importPath}';\n\n// Reads the rows of a table named 'todos' (create it in the table editor first).\nconst { data: todos, error } = await supabase.from('todos').select();\nif (error) throw error;\nconsole.log(todos);`,
});
/** A web framework reading its env variables with `prefix` and `read` (import.meta.env, process.env, …). */
const webStack = (envFile: string, prefix: string, read: string, clientFile: string, pageFile: string, importPath: string): SnippetFile[] => [
  env(envFile, prefix),
  jsClient(clientFile, `${read}.${prefix}SUPABASE_URL`, `${read}.${prefix}SUPABASE_ANON_KEY`),
  jsPage(pageFile, importPath),
];
const supabaseJs = (files: SnippetFile[]): FrameworkNode => ({ key: 'supabasejs', label: 'supabase-js', files });

export const APP_FRAMEWORKS: FrameworkNode[] = [
  {
    key: 'nextjs',
    label: 'Next.js',
    guide: 'https://nextjs.org/docs',
    children: [
      { key: 'app', label: 'App Router', children: [supabaseJs(webStack('.env.local', 'NEXT_PUBLIC_', 'process.env', 'utils/supabase.ts', 'app/page.tsx', '@/utils/supabase'))] },
      { key: 'pages', label: 'Pages Router', children: [supabaseJs(webStack('.env.local', 'NEXT_PUBLIC_', 'process.env', 'utils/supabase.ts', 'pages/index.tsx', '@/utils/supabase'))] },
    ],
  },
  { key: 'remix', label: 'Remix', children: [supabaseJs(webStack('.env', '', 'process.env', 'app/utils/supabase.server.ts', 'app/routes/_index.tsx', '~/utils/supabase.server'))] },
  {
    key: 'react',
    label: 'React',
    children: [
      { key: 'vite', label: 'Vite', children: [supabaseJs(webStack('.env', 'VITE_', 'import.meta.env', 'src/utils/supabase.ts', 'src/App.tsx', './utils/supabase'))] },
      { key: 'create-react-app', label: 'Create React App', children: [supabaseJs(webStack('.env', 'REACT_APP_', 'process.env', 'src/utils/supabase.ts', 'src/App.tsx', './utils/supabase'))] },
    ],
  },
  { key: 'nuxt', label: 'Nuxt', children: [supabaseJs(webStack('.env', 'NUXT_PUBLIC_', 'process.env', 'utils/supabase.ts', 'pages/index.vue', '~/utils/supabase'))] },
  { key: 'vuejs', label: 'Vue', children: [supabaseJs(webStack('.env', 'VITE_', 'import.meta.env', 'src/utils/supabase.ts', 'src/App.vue', './utils/supabase'))] },
  { key: 'sveltekit', label: 'SvelteKit', children: [supabaseJs(webStack('.env', 'PUBLIC_', 'import.meta.env', 'src/lib/supabaseClient.ts', 'src/routes/+page.ts', '$lib/supabaseClient'))] },
  { key: 'solidjs', label: 'Solid.js', children: [supabaseJs(webStack('.env', 'VITE_', 'import.meta.env', 'src/utils/supabase.ts', 'src/App.tsx', './utils/supabase'))] },
  { key: 'astro', label: 'Astro', children: [supabaseJs(webStack('.env', '', 'import.meta.env', 'src/lib/supabase.ts', 'src/pages/index.astro', '../lib/supabase'))] },
  { key: 'refine', label: 'refine', children: [supabaseJs(webStack('.env', 'VITE_', 'import.meta.env', 'src/utility/supabaseClient.ts', 'src/App.tsx', './utility/supabaseClient'))] },
];

const dart: SnippetFile = {
  name: 'lib/main.dart',
  language: 'dart',
  code: ({ apiUrl, anonKey }) =>
    `import 'package:supabase_flutter/supabase_flutter.dart';\n\nFuture<void> main() async {\n  await Supabase.initialize(\n    url: '${apiUrl}',\n    anonKey: '${anonKey}',\n  );\n  final todos = await Supabase.instance.client.from('todos').select();\n  print(todos);\n}`,
};
const swift: SnippetFile = {
  name: 'Supabase.swift',
  language: 'swift',
  code: ({ apiUrl, anonKey }) =>
    `import Supabase\n\nlet supabase = SupabaseClient(\n  supabaseURL: URL(string: "${apiUrl}")!,\n  supabaseKey: "${anonKey}"\n)`,
};
const kotlin: SnippetFile = {
  name: 'Supabase.kt',
  language: 'kotlin',
  code: ({ apiUrl, anonKey }) =>
    `import io.github.jan.supabase.createSupabaseClient\nimport io.github.jan.supabase.postgrest.Postgrest\n\nval supabase = createSupabaseClient(\n    supabaseUrl = "${apiUrl}",\n    supabaseKey = "${anonKey}"\n) {\n    install(Postgrest)\n}`,
};

export const MOBILE_FRAMEWORKS: FrameworkNode[] = [
  { key: 'exporeactnative', label: 'Expo React Native', children: [supabaseJs(webStack('.env', 'EXPO_PUBLIC_', 'process.env', 'utils/supabase.ts', 'App.tsx', './utils/supabase'))] },
  { key: 'flutter', label: 'Flutter', children: [{ key: 'supabaseflutter', label: 'supabase_flutter', files: [dart] }] },
  { key: 'ionicreact', label: 'Ionic React', children: [supabaseJs(webStack('.env', 'VITE_', 'import.meta.env', 'src/supabaseClient.ts', 'src/App.tsx', './supabaseClient'))] },
  { key: 'swift', label: 'Swift', children: [{ key: 'supabaseswift', label: 'supabase-swift', files: [swift] }] },
  { key: 'androidkotlin', label: 'Android Kotlin', children: [{ key: 'supabasekt', label: 'supabase-kt', files: [kotlin] }] },
  {
    key: 'ionicangular',
    label: 'Ionic Angular',
    children: [
      supabaseJs([
        {
          name: 'src/environments/environment.ts',
          language: 'ts',
          code: ({ apiUrl, anonKey }) => `export const environment = {\n  production: false,\n  supabaseUrl: '${apiUrl}',\n  supabaseKey: '${anonKey}',\n};`,
        },
        {
          name: 'src/app/supabase.service.ts',
          language: 'ts',
          code: () =>
            `import { Injectable } from '@angular/core';\nimport { createClient, SupabaseClient } from '@supabase/supabase-js';\nimport { environment } from '../environments/environment';\n\n@Injectable({ providedIn: 'root' })\nexport class SupabaseService {\n  readonly client: SupabaseClient = createClient(environment.supabaseUrl, environment.supabaseKey);\n}`,
        },
      ]),
    ],
  },
];

export const ORMS: FrameworkNode[] = [
  {
    key: 'prisma',
    label: 'Prisma',
    guide: 'https://www.prisma.io/docs',
    files: [
      // Through the transaction pooler Prisma must not prepare statements: its pgbouncer=true switch.
      {
        name: '.env',
        language: 'bash',
        code: ({ databaseUrl, directUrl }) => `DATABASE_URL="${databaseUrl}${databaseUrl === directUrl ? '' : '?pgbouncer=true'}"\nDIRECT_URL="${directUrl}"`,
      },
      {
        name: 'prisma/schema.prisma',
        language: 'prisma',
        code: () => `datasource db {\n  provider  = "postgresql"\n  url       = env("DATABASE_URL")\n  directUrl = env("DIRECT_URL")\n}\n\ngenerator client {\n  provider = "prisma-client-js"\n}`,
      },
    ],
  },
  {
    key: 'drizzle',
    label: 'Drizzle',
    guide: 'https://orm.drizzle.team/docs/get-started-postgresql',
    files: [
      { name: '.env', language: 'bash', code: ({ databaseUrl }) => `DATABASE_URL="${databaseUrl}"` },
      {
        name: 'drizzle/db.ts',
        language: 'ts',
        code: () =>
          `import 'dotenv/config';\nimport { drizzle } from 'drizzle-orm/node-postgres';\n\n// Through a transaction pooler, prepared statements are not supported: keep queries unprepared.\nexport const db = drizzle(process.env.DATABASE_URL!);`,
      },
    ],
  },
];

export const FRAMEWORK_TREES: Record<FrameworkTab, FrameworkNode[]> = { frameworks: APP_FRAMEWORKS, mobiles: MOBILE_FRAMEWORKS, orms: ORMS };
/** spec A2.10: the first dropdown is 'Framework', or 'Tool' for ORMs. */
export const FRAMEWORK_LEVEL_LABELS: Record<FrameworkTab, [string, string, string]> = {
  frameworks: ['Framework', 'Using', 'With'],
  mobiles: ['Framework', 'Using', 'With'],
  orms: ['Tool', 'Using', 'With'],
};

export interface FrameworkSelection {
  /** The chosen node of each level, parent first (1 to 3 of them). */
  path: FrameworkNode[];
  /** The options of each level shown (each dropdown). */
  levels: FrameworkNode[][];
  files: SnippetFile[];
}

/**
 * spec A2.10: the cascade. A missing or unknown key picks the first option of its level, so a stale `using` after a
 * framework change, or a hand-typed URL, always lands on a snippet.
 */
export function selectFramework(tree: FrameworkNode[], keys: { framework?: string; using?: string; with?: string }): FrameworkSelection {
  const path: FrameworkNode[] = [];
  const levels: FrameworkNode[][] = [];
  let options: FrameworkNode[] | undefined = tree;
  for (const key of [keys.framework, keys.using, keys.with]) {
    if (!options || options.length === 0) break;
    levels.push(options);
    const node: FrameworkNode = options.find((option) => option.key === key) ?? options[0]!;
    path.push(node);
    options = node.children;
  }
  return { path, levels, files: path.at(-1)?.files ?? [] };
}

/** The keys of a selection, for the URL (framework/using/with). */
export const frameworkKeys = (selection: FrameworkSelection) => ({
  framework: selection.path[0]?.key,
  using: selection.path[1]?.key,
  with: selection.path[2]?.key,
});
