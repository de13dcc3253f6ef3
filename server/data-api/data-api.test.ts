// The project's Data API driven by the official client, @supabase/postgrest-js (issue 17): every feature of the
// issue against a real project database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDataApiProject, type DataApiProject } from './testing.ts';

let p: DataApiProject;
let service: ReturnType<DataApiProject['client']>;
let anon: ReturnType<DataApiProject['client']>;

beforeAll(async () => {
  p = await startDataApiProject();
  await p.sql(`
    create table public.authors (id int primary key, name text not null, country text);
    create table public.books (
      id serial primary key, title text not null, author_id int references public.authors (id), pages int,
      tags text[] not null default '{}', meta jsonb, status text not null default 'draft',
      title_tsv tsvector generated always as (to_tsvector('english', title)) stored);
    create table public.reviews (id serial primary key, book_id int not null references public.books (id), stars int, note text);
    create table public.members (email text primary key, visits int not null default 0, nick text);
    create view public.long_books as select id, title, pages from public.books where pages > 300;
    comment on table public.books is 'Books we have';
    insert into public.authors values (1, 'Ursula', 'US'), (2, 'Stanisław', 'PL'), (3, 'Nobody', null);
    insert into public.books (title, author_id, pages, tags, meta) values
      ('The Dispossessed', 1, 387, '{scifi,classic}', '{"award": "Hugo", "year": 1975}'),
      ('The Lathe of Heaven', 1, 184, '{scifi}', '{"year": 1971}'),
      ('Solaris', 2, 204, '{scifi,classic}', null),
      ('The Cyberiad', 2, 295, '{humor}', '{"year": 1965}'),
      ('Untitled', null, null, '{}', null);
    insert into public.reviews (book_id, stars, note) values (1, 5, 'great'), (1, 4, null), (3, 5, 'ocean'), (4, 3, 'robots');
    create table public.slots (id int primary key, during int4range);
    insert into public.slots values (1, '[1,5)'), (2, '[5,10)'), (3, '[20,30)'), (4, null);
    create table public.labels (id int primary key, name text not null);
    create table public.book_labels (book_id int references public.books (id), label_id int references public.labels (id),
                                     primary key (book_id, label_id));
    insert into public.labels values (1, 'favourite'), (2, 'lent out'), (3, 'unused');
    insert into public.book_labels values (1, 1), (1, 2), (3, 1);
    create function public.add(a int, b int default 1) returns int language sql immutable as $$ select a + b $$;
    create function public.books_by(author int) returns setof public.books language sql stable
      as $$ select * from public.books where author_id = author order by id $$;
    create function public.numbers(n int) returns setof int language sql immutable as $$ select generate_series(1, n) $$;
    create function public.touch(book int) returns void language sql as $$ update public.books set pages = pages + 1 where id = book $$;
    create function public.first_author() returns public.authors language sql stable as $$ select * from public.authors order by id limit 1 $$;
  `);
  service = p.client(p.keys.service_role);
  anon = p.client(p.keys.anon);
}, 120_000);

afterAll(async () => p?.h.close());

