import { Box } from '@chakra-ui/react';
import { json, jsonParseLinter } from '@codemirror/lang-json';
import { indentUnit } from '@codemirror/language';
import { linter, lintGutter } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { CODE_EDITOR_FONT_SIZE, CODE_EDITOR_TAB_WIDTH } from '@atelier/shared';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';

const theme = EditorView.theme({
  '&': { fontSize: `${CODE_EDITOR_FONT_SIZE}px`, height: '100%' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
  '&.cm-focused': { outline: 'none' },
  // Chakra's tokens, so the editor follows the light or dark mode the page is in
  '.cm-gutters': {
    backgroundColor: 'var(--chakra-colors-bg-muted)',
    color: 'var(--chakra-colors-fg-muted)',
    borderColor: 'var(--chakra-colors-border)',
  },
  '.cm-activeLine, .cm-activeLineGutter': { backgroundColor: 'var(--chakra-colors-bg-emphasized)' },
  '.cm-content': { caretColor: 'var(--chakra-colors-fg)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--chakra-colors-fg)' },
});

/**
 * A CodeMirror 6 JSON editor (SPEC section 9: font size 14, tab width 2) with syntax highlighting
 * and parse errors marked in the gutter. `value` replaces the text only when it differs from what
 * the editor holds, so typing never moves the cursor.
 */
export function JsonCodeEditor({
  value,
  onChange,
  label,
  height = '24rem',
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  height?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          basicSetup,
          json(),
          linter(jsonParseLinter()),
          lintGutter(),
          EditorState.tabSize.of(CODE_EDITOR_TAB_WIDTH),
          indentUnit.of(' '.repeat(CODE_EDITOR_TAB_WIDTH)),
          EditorView.contentAttributes.of({ 'aria-label': label }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
          theme,
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is made once; later values arrive through the effect below.
  }, [label]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
  }, [value]);

  return (
    <Box
      ref={host}
      data-testid="json-editor"
      height={height}
      borderWidth="1px"
      rounded="l2"
      overflow="hidden"
      bg="bg"
      css={{ '& .cm-editor': { height: '100%' } }}
    />
  );
}
