// /project/{ref}/api/graphiql (spec B2.5 links the GraphQL explorer): this build serves no GraphQL layer, so the
// page says so plainly instead of pretending (issue 17).
import { Link } from '@tanstack/react-router';
import { API_DOCS_TEXT } from '../../domain/api-snippets.ts';
import * as css from './ApiDocs.css.ts';

export function GraphiqlUnavailable({ projectRef }: { projectRef: string }) {
  return (
    <div className={css.content}>
      <h1 className={css.title}>GraphiQL</h1>
      <p className={css.text}>{API_DOCS_TEXT.graphiqlUnavailable}: the platform serves the REST Data API, not GraphQL.</p>
      <p className={css.text}>
        <Link className={css.link} to="/project/$ref/api" params={{ ref: projectRef }}>
          Open the API docs
        </Link>
      </p>
    </div>
  );
}