describe('select', () => {
  it('reads rows with column lists, aliases and casts', async () => {
    const { data, error, status } = await anon.from('books').select('id, name:title, pages::text').order('id').limit(2);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      { id: 1, name: 'The Dispossessed', pages: '387' },
      { id: 2, name: 'The Lathe of Heaven', pages: '184' },
    ]);
  });

  it('reads JSON paths of a json column', async () => {
    const { data, error } = await anon.from('books').select('id, award:meta->>award, year:meta->year').eq('id', 1);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 1, award: 'Hugo', year: 1975 }]);
  });

  it('embeds many-to-one, one-to-many and nested resources, with order and limit on the embedded ones', async () => {
    const { data, error } = await anon
      .from('authors')
      .select('name, books(title, reviews(stars, note))')
      .eq('id', 1)
      .order('title', { referencedTable: 'books', ascending: false })
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({
      name: 'Ursula',
      books: [
        { title: 'The Lathe of Heaven', reviews: [] },
        { title: 'The Dispossessed', reviews: [{ stars: 5, note: 'great' }, { stars: 4, note: null }] },
      ],
    });
    const toOne = await anon.from('reviews').select('stars, books(title, writer:authors(name))').eq('note', 'ocean').single();
    expect(toOne.data).toEqual({ stars: 5, books: { title: 'Solaris', writer: { name: 'Stanisław' } } });
    const limited = await anon.from('authors').select('id, books(id)').eq('id', 2).limit(1, { referencedTable: 'books' }).single();
    expect(limited.data).toEqual({ id: 2, books: [{ id: 3 }] });
    const missing = await anon.from('books').select('title, authors(name)').eq('id', 5).single();
    expect(missing.data).toEqual({ title: 'Untitled', authors: null });
  });

  it('spreads a to-one embed’s columns into the row (…authors(name)), and refuses a to-many spread', async () => {
    const { data, error } = await anon.from('books').select('title, ...authors(writer:name, country)').in('id', [3, 5]).order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'Solaris', writer: 'Stanisław', country: 'PL' },
      { title: 'Untitled', writer: null, country: null },
    ]);
    const inner = await anon.from('books').select('title, ...authors!inner(country)', { count: 'exact' }).is('pages', null);
    expect(inner.data).toEqual([]);
    expect(inner.count).toBe(0);
    const kept = await anon.from('books').select('title, ...authors!inner(country)', { count: 'exact' }).eq('author_id', 2);
    expect(kept.count).toBe(2);
    const many = await anon.from('authors').select('name, ...books(title)');
    expect(many.status).toBe(400);
    expect(many.error).toMatchObject({ code: 'PGRST119' });
  });

  it('embeds many-to-many through a join table whose key holds both foreign keys', async () => {
    const { data, error } = await anon.from('books').select('id, labels(name)').in('id', [1, 2]).order('id').order('name', { referencedTable: 'labels' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, labels: [{ name: 'favourite' }, { name: 'lent out' }] },
      { id: 2, labels: [] },
    ]);
    const reverse = await anon.from('labels').select('name, books!inner(title)').eq('books.title', 'Solaris');
    expect(reverse.data).toEqual([{ name: 'favourite', books: [{ title: 'Solaris' }] }]);
    const junction = await anon.from('books').select('id, book_labels(label_id)').eq('id', 3).single();
    expect(junction.data).toEqual({ id: 3, book_labels: [{ label_id: 1 }] });
  });

  it('filters embedded resources, and drops parents with !inner', async () => {
    const filtered = await anon.from('authors').select('id, books(title)').eq('books.pages', 184).order('id');
    expect(filtered.data).toEqual([
      { id: 1, books: [{ title: 'The Lathe of Heaven' }] },
      { id: 2, books: [] },
      { id: 3, books: [] },
    ]);
    const inner = await anon.from('authors').select('id, books!inner(title)').eq('books.pages', 184);
    expect(inner.data).toEqual([{ id: 1, books: [{ title: 'The Lathe of Heaven' }] }]);
  });

  it('refuses filters, orders and limits on a resource the select does not embed (PGRST108), never ignores them', async () => {
    for (const query of ['/authors?select=id&books.pages=eq.184', '/authors?select=id&books.order=id', '/authors?select=id,books(id)&reviews.limit=1']) {
      const response = await p.raw(query, { key: p.keys.anon });
      expect(response.status, query).toBe(400);
      expect((await response.json()).code, query).toBe('PGRST108');
    }
  });

  it('answers PGRST200 for an unknown relationship', async () => {
    const { error, status } = await anon.from('authors').select('id, reviews(id)');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'PGRST200' });
    expect(error!.message).toContain("'authors' and 'reviews'");
  });
});

