// Generated connection strings (spec A3 "Generated connection strings", A2.10): every format for one endpoint,
// with the password placeholder. A user name or database with characters outside a URI's unreserved set is
// percent-encoded in the URI-shaped formats and quoted in the key/value ones, so each string connects as shown.
import { PASSWORD_PLACEHOLDER, type ConnectType } from './constants.ts';

export interface ConnectionEndpoint {
  host: string;
  port: number;
  database: string;
  user: string;
}

/** libpq key/value quoting: a value with spaces, quotes or backslashes goes in single quotes, escaped. */
function kv(value: string): string {
  return /^[A-Za-z0-9_.\-[\]]+$/.test(value) ? value : `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}
/** Hosts that are IPv6 literals need brackets in URIs. */
const uriHost = (host: string) => (host.includes(':') ? `[${host}]` : host);

export function connectionUri(endpoint: ConnectionEndpoint, password = PASSWORD_PLACEHOLDER, scheme = 'postgresql'): string {
  const user = encodeURIComponent(endpoint.user);
  const pass = password === PASSWORD_PLACEHOLDER ? password : encodeURIComponent(password);
  return `${scheme}://${user}:${pass}@${uriHost(endpoint.host)}:${endpoint.port}/${encodeURIComponent(endpoint.database)}`;
}

/** Every format of spec A2.10 for one endpoint. */
export function connectionStrings(endpoint: ConnectionEndpoint): Record<ConnectType, string> {
  const { host, port, database, user } = endpoint;
  const uri = connectionUri(endpoint);
  return {
    uri,
    psql: `psql -h ${kv(host)} -p ${port} -d ${kv(database)} -U ${kv(user)}`,
    golang: `user=${kv(user)} password=${PASSWORD_PLACEHOLDER} host=${kv(host)} port=${port} dbname=${kv(database)}`,
    jdbc: `jdbc:postgresql://${uriHost(host)}:${port}/${encodeURIComponent(database)}?user=${encodeURIComponent(user)}&password=${PASSWORD_PLACEHOLDER}`,
    dotnet: `Host=${host};Port=${port};Database=${database};Username=${user};Password=${PASSWORD_PLACEHOLDER}`,
    nodejs: `DATABASE_URL=${uri}`,
    php: `pgsql:host=${host};port=${port};dbname=${database};user=${user};password=${PASSWORD_PLACEHOLDER}`,
    python: `user=${kv(user)} password=${PASSWORD_PLACEHOLDER} host=${kv(host)} port=${port} dbname=${kv(database)}`,
    sqlalchemy: connectionUri(endpoint, PASSWORD_PLACEHOLDER, 'postgresql+psycopg2'),
  };
}

/** A generated string with the real password in place of the placeholder (tests; never shown in the console). */
export function withPassword(text: string, type: ConnectType, password: string): string {
  const uriShaped = type === 'uri' || type === 'nodejs' || type === 'sqlalchemy' || type === 'jdbc';
  // PHP's PDO pgsql hands its DSN to libpq as a keyword/value string (each ';' turned into a space), so a password
  // with a space or quote needs libpq's quoting there too. A ';' inside a password cannot survive that conversion:
  // such a password goes as PDO's third argument instead.
  const keywordValue = type === 'golang' || type === 'python' || type === 'php';
  return text.replace(PASSWORD_PLACEHOLDER, uriShaped ? encodeURIComponent(password) : keywordValue ? kv(password) : password);
}

export interface ConnectStep {
  title: string;
  /** Shell command, file or code block. */
  blocks: { label?: string; language: string; code: string }[];
}

