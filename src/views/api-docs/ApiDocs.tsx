// The API docs (spec B2.5): the same content on /project/{ref}/api and in the side panel the sidebar opens behind
// the apiDocsSidePanel flag. Its lifecycle (language, keys shown, navigation, types download) is the api-docs
// machine; the data comes from the route loader (src/actors/api-docs.ts loadApiDocs).
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useId, useMemo, type ReactNode } from 'react';
import type { ApiDocsData } from '../../actors/api-docs.ts';
import { apiDocsWithPlatform } from '../../actors/api-docs.ts';
import {
  API_DOCS_TEXT,
  SNIPPET_CONSTANTS,
  SNIPPET_LANGUAGES,
  allowedMimeTypesText,
  apiDocsSections,
  bucketSnippets,
  edgeFunctionSnippet,
  entitiesOf,
  entitySnippets,
  fileSizeLimitText,
  fillSnippet,
  introductionSnippet,
  proceduresOf,
  realtimeSnippets,
  rpcSnippet,
  userManagementSnippets,
  type Snippet,
  type SnippetLanguage,
} from '../../domain/api-snippets.ts';
import { isEnabled, type Flags } from '../../domain/navigation/flags.ts';
import { selectGeneratingTypes, selectKeysShown, selectLanguage, selectResource, selectSection } from '../../../machines/api-docs.selectors.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { ErrorAlert } from '../../ui/ErrorAlert.tsx';
import * as css from './ApiDocs.css.ts';
import { devInspect } from '../../dev/live-inspect.ts';

export interface ApiDocsProps {
  projectRef: string;
  data: ApiDocsData;
  flags: Flags;
  /** spec B6: the user may read service_api_keys (and the JWT secret is not being updated). */
  canRevealKeys: boolean;
  /** The heading level the panel starts at (1 on the page, 2 in the side panel). */
  headingLevel?: 1 | 2;
}