describe('filters', () => {
  const ids = async (build: (q: any) => any) => {
    const { data, error } = await build(anon.from('books').select('id')).order('id');
    expect(error).toBeNull();
    return (data as { id: number }[]).map((row) => row.id);
  };

  it('compares with eq, neq, gt, gte, lt, lte', async () => {
    expect(await ids((q) => q.eq('pages', 204))).toEqual([3]);
    expect(await ids((q) => q.neq('author_id', 1))).toEqual([3, 4]);
    expect(await ids((q) => q.gt('pages', 295))).toEqual([1]);
    expect(await ids((q) => q.gte('pages', 295))).toEqual([1, 4]);
    expect(await ids((q) => q.lt('pages', 204))).toEqual([2]);
    expect(await ids((q) => q.lte('pages', 204))).toEqual([2, 3]);
  });

  it('matches patterns with like and ilike, and is, in, match', async () => {
    expect(await ids((q) => q.like('title', 'The %'))).toEqual([1, 2, 4]);
    expect(await ids((q) => q.like('title', '*heaven'))).toEqual([]);
    expect(await ids((q) => q.ilike('title', '*heaven'))).toEqual([2]);
    expect(await ids((q) => q.is('author_id', null))).toEqual([5]);
    expect(await ids((q) => q.in('title', ['Solaris', 'The Cyberiad', 'a,b(c)']))).toEqual([3, 4]);
    expect(await ids((q) => q.match({ author_id: 2, pages: 295 }))).toEqual([4]);
  });

  it('tests arrays and JSON with contains, containedBy, overlaps', async () => {
    expect(await ids((q) => q.contains('tags', ['classic']))).toEqual([1, 3]);
    expect(await ids((q) => q.containedBy('tags', ['scifi', 'classic']))).toEqual([1, 2, 3, 5]);
    expect(await ids((q) => q.overlaps('tags', ['humor', 'classic']))).toEqual([1, 3, 4]);
    expect(await ids((q) => q.contains('meta', { award: 'Hugo' }))).toEqual([1]);
  });

  it('compares ranges (sl, sr, nxl, nxr, adj), regular expressions, distinctness and quantified patterns', async () => {
    const slots = async (query: string) => {
      const response = await p.raw(`/slots?select=id&order=id&${query}`, { key: p.keys.anon });
      expect(response.status, query).toBe(200);
      return ((await response.json()) as { id: number }[]).map((row) => row.id);
    };
    expect(await slots('during=sl.[10,20)')).toEqual([1, 2]);
    expect(await slots('during=sr.[10,20)')).toEqual([3]);
    expect(await slots('during=nxr.[0,6)')).toEqual([1]);
    expect(await slots('during=nxl.[5,6)')).toEqual([2, 3]);
    expect(await slots('during=adj.[10,20)')).toEqual([2, 3]);
    expect(await slots('during=isdistinct.[1,5)')).toEqual([2, 3, 4]);
    expect(await slots('during=ov.[4,6)')).toEqual([1, 2]);
    const titles = async (query: string) => {
      const response = await p.raw(`/books?select=id&order=id&${query}`, { key: p.keys.anon });
      expect(response.status, query).toBe(200);
      return ((await response.json()) as { id: number }[]).map((row) => row.id);
    };
    expect(await titles('title=match.^The [CD]')).toEqual([1, 4]);
    expect(await titles('title=imatch.^the l')).toEqual([2]);
    expect(await titles('title=like(any).{*Heaven,Sol*}')).toEqual([2, 3]);
    expect(await titles('title=ilike(all).{the*,*e*}')).toEqual([1, 2, 4]);
    expect(await titles('pages=gt(all).{200,250}')).toEqual([1, 4]);
  });

  it('searches text with fts, plfts, phfts and wfts', async () => {
    expect(await ids((q) => q.textSearch('title_tsv', 'heaven & lathe', { config: 'english' }))).toEqual([2]);
    expect(await ids((q) => q.textSearch('title_tsv', 'lathe heaven', { type: 'plain', config: 'english' }))).toEqual([2]);
    expect(await ids((q) => q.textSearch('title_tsv', 'lathe of heaven', { type: 'phrase', config: 'english' }))).toEqual([2]);
    expect(await ids((q) => q.textSearch('title_tsv', 'solaris or cyberiad', { type: 'websearch', config: 'english' }))).toEqual([3, 4]);
  });

  it('negates with not, and combines with or/and, also nested and on embedded resources', async () => {
    expect(await ids((q) => q.not('author_id', 'is', null).not('pages', 'gt', 250))).toEqual([2, 3]);
    expect(await ids((q) => q.or('pages.lt.200,title.eq.Solaris'))).toEqual([2, 3]);
    expect(await ids((q) => q.or('author_id.is.null,and(author_id.eq.2,pages.gt.250)'))).toEqual([4, 5]);
        // SQL's three-valued logic, as in PostgREST: `not (null)` is null, so the row without pages stays out.
    expect(await ids((q) => q.or('title.in.("Solaris","The Cyberiad"),not.and(pages.gte.200,pages.lte.300)'))).toEqual([1, 2, 3, 4]);
    const embedded = await anon.from('authors').select('id, books(id)').eq('id', 1).or('pages.gt.300,pages.lt.100', { referencedTable: 'books' }).single();
    expect(embedded.data).toEqual({ id: 1, books: [{ id: 1 }] });
  });
});

