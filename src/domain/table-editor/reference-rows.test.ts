// The reference picker's page statement (spec B2.1, B9: 100 rows a page).
import { describe, expect, it } from 'vitest';
import { REFERENCE_PAGE_SIZE, referenceRowsStatement } from './reference-rows.ts';

describe('reference rows', () => {
  it('pages 100 rows ordered by the referenced column, searching the whole row as text', () => {
    expect(REFERENCE_PAGE_SIZE).toBe(100);
    expect(referenceRowsStatement({ schema: 'public', table: 'Customers', column: 'id', search: ' ada ', limit: 100, offset: 200 })).toEqual({
      query: `select coalesce((select jsonb_object_agg(e.key, e.value) from json_each_text(row_to_json(r)) as e), '{}'::jsonb)
      || jsonb_build_object($2::text, r.id::text) as row, count(*) over () as total from public."Customers" as r where r::text ilike $1
      order by r.id limit $3 offset $4`,
      parameters: ['%ada%', 'id', 100, 200],
    });
    expect(referenceRowsStatement({ schema: 's', table: 't', column: 'k', search: '', limit: 100, offset: 0 }).parameters).toEqual(['k', 100, 0]);
  });
});