/** spec A2.10: the numbered steps of the Direct tab for a format ('Install the following', 'Add file to project', …). */
export function connectSteps(type: ConnectType, strings: Record<ConnectType, string>): ConnectStep[] {
  const s = strings[type];
  switch (type) {
    case 'uri':
    case 'psql':
    case 'jdbc':
      return [{ title: 'Connect to your database', blocks: [{ language: 'bash', code: s }] }];
    case 'nodejs':
      return [
        { title: 'Install the following', blocks: [{ language: 'bash', code: 'npm install pg dotenv' }] },
        { title: 'Add file to project', blocks: [{ label: '.env', language: 'bash', code: s }] },
        {
          title: 'Connect to your database',
          blocks: [
            {
              label: 'db.js',
              language: 'js',
              code: `import 'dotenv/config';\nimport pg from 'pg';\n\nconst client = new pg.Client({ connectionString: process.env.DATABASE_URL });\nawait client.connect();\nconst { rows } = await client.query('select now()');\nconsole.log(rows);\nawait client.end();`,
            },
          ],
        },
      ];
    case 'golang':
      return [
        { title: 'Install the following', blocks: [{ language: 'bash', code: 'go get github.com/jackc/pgx/v5' }] },
        { title: 'Add file to project', blocks: [{ label: '.env', language: 'bash', code: `DATABASE_URL="${s}"` }] },
        {
          title: 'Connect to your database',
          blocks: [
            {
              label: 'main.go',
              language: 'go',
              code: `package main\n\nimport (\n\t"context"\n\t"log"\n\t"os"\n\n\t"github.com/jackc/pgx/v5"\n)\n\nfunc main() {\n\tconn, err := pgx.Connect(context.Background(), os.Getenv("DATABASE_URL"))\n\tif err != nil {\n\t\tlog.Fatalf("Failed to connect to the database: %v", err)\n\t}\n\tdefer conn.Close(context.Background())\n\n\tvar version string\n\tif err := conn.QueryRow(context.Background(), "SELECT version()").Scan(&version); err != nil {\n\t\tlog.Fatalf("Query failed: %v", err)\n\t}\n\tlog.Println("Connected to:", version)\n}`,
            },
          ],
        },
      ];
    case 'dotnet':
      return [
        { title: 'Install the following', blocks: [{ language: 'bash', code: 'dotnet add package Npgsql' }] },
        {
          title: 'Add the configuration package to read the settings',
          blocks: [{ language: 'bash', code: 'dotnet add package Microsoft.Extensions.Configuration.Json' }],
        },
        {
          title: 'Add file to project',
          blocks: [{ label: 'appsettings.json', language: 'json', code: JSON.stringify({ ConnectionStrings: { DefaultConnection: s } }, null, 2) }],
        },
        {
          title: 'Connect to your database',
          blocks: [
            {
              label: 'Program.cs',
              language: 'csharp',
              code: `using Microsoft.Extensions.Configuration;\nusing Npgsql;\n\nvar configuration = new ConfigurationBuilder().AddJsonFile("appsettings.json").Build();\nawait using var connection = new NpgsqlConnection(configuration.GetConnectionString("DefaultConnection"));\nawait connection.OpenAsync();\nConsole.WriteLine("Connected");`,
            },
          ],
        },
      ];
    case 'php':
      return [
        { title: 'Add file to project', blocks: [{ label: '.env', language: 'bash', code: `DATABASE_DSN="${s}"` }] },
        {
          title: 'Connect to your database',
          blocks: [{ label: 'index.php', language: 'php', code: `<?php\n$pdo = new PDO(getenv('DATABASE_DSN'));\necho $pdo->query('select version()')->fetchColumn();` }],
        },
      ];
    case 'python':
      return [
        { title: 'Install the following', blocks: [{ language: 'bash', code: 'pip install python-dotenv psycopg2' }] },
        { title: 'Add file to project', blocks: [{ label: '.env', language: 'bash', code: `DATABASE_DSN="${s}"` }] },
        {
          title: 'Connect to your database',
          blocks: [
            {
              label: 'main.py',
              language: 'python',
              code: `import os\nimport psycopg2\nfrom dotenv import load_dotenv\n\nload_dotenv()\nconnection = psycopg2.connect(os.getenv("DATABASE_DSN"))\ncursor = connection.cursor()\ncursor.execute("SELECT NOW();")\nprint(cursor.fetchone())\ncursor.close()\nconnection.close()`,
            },
          ],
        },
      ];
    case 'sqlalchemy':
      return [
        { title: 'Install the following', blocks: [{ language: 'bash', code: 'pip install python-dotenv sqlalchemy psycopg2' }] },
        { title: 'Add file to project', blocks: [{ label: '.env', language: 'bash', code: `DATABASE_URL="${s}"` }] },
        {
          title: 'Connect to your database',
          blocks: [
            {
              label: 'main.py',
              language: 'python',
              code: `import os\nfrom dotenv import load_dotenv\nfrom sqlalchemy import create_engine, text\n\nload_dotenv()\nengine = create_engine(os.getenv("DATABASE_URL"))\nwith engine.connect() as connection:\n    print(connection.execute(text("SELECT NOW()")).scalar())`,
            },
          ],
        },
      ];
  }
}