describe('order, paging and counts', () => {
  it('orders with nulls first or last', async () => {
    const { data } = await anon.from('books').select('id').order('pages', { ascending: false, nullsFirst: true });
    expect(data!.map((r) => r.id)).toEqual([5, 1, 4, 3, 2]);
    const last = await anon.from('books').select('id').order('author_id', { ascending: true, nullsFirst: false }).order('id', { ascending: false });
    expect(last.data!.map((r) => r.id)).toEqual([2, 1, 4, 3, 5]);
  });

  it('pages with range and counts exactly, planned or estimated, with Content-Range', async () => {
    const { data, count, status } = await anon.from('books').select('id', { count: 'exact' }).order('id').range(1, 2);
    expect(data!.map((r) => r.id)).toEqual([2, 3]);
    expect(count).toBe(5);
    expect(status).toBe(206);
    const head = await anon.from('books').select('*', { count: 'exact', head: true }).gt('pages', 200);
    expect(head.count).toBe(3);
    expect(head.data).toBeNull();
    const planned = await anon.from('books').select('id', { count: 'planned' });
    expect(typeof planned.count).toBe('number');
    const estimated = await anon.from('books').select('id', { count: 'estimated' });
    expect(estimated.count).toBe(5);
    const response = await p.raw('/books?select=id&order=id', { key: p.keys.anon, headers: { range: '3-10', prefer: 'count=exact' } });
    expect(response.headers.get('content-range')).toBe('3-4/5');
    expect((await response.json()).map((r: { id: number }) => r.id)).toEqual([4, 5]);
    const empty = await p.raw('/books?select=id&offset=10', { key: p.keys.anon, headers: { prefer: 'count=exact' } });
    expect(empty.headers.get('content-range')).toBe('*/5');
  });

  it('caps the rows of one request at the project’s max rows', async () => {
    await p.h.services.pool.query(
      `insert into data_api_settings (project_id, max_rows) select id, 2 from projects where ref = $1
       on conflict (project_id) do update set max_rows = 2`,
      [p.ref],
    );
    await p.settle();
    try {
      const { data, count } = await anon.from('books').select('id', { count: 'exact' }).order('id');
      expect(data!.map((r) => r.id)).toEqual([1, 2]);
      expect(count).toBe(5);
      const asked = await anon.from('books').select('id').limit(4);
      expect(asked.data).toHaveLength(2);
    } finally {
      await p.h.services.pool.query('delete from data_api_settings where project_id = (select id from projects where ref = $1)', [p.ref]);
      await p.settle();
    }
  });

  it('answers single and maybeSingle (406 PGRST116 for more than one row)', async () => {
    const one = await anon.from('authors').select('name').eq('id', 2).single();
    expect(one.data).toEqual({ name: 'Stanisław' });
    const none = await anon.from('authors').select('name').eq('id', 99).single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116' });
    const many = await anon.from('authors').select('name').single();
    expect(many.status).toBe(406);
    const maybe = await anon.from('authors').select('name').eq('id', 99).maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
    const maybeMany = await anon.from('authors').select('name').maybeSingle();
    expect(maybeMany.error).toMatchObject({ code: 'PGRST116' });
  });

  it('serves a table created a moment ago, a new column, and names that need quoting', async () => {
    await anon.from('books').select('id').limit(1); // the catalog is read and kept
    await p.sql(`create table public."Odd Name" ("Mixed Case" int, "with space" text); insert into public."Odd Name" values (1, 'one');
                 alter table public.authors add column born int; update public.authors set born = 1929 where id = 1;`);
    const odd = await anon.from('Odd Name').select('"Mixed Case", "with space"');
    expect(odd.error).toBeNull();
    expect(odd.data).toEqual([{ 'Mixed Case': 1, 'with space': 'one' }]);
    expect((await anon.from('authors').select('born').eq('id', 1).single()).data).toEqual({ born: 1929 });
    const doc = await (await p.raw('/', { key: p.keys.anon })).json();
    expect(doc.paths['/Odd Name']).toBeDefined();
  });

  it('serves views', async () => {
    const { data } = await anon.from('long_books').select('title');
    expect(data).toEqual([{ title: 'The Dispossessed' }]);
  });
});

