// Pure rules of the Connect dialog (spec A2.10, A4.6, A5, C§9).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CONNECT_METHODS, CONNECT_STRINGS, CONNECT_TAB_LABELS, CONNECT_TYPES, PASSWORD_PLACEHOLDER } from './constants.ts';
import { connectParams, connectSearchFor, connectTitle, visibleConnectTabs } from './params.ts';
import { connectSteps, connectionStrings, withPassword } from './strings.ts';
import { ipv4Note, methodEndpoint, poolSizeProblem, poolerLabel, type PoolerConfig } from './methods.ts';
import { APP_FRAMEWORKS, FRAMEWORK_TREES, MOBILE_FRAMEWORKS, ORMS, selectFramework } from './frameworks.ts';

const endpoint = { host: '127.0.0.1', port: 54322, database: 'project_abc', user: 'strata_abc' };
const allTabs = visibleConnectTabs(() => true);

describe('connect parameters (spec A2.10, A5)', () => {
  it('defaults: closed, direct tab, uri, direct method, primary database', () => {
    expect(connectParams({}, { ref: 'abc', tabs: allTabs })).toEqual({
      open: false,
      tab: 'direct',
      type: 'uri',
      method: 'direct',
      source: undefined,
      framework: undefined,
      using: undefined,
      with: undefined,
    });
  });

  it('resets an invalid type to uri and an invalid method to direct; keeps valid ones', () => {
    const bad = connectParams({ showConnect: true, type: 'cobol', method: 'carrier-pigeon' }, { ref: 'abc', tabs: allTabs });
    expect([bad.open, bad.type, bad.method]).toEqual([true, 'uri', 'direct']);
    for (const type of CONNECT_TYPES) expect(connectParams({ type }, { ref: 'abc', tabs: allTabs }).type).toBe(type);
    for (const method of CONNECT_METHODS) expect(connectParams({ method }, { ref: 'abc', tabs: allTabs }).method).toBe(method);
  });

  it('property: any string gives an allowed type, method and a shown tab', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.subarray([...allTabs], { minLength: 1 }), (type, method, tab, tabs) => {
        const params = connectParams({ type, method, connectTab: tab }, { ref: 'abc', tabs });
        expect(CONNECT_TYPES).toContain(params.type);
        expect(CONNECT_METHODS).toContain(params.method);
        expect(tabs).toContain(params.tab);
      }),
    );
  });

  it('a source equal to the project ref is the primary database (omitted)', () => {
    expect(connectParams({ source: 'abc' }, { ref: 'abc', tabs: allTabs }).source).toBeUndefined();
    expect(connectParams({ source: 'abc-rr-1' }, { ref: 'abc', tabs: allTabs }).source).toBe('abc-rr-1');
    expect(connectSearchFor({ tab: 'direct', type: 'uri', method: 'direct', source: 'abc', framework: undefined, using: undefined, with: undefined }, 'abc')).toEqual({
      showConnect: true,
      connectTab: 'direct',
      type: undefined,
      method: undefined,
      source: undefined,
      framework: undefined,
      using: undefined,
      with: undefined,
    });
  });

  it('a flagged-off tab is not shown and resets to direct', () => {
    const tabs = visibleConnectTabs((flag) => flag !== 'project_connection:show_orms');
    expect(tabs).toEqual(['direct', 'frameworks', 'mobiles', 'mcp']);
    expect(connectParams({ connectTab: 'orms' }, { ref: 'abc', tabs }).tab).toBe('direct');
  });

  it("adds ' via {tab}' to the title only when one tab exists", () => {
    expect(connectTitle(['direct'], CONNECT_TAB_LABELS)).toBe('Connect to your project via Connection String');
    expect(connectTitle(allTabs, CONNECT_TAB_LABELS)).toBe(CONNECT_STRINGS.title);
  });
});

