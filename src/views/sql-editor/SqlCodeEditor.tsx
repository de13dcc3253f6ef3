// The SQL text editor (issue 7): CodeMirror with the PostgreSQL dialect, completion of the live schema's schemas,
// tables and columns (switchable), Ctrl/Cmd+Enter to run the selection or everything, and the error of the last run
// marked where Postgres placed it. Loaded only on the SQL editor's routes (TOOLCHAIN: 142 KB gzip).
import { autocompletion, completeFromList } from '@codemirror/autocomplete';
import { PostgreSQL, sql } from '@codemirror/lang-sql';
import { setDiagnostics } from '@codemirror/lint';
import { keymap, Prec, type EditorView } from '@uiw/react-codemirror';
import CodeMirror from '@uiw/react-codemirror';
import { useEffect, useMemo, useRef } from 'react';

export interface SqlCodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Ctrl/Cmd+Enter: the text and the selection to run. */
  onRun: (text: string, selection: { from: number; to: number }) => void;
  /** lang-sql namespace { schema: { table: [columns] } }; null when completion is off. */
  completion: Record<string, Record<string, string[]>> | null;
  /** The project's functions, completed beside tables and columns; null when completion is off. */
  functions: Array<{ schema: string; name: string }> | null;
  defaultSchema: string;
  /** The error to mark (UTF-16 range in the text) with its message; null clears the mark. */
  error: { from: number; to: number; message: string } | null;
  theme: 'light' | 'dark';
  /** The view, for the toolbar's Run button (it reads the selection). */
  onView?: (view: EditorView) => void;
}

export default function SqlCodeEditor({ value, onChange, onRun, completion, functions, defaultSchema, error, theme, onView }: SqlCodeEditorProps) {
  const viewRef = useRef<EditorView | null>(null);
  const runRef = useRef(onRun);
  runRef.current = onRun;

  const extensions = useMemo(
    () => [
      sql({ dialect: PostgreSQL, upperCaseKeywords: false, defaultSchema, ...(completion ? { schema: completion } : {}) }),
      // The kind icons are glyphs many system fonts lack (they showed as boxes): the list reads fine without them.
      // No wait after a keystroke: the schema source is in memory (issue 7 target: the list within 50 ms of typing).
      ...(completion ? [autocompletion({ icons: false, activateOnTypingDelay: 0 })] : []),
      ...(functions?.length
        ? [
            PostgreSQL.language.data.of({
              autocomplete: completeFromList(functions.map((fn) => ({ label: fn.name, detail: `${fn.schema} function`, type: 'function' }))),
            }),
          ]
        : []),
      Prec.highest(
        keymap.of([
          {
            key: 'Mod-Enter',
            run: (view) => {
              const range = view.state.selection.main;
              runRef.current(view.state.doc.toString(), { from: range.from, to: range.to });
              return true;
            },
          },
        ]),
      ),
    ],
    [completion, functions, defaultSchema],
  );

  // The run's error, marked in the text (a diagnostic), cleared when the error goes.
  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const length = view.state.doc.length;
    const diagnostics =
      error && error.from <= length
        ? [{ from: error.from, to: Math.min(error.to, length), severity: 'error' as const, message: error.message }]
        : [];
    view.dispatch(setDiagnostics(view.state, diagnostics));
  }, [error]);

  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      theme={theme}
      height="100%"
      style={{ height: '100%', fontSize: 13 }}
      basicSetup={{ autocompletion: false, foldGutter: false, highlightActiveLine: true }}
      onCreateEditor={(view) => {
        viewRef.current = view;
        onView?.(view);
      }}
      aria-label="SQL"
    />
  );
}