describe('writes', () => {
  it('inserts one row and returns it, or nothing with return=minimal', async () => {
    const inserted = await service.from('members').insert({ email: 'a@example.com', nick: 'a' }).select().single();
    expect(inserted.status).toBe(201);
    expect(inserted.data).toEqual({ email: 'a@example.com', visits: 0, nick: 'a' });
    const minimal = await service.from('members').insert({ email: 'b@example.com' });
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();
    expect(minimal.error).toBeNull();
  });

  it('inserts in bulk with the columns parameter (missing keys take defaults)', async () => {
    const { data, error } = await service
      .from('members')
      .insert([{ email: 'c@example.com', visits: 3 }, { email: 'd@example.com', nick: 'd' }], { defaultToNull: false })
      .select('email, visits, nick')
      .order('email');
    expect(error).toBeNull();
    expect(data).toEqual([
      { email: 'c@example.com', visits: 3, nick: null },
      { email: 'd@example.com', visits: 0, nick: 'd' },
    ]);
    const withNulls = await service.from('members').insert([{ email: 'e@example.com', nick: 'e' }, { email: 'f@example.com', visits: 2 }]).select('email, nick');
    // Without defaultToNull: false a missing key is NULL — visits is NOT NULL, so PostgREST's 23502 (400).
    expect(withNulls.error).toMatchObject({ code: '23502' });
    expect(withNulls.status).toBe(400);
  });

  it('inserts JSON, arrays and embeds the representation', async () => {
    const { data, error } = await service
      .from('books')
      .insert({ title: 'Fiasco', author_id: 2, pages: 322, tags: ['scifi', 'late'], meta: { list: [1, 2], nested: { a: 'b' } } })
      .select('title, tags, meta, authors(name)')
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ title: 'Fiasco', tags: ['scifi', 'late'], meta: { list: [1, 2], nested: { a: 'b' } }, authors: { name: 'Stanisław' } });
    await service.from('books').delete().eq('title', 'Fiasco');
  });

  it('upserts: merge-duplicates on the key or on_conflict, ignore-duplicates', async () => {
    await service.from('members').upsert({ email: 'a@example.com', visits: 7 });
    const merged = await service.from('members').select('visits, nick').eq('email', 'a@example.com').single();
    expect(merged.data).toEqual({ visits: 7, nick: 'a' });
    const ignored = await service.from('members').upsert([{ email: 'a@example.com', visits: 100 }, { email: 'g@example.com', visits: 1 }], { ignoreDuplicates: true }).select('email');
    expect(ignored.data).toEqual([{ email: 'g@example.com' }]);
    const byColumn = await service.from('members').upsert({ email: 'g@example.com', visits: 9 }, { onConflict: 'email' }).select('visits').single();
    expect(byColumn.data).toEqual({ visits: 9 });
  });

  it('answers a duplicate key with 409 23505', async () => {
    const { error, status } = await service.from('members').insert({ email: 'a@example.com' });
    expect(status).toBe(409);
    expect(error).toMatchObject({ code: '23505' });
    expect(error!.details).toContain('a@example.com');
  });

  it('updates and deletes with filters, and refuses them without one', async () => {
    const updated = await service.from('members').update({ nick: 'seen' }).in('email', ['c@example.com', 'd@example.com']).select('email, nick').order('email');
    expect(updated.status).toBe(200);
    expect(updated.data).toEqual([
      { email: 'c@example.com', nick: 'seen' },
      { email: 'd@example.com', nick: 'seen' },
    ]);
    const minimal = await service.from('members').update({ visits: 1 }).eq('email', 'c@example.com');
    expect(minimal.status).toBe(204);
    const everything = await service.from('members').update({ nick: 'x' });
    expect(everything.status).toBe(400);
    expect(everything.error).toMatchObject({ code: '21000' });
    const deleted = await service.from('members').delete({ count: 'exact' }).like('email', 'g@*').select('email');
    expect(deleted.data).toEqual([{ email: 'g@example.com' }]);
    expect(deleted.count).toBe(1);
    expect((await service.from('members').delete()).status).toBe(400);
  });

  it('rolls back with Prefer: tx=rollback, still answering what the write did', async () => {
    const response = await p.raw('/members?select=email', {
      key: p.keys.service_role, method: 'POST', body: '{"email":"ghost@example.com"}',
      headers: { 'content-type': 'application/json', prefer: 'return=representation,tx=rollback' },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual([{ email: 'ghost@example.com' }]);
    expect((await service.from('members').select('email').eq('email', 'ghost@example.com')).data).toEqual([]);
  });

  it('rolls a single-object write back when it touches more than one row', async () => {
    const { status, error } = await service.from('members').update({ nick: 'many' }).like('email', '*@example.com').select().single();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116' });
    const { data } = await service.from('members').select('nick').eq('nick', 'many');
    expect(data).toEqual([]);
  });
});