describe('connection strings (spec A3, A2.10)', () => {
  it('every format names the real host, port, database and user, with the placeholder', () => {
    const strings = connectionStrings(endpoint);
    expect(strings.uri).toBe('postgresql://strata_abc:[YOUR_PASSWORD]@127.0.0.1:54322/project_abc');
    expect(strings.psql).toBe('psql -h 127.0.0.1 -p 54322 -d project_abc -U strata_abc');
    expect(strings.golang).toBe('user=strata_abc password=[YOUR_PASSWORD] host=127.0.0.1 port=54322 dbname=project_abc');
    expect(strings.jdbc).toBe('jdbc:postgresql://127.0.0.1:54322/project_abc?user=strata_abc&password=[YOUR_PASSWORD]');
    expect(strings.dotnet).toBe('Host=127.0.0.1;Port=54322;Database=project_abc;Username=strata_abc;Password=[YOUR_PASSWORD]');
    expect(strings.nodejs).toBe('DATABASE_URL=postgresql://strata_abc:[YOUR_PASSWORD]@127.0.0.1:54322/project_abc');
    expect(strings.php).toBe('pgsql:host=127.0.0.1;port=54322;dbname=project_abc;user=strata_abc;password=[YOUR_PASSWORD]');
    expect(strings.python).toBe(strings.golang);
    expect(strings.sqlalchemy).toBe('postgresql+psycopg2://strata_abc:[YOUR_PASSWORD]@127.0.0.1:54322/project_abc');
    for (const type of CONNECT_TYPES) if (type !== 'psql') expect(strings[type]).toContain(PASSWORD_PLACEHOLDER);
  });

  it('property: a URI with any password parses back to the endpoint and that password', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.stringMatching(/^[a-z_][a-z0-9_@:/ -]{0,20}$/), (password, user) => {
        const uri = withPassword(connectionStrings({ ...endpoint, user }).uri, 'uri', password);
        const url = new URL(uri);
        expect(decodeURIComponent(url.username)).toBe(user);
        expect(decodeURIComponent(url.password)).toBe(password);
        expect([url.hostname, url.port, url.pathname]).toEqual(['127.0.0.1', '54322', '/project_abc']);
      }),
    );
  });

  it('a password with spaces or quotes goes into the PHP form quoted, as libpq reads the DSN (found by connecting)', () => {
    const php = connectionStrings(endpoint).php;
    expect(withPassword(php, 'php', 'correct horse battery')).toBe(php.replace(PASSWORD_PLACEHOLDER, "'correct horse battery'"));
    expect(withPassword(php, 'php', "it's\\x")).toBe(php.replace(PASSWORD_PLACEHOLDER, "'it\\'s\\\\x'"));
    expect(withPassword(php, 'php', 'plain-Pass_1.2')).toBe(php.replace(PASSWORD_PLACEHOLDER, 'plain-Pass_1.2'));
  });

  it('quotes key/value parameters that need it', () => {
    expect(connectionStrings({ ...endpoint, user: "o'neil x" }).golang).toContain("user='o\\'neil x'");
  });

  it('numbered steps: Node.js installs pg, adds .env, connects; .NET adds the configuration package', () => {
    const strings = connectionStrings(endpoint);
    expect(connectSteps('nodejs', strings).map((s) => s.title)).toEqual([CONNECT_STRINGS.stepInstall, CONNECT_STRINGS.stepAddFile, CONNECT_STRINGS.stepConnect]);
    expect(connectSteps('dotnet', strings).map((s) => s.title)).toContain(CONNECT_STRINGS.stepConfigPackage);
    for (const type of CONNECT_TYPES) {
      const code = connectSteps(type, strings).flatMap((s) => s.blocks.map((b) => b.code)).join('\n');
      expect(code).toContain(type === 'dotnet' ? 'Host=127.0.0.1' : '127.0.0.1');
    }
  });
});

describe('connection methods (spec A4.6, C§9)', () => {
  const pooler: PoolerConfig = {
    identifier: 'abc',
    database_type: 'PRIMARY',
    pool_mode: 'transaction',
    default_pool_size: 15,
    db_host: '127.0.0.1',
    db_name: 'project_abc',
    db_user: 'strata_abc',
    db_port: 6543,
    session_port: 5432,
    connection_string: '',
    running: true,
  };
  it('transaction and session reach the pooler ports; the session string is the transaction one with the port swapped', () => {
    const transaction = methodEndpoint('transaction', endpoint, pooler);
    const session = methodEndpoint('session', endpoint, pooler);
    expect(transaction.endpoint?.port).toBe(6543);
    expect(session.endpoint?.port).toBe(5432);
    expect(connectionStrings(session.endpoint!).uri).toBe(connectionStrings(transaction.endpoint!).uri.replace(':6543/', ':5432/'));
    expect(methodEndpoint('direct', endpoint, pooler).endpoint).toEqual(endpoint);
  });
  it("transaction is unavailable when pool mode is session; a pooler that does not run says so", () => {
    expect(methodEndpoint('transaction', endpoint, { ...pooler, pool_mode: 'session' }).unavailable).toBe(
      'Transaction pooler is unavailable as pool mode is set to Session',
    );
    expect(methodEndpoint('session', endpoint, { ...pooler, pool_mode: 'session' }).endpoint?.port).toBe(5432);
    expect(methodEndpoint('session', endpoint, { ...pooler, running: false, unavailable_reason: 'pgbouncer is not installed' }).unavailable).toBe(
      'pgbouncer is not installed',
    );
    expect(methodEndpoint('transaction', endpoint, undefined).unavailable).toMatch(/No connection pooler/);
  });
  it('labels and IPv4 notes', () => {
    expect(poolerLabel('free')).toBe('Shared Pooler');
    expect(poolerLabel('pro')).toBe('Dedicated Pooler');
    expect(ipv4Note('direct', { freePlan: true, ipv4AddOn: false })).toEqual({ compatible: false, note: CONNECT_STRINGS.ipv4Direct });
    expect(ipv4Note('direct', { freePlan: true, ipv4AddOn: true })).toEqual({ compatible: true, note: CONNECT_STRINGS.ipv4Proxied });
    expect(ipv4Note('transaction', { freePlan: false, ipv4AddOn: false }).compatible).toBe(false);
    expect(ipv4Note('session', { freePlan: true, ipv4AddOn: true }).note).toBe(CONNECT_STRINGS.notRecommendedSession);
  });
  it('pool size bounds', () => {
    expect(poolSizeProblem(15)).toBeNull();
    expect(poolSizeProblem(0)).toMatch(/between/);
    expect(poolSizeProblem(1.5)).toMatch(/whole/);
  });
});

