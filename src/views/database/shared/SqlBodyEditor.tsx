// A function's body in CodeMirror with the PostgreSQL dialect, like the SQL editor (spec A2.6, issue 19). Loaded
// lazily (SqlBodyField) so CodeMirror is fetched only when a function editor opens.
import { PostgreSQL, sql } from '@codemirror/lang-sql';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';

export interface SqlBodyEditorProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  theme: 'light' | 'dark';
}

export default function SqlBodyEditor({ value, onChange, label, theme }: SqlBodyEditorProps) {
  const extensions = useMemo(() => [sql({ dialect: PostgreSQL, upperCaseKeywords: false }), EditorView.contentAttributes.of({ 'aria-label': label })], [label]);
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      theme={theme}
      height="220px"
      style={{ fontSize: 13 }}
      basicSetup={{ autocompletion: false, foldGutter: false }}
    />
  );
}