describe('rpc', () => {
  it('calls a scalar function with POST and GET and named arguments (defaults too)', async () => {
    expect((await anon.rpc('add', { a: 2, b: 3 })).data).toBe(5);
    expect((await anon.rpc('add', { a: 2 }, { get: true })).data).toBe(3);
    const missing = await anon.rpc('add', { c: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'PGRST202' });
  });

  it('calls set-returning functions, filtered, ordered and embedded', async () => {
    const { data, error } = await anon.rpc('books_by', { author: 1 }).select('title, authors(name)').lt('pages', 300);
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'The Lathe of Heaven', authors: { name: 'Ursula' } }]);
    const counted = await anon.rpc('books_by', { author: 2 }, { get: true, count: 'exact' }).select('id').order('id', { ascending: false });
    expect(counted.data).toEqual([{ id: 4 }, { id: 3 }]);
    expect(counted.count).toBe(2);
    expect((await anon.rpc('numbers', { n: 3 })).data).toEqual([1, 2, 3]);
    expect((await anon.rpc('first_author')).data).toMatchObject({ id: 1, name: 'Ursula', country: 'US' });
  });

  it('runs GET calls read-only: a volatile function is refused (405), POST runs it', async () => {
    const get = await service.rpc('touch', { book: 2 }, { get: true });
    expect(get.status).toBe(405);
    expect(get.error).toMatchObject({ code: '25006' });
    const post = await service.rpc('touch', { book: 2 });
    expect(post.error).toBeNull();
    expect(post.status).toBe(204);
    expect((await anon.from('books').select('pages').eq('id', 2).single()).data).toEqual({ pages: 185 });
    await service.from('books').update({ pages: 184 }).eq('id', 2);
  });
});

