// Constants and strings of the Connect dialog (spec A2.10, A4.6, A5, C§9), one place each.

import { CONNECT_BUTTON } from './button.ts';

/** spec C§9: ports of the poolers (the session string is the transaction string with the port swapped). */
export const TRANSACTION_POOLER_PORT = 6543;
export const SESSION_POOLER_PORT = 5432;

/** spec C§9: copy feedback of a connection parameter (the tick), 1 s. */
export const PARAMETER_COPY_FEEDBACK_MS = 1000;

/** spec A3: the password placeholder of every generated connection string. */
export const PASSWORD_PLACEHOLDER = '[YOUR_PASSWORD]';

/** spec A2.10: the tabs, in order, and the flag that shows each (null: always shown). */
export const CONNECT_TABS = ['direct', 'frameworks', 'mobiles', 'orms', 'mcp'] as const;
export type ConnectTab = (typeof CONNECT_TABS)[number];
export const CONNECT_TAB_FLAGS = {
  direct: null,
  frameworks: 'project_connection:show_app_frameworks',
  mobiles: 'project_connection:show_mobile_frameworks',
  orms: 'project_connection:show_orms',
  mcp: null,
} as const satisfies Record<ConnectTab, string | null>;
export const CONNECT_TAB_LABELS: Record<ConnectTab, string> = {
  direct: 'Connection String',
  frameworks: 'App Frameworks',
  mobiles: 'Mobile Frameworks',
  orms: 'ORMs',
  mcp: 'MCP',
};

/** spec A2.10, A5: connection-string formats (type); an unknown type resets to uri. */
export const CONNECT_TYPES = ['uri', 'psql', 'golang', 'jdbc', 'dotnet', 'nodejs', 'php', 'python', 'sqlalchemy'] as const;
export type ConnectType = (typeof CONNECT_TYPES)[number];
export const CONNECT_TYPE_LABELS: Record<ConnectType, string> = {
  uri: 'URI',
  psql: 'PSQL',
  golang: 'Golang',
  jdbc: 'JDBC',
  dotnet: '.NET',
  nodejs: 'Node.js',
  php: 'PHP',
  python: 'Python',
  sqlalchemy: 'SQLAlchemy',
};

/** spec A2.10, A5: connection methods; an unknown method resets to direct. */
export const CONNECT_METHODS = ['direct', 'transaction', 'session'] as const;
export type ConnectMethod = (typeof CONNECT_METHODS)[number];
export const CONNECT_METHOD_LABELS: Record<ConnectMethod, string> = {
  direct: 'Direct connection',
  transaction: 'Transaction pooler',
  session: 'Session pooler',
};
/** spec A2.10: what each method is for. */
export const CONNECT_METHOD_DESCRIPTIONS: Record<ConnectMethod, string> = {
  direct: 'Ideal for applications with persistent and long-lived connections, such as those running on virtual machines or long-standing containers.',
  transaction: 'Ideal for stateless applications like serverless functions where each interaction with Postgres is brief and isolated.',
  session: 'Only recommended as an alternative to Direct Connection, when connecting via an IPv4 network.',
};

/** spec A2.10, A4.6, A8: the dialog's fixed strings. */
export const CONNECT_STRINGS = {
  title: 'Connect to your project',
  button: CONNECT_BUTTON.label,
  disabledTooltip: CONNECT_BUTTON.disabledTooltip,
  primaryDatabase: 'Primary database',
  viewParameters: 'View parameters',
  passwordNote: 'For security reasons, your database password is never shown.',
  resetPassword: 'Reset your database password',
  noPrepare: 'Does not support PREPARE statements',
  transactionUnavailable: 'Transaction pooler is unavailable as pool mode is set to Session',
  sqlalchemyHint: 'Use the psycopg2 dialect: postgresql+psycopg2:// (SQLAlchemy picks it for plain postgresql:// URLs).',
  sharedPooler: 'Shared Pooler',
  dedicatedPooler: 'Dedicated Pooler',
  ipv4Direct: 'Purchase IPv4 add-on or use Shared Pooler if on a IPv4 network',
  ipv4Proxied: 'Connections are IPv4 proxied with IPv4 add-on',
  notRecommendedSession: 'Highly recommended to not use Session Pooler',
  keysRenamed: "'anon' and 'service_role' API keys are changing to 'publishable' and 'secret'",
  stepInstall: 'Install the following',
  stepAddFile: 'Add file to project',
  stepConnect: 'Connect to your database',
  stepConfigPackage: 'Add the configuration package to read the settings',
} as const;

/** spec A4.6: examples of IPv4-only platforms (hosting and CI). */
export const IPV4_ONLY_PLATFORMS = ['Vercel', 'GitHub Actions', 'Render', 'Retool'] as const;
