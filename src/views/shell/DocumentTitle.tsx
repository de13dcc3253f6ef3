import { useEffect } from 'react';
import { useMatches } from '@tanstack/react-router';
import { pageTitle } from '../../domain/navigation/layout.ts';

interface TitleData {
  project?: { name?: string };
  organization?: { name?: string };
  table?: { name?: string };
}

/** Keeps document.title on the pattern of spec A2.3 from the matched routes' static titles and loader data. */
export function DocumentTitle() {
  const title = useMatches({
    select: (matches) => {
      let page: string | undefined;
      let project: string | undefined;
      let org: string | undefined;
      let table: string | undefined;
      for (const match of matches) {
        if (match.staticData?.title) page = match.staticData.title;
        const data = match.loaderData as TitleData | undefined;
        if (data?.project?.name) project = data.project.name;
        if (data?.organization?.name) org = data.organization.name;
        if (data?.table?.name) table = data.table.name;
      }
      return pageTitle({ page, table, project, org });
    },
  });
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