describe('errors in PostgREST’s shape', () => {
  it('answers an unknown table 404 42P01 and an unknown column 400 42703', async () => {
    const table = await anon.from('nope').select();
    expect(table.status).toBe(404);
    expect(table.error).toMatchObject({ code: '42P01' });
    const column = await anon.from('books').select('nope');
    expect(column.status).toBe(400);
    expect(column.error).toMatchObject({ code: '42703' });
  });

  it('answers bad filters, orders and selects with 400 PGRST100 and {code, details, hint, message}', async () => {
    for (const query of ['/books?id=equals.1', '/books?id=eq', '/books?order=id.sideways', '/books?select=id,(', '/books?limit=-1', '/books?or=(id.eq.1', '/books?id=in.1,2', '/books?pages=fts(eng;lish).x']) {
      const response = await p.raw(query, { key: p.keys.anon });
      expect(response.status, query).toBe(400);
      const body = await response.json();
      expect(Object.keys(body).sort(), query).toEqual(['code', 'details', 'hint', 'message']);
      expect(body.code, query).toBe('PGRST100');
    }
  });

  it('answers a value of the wrong type with 400 22P02, never a 500', async () => {
    const { status, error } = await anon.from('books').select().eq('pages', 'many');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '22P02' });
  });

  it('answers invalid JSON bodies and unknown columns in a body with 400', async () => {
    const response = await p.raw('/members', { key: p.keys.service_role, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('PGRST102');
    const unknown = await service.from('members').insert({ email: 'z@example.com', shoe: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.error).toMatchObject({ code: 'PGRST204' });
  });
});

describe('browsers', () => {
  it('answers CORS preflights and exposes Content-Range (keys travel in headers, never cookies)', async () => {
    const preflight = await p.raw('/books', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'apikey,authorization,content-type,prefer,range,accept-profile,content-profile,x-client-info' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH');
    for (const header of ['apikey', 'authorization', 'prefer', 'range', 'accept-profile', 'content-profile']) {
      expect(preflight.headers.get('access-control-allow-headers'), header).toContain(header);
    }
    const get = await p.raw('/books?select=id&limit=1', { key: p.keys.anon, headers: { origin: 'http://localhost:3000' } });
    expect(get.headers.get('access-control-allow-origin')).toBe('*');
    expect(get.headers.get('access-control-expose-headers')).toContain('content-range');
    expect(get.headers.get('access-control-expose-headers')).toContain('server-timing');
    // Errors, the root and paths no route serves carry the headers too, so a browser can read the answer.
    for (const [path, key, status] of [['/books?select=nope', p.keys.anon, 400], ['/books', undefined, 401], ['/', p.keys.anon, 200], ['/books/1/more', p.keys.anon, 404]] as const) {
      const response = await p.raw(path, { ...(key ? { key } : {}), headers: { origin: 'http://localhost:3000' } });
      expect(response.status, path).toBe(status);
      expect(response.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(response.headers.get('access-control-expose-headers'), path).toContain('content-range');
    }
  });
});

describe('OpenAPI root', () => {
  it('describes the tables, views and functions really served', async () => {
    const response = await p.raw('/', { key: p.keys.anon });
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.basePath).toBe(`/p/${p.ref}/rest/v1`);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/books', '/authors', '/long_books', '/rpc/add', '/rpc/books_by']));
    expect(doc.paths['/books'].get.summary).toBe('Books we have');
    expect(doc.paths['/long_books'].post).toBeUndefined();
    expect(doc.definitions.books.properties.pages).toMatchObject({ type: 'integer', format: 'integer' });
    expect(doc.definitions.books.required).toEqual(['title']);
    expect(doc.paths['/rpc/add'].post.parameters[0].schema.required).toEqual(['a']);
    for (const path of Object.keys(doc.paths).filter((path) => path !== '/' && !path.startsWith('/rpc/'))) {
      expect((await p.raw(`${path}?limit=1`, { key: p.keys.anon })).status, path).toBe(200);
    }
  });
});
