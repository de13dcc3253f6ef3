import { describe, expect, it } from 'vitest';
import {
  allowedMimeTypesText,
  apiDocsSections,
  bucketSnippets,
  displayType,
  entitiesOf,
  entitySnippets,
  fileSizeLimitText,
  fillSnippet,
  proceduresOf,
  rpcSnippet,
  stripKeyNotes,
  userManagementSnippets,
  type OpenApiDocument,
} from './api-snippets.ts';

const doc: OpenApiDocument = {
  paths: {
    '/books': { get: {}, post: {} },
    '/long_books': { get: {} },
    '/rpc/add': {
      post: {
        summary: 'Adds',
        parameters: [{ in: 'body', schema: { required: ['a'], properties: { a: { format: 'integer', type: 'integer' }, b: { format: 'integer', type: 'integer' } } } }],
      },
    },
    '/rpc/nothing': { post: { parameters: [{ in: 'body', schema: { properties: {} } }] } },
  },
  definitions: {
    books: {
      description: 'Books we have',
      required: ['title'],
      properties: {
        id: { format: 'integer', type: 'integer', description: 'Note:\nThis is a Primary Key.<pk/>' },
        title: { format: 'text', type: 'string' },
        meta: { format: 'jsonb' },
        price: { format: 'numeric', type: 'number' },
        ok: { format: 'boolean', type: 'boolean' },
        author_id: { format: 'integer', type: 'integer', description: 'who\n\nNote:\nThis is a Foreign Key to `authors.id`.<fk table=\'authors\' column=\'id\'/>' },
      },
    },
    long_books: { properties: { id: { format: 'integer', type: 'integer' } } },
  },
};

describe('API docs rules (B2.5)', () => {
  it('maps display types: string, number (integer/number), json (json/jsonb), boolean', () => {
    expect(displayType('string', 'text')).toBe('string');
    expect(displayType('integer', 'integer')).toBe('number');
    expect(displayType('number', 'numeric')).toBe('number');
    expect(displayType(undefined, 'jsonb')).toBe('json');
    expect(displayType(undefined, 'json')).toBe('json');
    expect(displayType('boolean', 'boolean')).toBe('boolean');
  });

  it('strips primary-key and foreign-key notes from descriptions', () => {
    expect(stripKeyNotes('Note:\nThis is a Primary Key.<pk/>')).toBe('');
    expect(stripKeyNotes("who\n\nNote:\nThis is a Foreign Key to `authors.id`.<fk table='authors' column='id'/>")).toBe('who');
    expect(stripKeyNotes(undefined)).toBe('');
  });

  it('reads entities and procedures from the OpenAPI document', () => {
    const [books, longBooks] = entitiesOf(doc);
    expect(books!.writable).toBe(true);
    expect(longBooks!.writable).toBe(false);
    expect(books!.columns.map((c) => [c.name, c.type, c.description])).toEqual([
      ['id', 'number', ''],
      ['title', 'string', ''],
      ['meta', 'json', ''],
      ['price', 'number', ''],
      ['ok', 'boolean', ''],
      ['author_id', 'number', 'who'],
    ]);
    const [add, nothing] = proceduresOf(doc);
    expect(add).toEqual({
      name: 'add',
      description: 'Adds',
      args: [
        { name: 'a', format: 'integer', type: 'number', required: true },
        { name: 'b', format: 'integer', type: 'number', required: false },
      ],
    });
    expect(nothing!.description).toBeNull();
  });

  it('gates sections by their feature keys, in spec order', () => {
    const all = apiDocsSections({ enabled: () => true, buckets: ['avatars'], functions: ['hello'], entities: ['books'], procedures: ['add'] });
    expect(all.map((s) => s.id)).toEqual(['introduction', 'user-management', 'realtime', 'storage', 'edge-functions', 'entities', 'stored-procedures']);
    expect(all.find((s) => s.id === 'entities')!.title).toBe('Tables & Views');
    const none = apiDocsSections({ enabled: () => false, buckets: [], functions: [], entities: [], procedures: [] });
    expect(none.map((s) => s.id)).toEqual(['introduction', 'entities', 'stored-procedures']);
    const storageOnly = apiDocsSections({ enabled: (f) => f === 'project_storage:all', buckets: ['a'], functions: [], entities: [], procedures: [] });
    expect(storageOnly.map((s) => s.id)).toEqual(['introduction', 'storage', 'entities', 'stored-procedures']);
  });

  it('describes bucket limits', () => {
    expect(allowedMimeTypesText(null)).toBe('All types are allowed');
    expect(allowedMimeTypesText([])).toBe('No types are allowed');
    expect(allowedMimeTypesText(['image/png', 'image/jpeg'])).toBe('image/png, image/jpeg');
    expect(fileSizeLimitText(null)).toBe('No limit');
    expect(fileSizeLimitText(1048576)).toBe('1 MB');
  });
});