describe('framework cascade (spec A2.10)', () => {
  it('lists the spec frameworks, mobiles and ORMs', () => {
    expect(APP_FRAMEWORKS.map((f) => f.label)).toEqual(['Next.js', 'Remix', 'React', 'Nuxt', 'Vue', 'SvelteKit', 'Solid.js', 'Astro', 'refine']);
    expect(MOBILE_FRAMEWORKS.map((f) => f.label)).toEqual(['Expo React Native', 'Flutter', 'Ionic React', 'Swift', 'Android Kotlin', 'Ionic Angular']);
    expect(ORMS.map((f) => f.label)).toEqual(['Prisma', 'Drizzle']);
  });
  it('Prisma through the transaction pooler turns prepared statements off; direct needs nothing', () => {
    const env = ORMS[0]!.files![0]!;
    const pooled = { apiUrl: '', anonKey: '', databaseUrl: 'postgresql://u:[YOUR_PASSWORD]@h:6543/d', directUrl: 'postgresql://u:[YOUR_PASSWORD]@h:5432/d' };
    expect(env.code(pooled)).toBe('DATABASE_URL="postgresql://u:[YOUR_PASSWORD]@h:6543/d?pgbouncer=true"\nDIRECT_URL="postgresql://u:[YOUR_PASSWORD]@h:5432/d"');
    expect(env.code({ ...pooled, databaseUrl: pooled.directUrl })).not.toContain('pgbouncer');
  });

  it('follows the path and falls back to the first option for unknown keys', () => {
    expect(selectFramework(APP_FRAMEWORKS, { framework: 'nextjs', using: 'pages' }).path.map((n) => n.key)).toEqual(['nextjs', 'pages', 'supabasejs']);
    expect(selectFramework(APP_FRAMEWORKS, { framework: 'nope', using: 'pages' }).path.map((n) => n.key)).toEqual(['nextjs', 'pages', 'supabasejs']);
    expect(selectFramework(APP_FRAMEWORKS, { framework: 'react', using: 'app' }).path.map((n) => n.key)).toEqual(['react', 'vite', 'supabasejs']);
  });
  it('property: every path of every tree ends on files filled with the real URL, key or database URL', () => {
    const context = { apiUrl: 'http://127.0.0.1:54321/p/abc', anonKey: 'eyJ.anon.key', databaseUrl: 'postgresql://u:[YOUR_PASSWORD]@h:1/d', directUrl: 'postgresql://u:[YOUR_PASSWORD]@h:2/d' };
    for (const tree of Object.values(FRAMEWORK_TREES)) {
      fc.assert(
        fc.property(fc.constantFrom(...tree.map((n) => n.key), 'x'), fc.option(fc.string()), (framework, using) => {
          const selection = selectFramework(tree, { framework, using: using ?? undefined });
          expect(selection.files.length).toBeGreaterThan(0);
          const text = selection.files.map((f) => f.code(context)).join('\n');
          expect(text.includes(context.apiUrl) || text.includes(context.databaseUrl) || text.includes('SUPABASE_URL')).toBe(true);
        }),
      );
      for (const node of tree) {
        const files = selectFramework(tree, { framework: node.key }).files;
        const text = files.map((f) => f.code(context)).join('\n');
        expect(text.includes(context.apiUrl) || text.includes(context.databaseUrl)).toBe(true);
      }
    }
  });
});
