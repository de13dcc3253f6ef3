// The SQL text editor (issue 7): CodeMirror with the PostgreSQL dialect, completion of the live schema's schemas,
// tables and columns (switchable), Ctrl/Cmd+Enter to run the selection or everything, and the error of the last run
// marked where Postgres placed it. Loaded only on the SQL editor's routes (TOOLCHAIN: 142 KB gzip).
import { autocompletion, completeFromList } from '@codemirror/autocomplete';
import { PostgreSQL, sql } from '@codemirror/lang-sql';
import { lintGutter, setDiagnostics } from '@codemirror/lint';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { tags } from '@lezer/highlight';
import { EditorView, keymap, Prec } from '@uiw/react-codemirror';
import CodeMirror from '@uiw/react-codemirror';
import { useEffect, useId, useMemo, useRef } from 'react';
import { visuallyHidden } from '../../ui/a11y.css.ts';

/** Said with the editor's name (issue 24): Tab indents in the editor, so screen readers learn how to leave it. */
const EDITOR_HINT = 'Ctrl or Cmd+Enter runs the query. Press Escape, then Tab, to leave the editor.';

// The dark theme's keywords and comments read at 4.5:1 on its background and its active line too (issue 24, WCAG
// 1.4.3: one-dark's #c678dd keywords had 4.43:1 on the active line, its comments 3.86:1).
const darkReadable = Prec.high(
  syntaxHighlighting(
    HighlightStyle.define([
      { tag: [tags.keyword, tags.operatorKeyword, tags.modifier, tags.controlKeyword, tags.definitionKeyword], color: '#d7a0e8' },
      { tag: [tags.comment, tags.lineComment, tags.blockComment], color: '#a0a8b8', fontStyle: 'italic' },
      // Names (one-dark's coral #e06c75) had 4.08:1 on the active line (issue 14's chart query showed it): 5.35:1.
      { tag: [tags.name, tags.propertyName, tags.character, tags.deleted, tags.macroName], color: '#ec8a92' },
    ]),
  ),
);

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
  const hintId = useId();
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
      // The error line also gets a marker in the gutter (issue 14), beside the underline in the text.
      lintGutter(),
      // The name and hint go on the text area itself, not on the wrapper (issue 24, axe aria-input-field-name).
      EditorView.contentAttributes.of({ 'aria-label': 'SQL', 'aria-describedby': hintId }),
      ...(theme === 'dark' ? [darkReadable] : []),
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
    [completion, functions, defaultSchema, hintId, theme],
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
    <>
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
          // A new (empty) query is there to be typed: the focus goes in (issue 24: 'New query' left it on the
          // button, 18 Tabs away). An editor opened with text leaves the focus where the user put it.
          if (view.state.doc.length === 0) view.focus();
        }}
      />
      <span id={hintId} className={visuallyHidden}>{EDITOR_HINT}</span>
    </>
  );
}