describe('snippets', () => {
  const books = entitiesOf(doc)[0]!;
  it('gives a table read, filter, insert, update, delete and the five subscribe snippets; a view only reads', () => {
    expect(entitySnippets(books).map((s) => s.title)).toEqual([
      'Read all rows',
      'Read specific columns',
      'With pagination',
      'Filtering',
      'Insert a row',
      'Update matching rows',
      'Delete matching rows',
      'Subscribe to all events',
      'Subscribe to inserts',
      'Subscribe to updates',
      'Subscribe to deletes',
      'Subscribe to specific rows',
    ]);
    const view = entitySnippets(entitiesOf(doc)[1]!).map((s) => s.id);
    expect(view).not.toContain('insert');
    expect(view).not.toContain('delete');
  });

  it('inserts every required column', () => {
    const insert = entitySnippets(books).find((s) => s.id === 'insert')!;
    expect(insert.bash).toContain(`-d '{"title":"someValue"}'`);
    expect(insert.js).toContain(`.insert([{"title":"someValue"}])`);
  });

  it('a public bucket shows the public URL and not the signed URL; a private bucket the reverse', () => {
    const pub = bucketSnippets({ id: 'avatars', public: true }).map((s) => s.title);
    const priv = bucketSnippets({ id: 'avatars', public: false }).map((s) => s.title);
    expect(pub).toContain('Retrieve public URL');
    expect(pub).not.toContain('Create a signed URL');
    expect(priv).toContain('Create a signed URL');
    expect(priv).not.toContain('Retrieve public URL');
    expect(bucketSnippets({ id: 'b', public: false }).find((s) => s.id === 'signed-url')!.bash).toContain('{"expiresIn":60}');
    expect(bucketSnippets({ id: 'b', public: false }).find((s) => s.id === 'list')!.bash).toContain('"limit":100,"offset":0');
  });

  it('the RPC snippet sends the required arguments, typed by their format (the REST root types them all string)', () => {
    const snippet2 = rpcSnippet({ name: 'f', description: null, args: [{ name: 'n', format: 'integer', type: 'string', required: true }] });
    expect(snippet2.bash).toContain(`-d '{"n":1}'`);
    const snippet = rpcSnippet(proceduresOf(doc)[0]!);
    expect(snippet.bash).toContain("SUPABASE_URL/rest/v1/rpc/add");
    expect(snippet.bash).toContain(`-d '{"a":1}'`);
  });

  it('quotes a name with a quote in it for the shell', () => {
    const snippet = bucketSnippets({ id: "o'brien", public: true }).find((s) => s.id === 'delete')!;
    expect(snippet.bash).toContain(`'SUPABASE_URL/storage/v1/object/o'\\''brien'`);
  });

  it('OAuth only when sign-in providers are enabled', () => {
    expect(userManagementSnippets({ oauth: false }).map((s) => s.id)).not.toContain('oauth');
    expect(userManagementSnippets({ oauth: true }).map((s) => s.id)).toContain('oauth');
  });

  it('fills URL and key; a hidden key stays a placeholder', () => {
    expect(fillSnippet("curl 'SUPABASE_URL/x' -H \"apikey: SUPABASE_KEY\"", { endpoint: 'http://h/p/r', key: 'k1' })).toBe(
      "curl 'http://h/p/r/x' -H \"apikey: k1\"",
    );
    expect(fillSnippet('SUPABASE_KEY', { endpoint: 'x', key: null })).toBe('SUPABASE_KEY');
  });
});