export function ApiDocs({ projectRef, data, flags, canRevealKeys, headingLevel = 1 }: ApiDocsProps) {
  const actor = useActorRef(apiDocsWithPlatform, { input: { ref: projectRef, canRevealKeys, schemas: data.schemas }, inspect: devInspect });
  const language = useSelector(actor, selectLanguage);
  const keysShown = useSelector(actor, selectKeysShown);
  const sectionId = useSelector(actor, selectSection);
  const resource = useSelector(actor, selectResource);
  const generating = useSelector(actor, selectGeneratingTypes);

  const entities = useMemo(() => entitiesOf(data.doc), [data.doc]);
  const procedures = useMemo(() => proceduresOf(data.doc), [data.doc]);
  const sections = apiDocsSections({
    enabled: (flag) => isEnabled(flags, flag),
    buckets: data.buckets.map((b) => b.name),
    functions: data.functions,
    entities: entities.map((e) => e.name),
    procedures: procedures.map((p) => p.name),
  });
  const section = sections.find((s) => s.id === sectionId) ?? sections[0]!;
  const target = { endpoint: data.projectUrl ?? 'SUPABASE_URL', key: keysShown ? data.anonKey : null };
  const H = headingLevel === 1 ? 'h1' : 'h2';
  const H2 = headingLevel === 1 ? 'h2' : 'h3';

  let snippets: Snippet[] = [];
  let body: ReactNode = null;
  if (resource !== null) {
    if (section.id === 'entities') {
      const entity = entities.find((e) => e.name === resource);
      if (entity) {
        snippets = entitySnippets(entity);
        body = (
          <>
            {entity.description && <p className={css.text}>{entity.description}</p>}
            <table className={css.table} aria-label={`Columns of ${entity.name}`}>
              <thead>
                <tr>
                  {['Name', 'Format', 'Type', 'Description'].map((h) => (
                    <th key={h} className={css.cell} scope="col">{h}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {entity.columns.map((c) => (
                  <tr key={c.name}>
                    <td className={css.cell}><code>{c.name}</code></td>
                    <td className={css.cell}>{c.format}</td>
                    <td className={css.cell}>{c.type}</td>
                    <td className={css.cell}>{c.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        );
      }
    } else if (section.id === 'stored-procedures') {
      const procedure = procedures.find((p) => p.name === resource);
      if (procedure) {
        snippets = [rpcSnippet(procedure)];
        body = (
          <>
            <p className={css.text}>{procedure.description ?? API_DOCS_TEXT.noDescription}</p>
            <H2 className={css.subtitle}>{API_DOCS_TEXT.functionArguments}</H2>
            <table className={css.table} aria-label={API_DOCS_TEXT.functionArguments}>
              <thead>
                <tr>
                  {['Name', 'Format', 'Type', 'Required'].map((h) => (
                    <th key={h} className={css.cell} scope="col">{h}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {procedure.args.map((a) => (
                  <tr key={a.name}>
                    <td className={css.cell}><code>{a.name}</code></td>
                    <td className={css.cell}>{a.format}</td>
                    <td className={css.cell}>{a.type}</td>
                    <td className={css.cell}>
                      <Badge variant={a.required ? 'warning' : 'outline'}>{a.required ? API_DOCS_TEXT.required : API_DOCS_TEXT.optional}</Badge>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        );
      }
    } else if (section.id === 'storage') {
      const bucket = data.buckets.find((b) => b.name === resource);
      if (bucket) {
        snippets = bucketSnippets(bucket);
        body = (
          <>
            <p className={css.text}>
              <Badge variant={bucket.public ? 'warning' : 'default'}>{bucket.public ? API_DOCS_TEXT.public : API_DOCS_TEXT.private}</Badge>
            </p>
            <p className={css.text}>
              {API_DOCS_TEXT.allowedMimeTypes} {allowedMimeTypesText(bucket.allowed_mime_types)}
            </p>
            <p className={css.text}>
              {API_DOCS_TEXT.maxFileSizeLimit} {fileSizeLimitText(bucket.file_size_limit)}
            </p>
          </>
        );
      }
    } else if (section.id === 'edge-functions') {
      snippets = [edgeFunctionSnippet(resource)];
    }
  } else if (section.id === 'introduction') {
    snippets = [introductionSnippet()];
    body = <Introduction data={data} keysShown={keysShown} />;
  } else if (section.id === 'user-management') {
    snippets = userManagementSnippets({ oauth: isEnabled(flags, 'authentication:sign_in_providers') });
  } else if (section.id === 'realtime') {
    snippets = realtimeSnippets();
    body = (
      <p className={css.text}>
        Realtime cleans up a client's subscriptions {SNIPPET_CONSTANTS.realtimeCleanupSeconds} seconds after it disconnects.
      </p>
    );
  } else if (section.id === 'entities') {
    body = (
      <>
        <div className={css.toolbar}>
          {/* isDisabled, not isPending: react-aria announces a pending button by its id, and the announcement is left
              labelled by a missing element once the page moves on (axe role-img-alt). */}
          <Button variant="default" isDisabled={generating} onPress={() => actor.send({ type: 'types.generate' })}>
            {API_DOCS_TEXT.generateTypes}
          </Button>
        </div>
        {data.docError && <ErrorAlert subject="Failed to retrieve the API description" error={data.docError} projectRef={projectRef} />}
        <ResourceList names={section.resources} onOpen={(name) => actor.send({ type: 'resource.open', resource: name })} />
      </>
    );
  } else {
    body = <ResourceList names={section.resources} onOpen={(name) => actor.send({ type: 'resource.open', resource: name })} />;
  }

  return (
    <div className={`${css.layout} ${css.wrap}`}>
      <nav className={css.nav} aria-label="API docs">
        {resource === null ? (
          <ul className={css.navList}>
            {sections.map((s) => (
              <li key={s.id}>
                <button
                  type="button"
                  className={css.navItem}
                  aria-current={s.id === section.id ? 'true' : undefined}
                  onClick={() => actor.send({ type: 'section.open', section: s.id })}
                >
                  {s.title}
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <SecondLevel
            sectionTitle={section.title}
            resources={section.resources}
            resource={resource}
            snippets={snippets}
            onBack={() => actor.send({ type: 'back' })}
            onPick={(name) => actor.send({ type: 'resource.open', resource: name })}
          />
        )}
        <p className={css.navHeading}>Resources</p>
        <div className={css.links}>
          <Link className={css.link} to="/project/$ref/api/graphiql" params={{ ref: projectRef }}>
            GraphQL explorer
          </Link>
          <a className={css.link} href="https://supabase.com/docs/guides/graphql" target="_blank" rel="noreferrer">GraphQL guide</a>
          <a className={css.link} href="https://supabase.com/docs" target="_blank" rel="noreferrer">Documentation</a>
          <a className={css.link} href="https://supabase.com/docs/guides/api" target="_blank" rel="noreferrer">REST guide</a>
        </div>
      </nav>
      <div className={css.content}>
        <div className={css.toolbar}>
          <LanguageSwitch language={language} onChange={(value) => actor.send({ type: 'language.set', language: value })} />
          {canRevealKeys && (
            <Button variant="outline" size="tiny" onPress={() => actor.send({ type: 'keys.toggle' })}>
              {keysShown ? API_DOCS_TEXT.hideKeys : API_DOCS_TEXT.showKeys}
            </Button>
          )}
        </div>
        <H className={css.title}>{resource ?? section.title}</H>
        {body}
        {snippets.map((snippet) => (
          <SnippetBlock key={snippet.id} snippet={snippet} code={fillSnippet(snippet[language], target)} Heading={H2} />
        ))}
      </div>
    </div>
  );
}

function Introduction({ data, keysShown }: { data: ApiDocsData; keysShown: boolean }) {
  return (
    <div className={css.section}>
      <ValueField label="Project URL" value={data.projectUrl} shown />
      <ValueField label="Client API key" value={data.anonKey} shown={keysShown} />
      <ValueField label="Service key" value={data.serviceKey} shown={keysShown} />
      <p className={css.warning}>{API_DOCS_TEXT.serviceKeyWarning}</p>
    </div>
  );
}

function ValueField({ label, value, shown }: { label: string; value: string | null; shown: boolean }) {
  const id = useId();
  const visible = shown && value !== null;
  return (
    <div className={css.field}>
      <span className={css.label} id={id}>{label}</span>
      <div className={css.valueRow}>
        <code className={css.value} aria-labelledby={id}>
          {visible ? value : API_DOCS_TEXT.keysMasked}
        </code>
        {visible && <CopyButton text={value} size="tiny" variant="default" aria-label={`Copy ${label}`} />}
      </div>
    </div>
  );
}

function LanguageSwitch({ language, onChange }: { language: SnippetLanguage; onChange: (value: SnippetLanguage) => void }) {
  return (
    <div role="group" aria-label="Language" className={css.toolbar}>
      {SNIPPET_LANGUAGES.map((l) => (
        <Button key={l.id} variant={l.id === language ? 'primary' : 'default'} size="tiny" aria-pressed={l.id === language} onPress={() => onChange(l.id)}>
          {l.label}
        </Button>
      ))}
    </div>
  );
}

function ResourceList({ names, onOpen }: { names: readonly string[]; onOpen: (name: string) => void }) {
  if (names.length === 0) return <p className={css.text}>Nothing to document yet.</p>;
  return (
    <ul className={css.navList}>
      {names.map((name) => (
        <li key={name}>
          <button type="button" className={css.navItem} onClick={() => onOpen(name)}>
            {name}
          </button>
        </li>
      ))}
    </ul>
  );
}

function SecondLevel(props: {
  sectionTitle: string;
  resources: readonly string[];
  resource: string;
  snippets: Snippet[];
  onBack: () => void;
  onPick: (name: string) => void;
}) {
  const pickerId = useId();
  return (
    <>
      <Button variant="ghost" size="tiny" onPress={props.onBack}>
        Back
      </Button>
      <label className={css.label} htmlFor={pickerId}>
        {props.sectionTitle}
      </label>
      <select id={pickerId} className={css.select} value={props.resource} onChange={(event) => props.onPick(event.target.value)}>
        {props.resources.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <ul className={css.navList} aria-label="Snippets">
        {props.snippets.map((s) => (
          <li key={s.id}>
            <a className={css.navItem} href={`#snippet-${s.id}`}>
              {s.title}
            </a>
          </li>
        ))}
      </ul>
      <p className={css.text}>
        {API_DOCS_TEXT.helpNote}{' '}
        <a className={css.link} href="https://supabase.com/docs/guides/api" target="_blank" rel="noreferrer">
          Read the REST guide
        </a>
      </p>
    </>
  );
}

function SnippetBlock({ snippet, code, Heading }: { snippet: Snippet; code: string; Heading: 'h2' | 'h3' }) {
  return (
    <section className={css.section} id={`snippet-${snippet.id}`} aria-labelledby={`snippet-${snippet.id}-title`}>
      <div className={css.snippetHead}>
        <Heading className={css.subtitle} id={`snippet-${snippet.id}-title`}>
          {snippet.title}
        </Heading>
        <CopyButton text={code} size="tiny" variant="default" aria-label={`Copy ${snippet.title}`} />
      </div>
      <pre className={css.code} tabIndex={0} aria-label={snippet.title}>
        <code>{code}</code>
      </pre>
    </section>
  );
}

