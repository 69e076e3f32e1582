import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { Bold, Braces, Heading2, Heading3, Italic, Link2, List, ListOrdered, Unlink } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { inputClasses } from '@/components/ui/field';
import { cn } from '@/lib/utils';
import { messageExtensions } from '../editor/extensions';
import { bodyToDoc, docToBody, unsupportedContent } from '../editor/markdown';
import { chipLabel, cleanFallback, MERGE_FIELDS, type MergeFieldName } from '../merge-fields';

export type MessageEditorProps = {
  id: string;
  label: string;
  /** The message as the server stores it (Markdown with merge tags). */
  value: string;
  onChange: (value: string) => void;
  /** Ids of texts that describe the editor (help, errors). */
  describedBy?: string;
  invalid?: boolean;
};

function ToolButton({ label, shortcut, active, onClick, children }: { label: string; shortcut?: string; active?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={active}
      title={shortcut ? `${label} (${shortcut})` : label}
      aria-keyshortcuts={shortcut?.replace('Ctrl', 'Control')}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-md text-gray-600 transition-colors hover:bg-white hover:text-gray-900 hover:shadow-xs focus-visible:outline-2 focus-visible:outline-brand-600',
        active && 'bg-white text-brand-700 shadow-xs ring-1 ring-gray-900/5',
      )}
    >
      {children}
    </button>
  );
}

/** The document as mail clients show the server's HTML: paragraphs, headings, lists, links. */
const EDITOR_CLASSES = cn(
  'min-h-72 px-4 py-3 text-base leading-7 text-gray-900 outline-none',
  '[&>*:first-child]:mt-0 [&_p]:my-3 [&_h1]:mt-6 [&_h1]:mb-2 [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:mt-6 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-5 [&_h3]:mb-1.5 [&_h3]:text-base [&_h3]:font-semibold',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li>p]:my-1 [&_li]:pl-1',
  '[&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_blockquote]:border-l-4 [&_blockquote]:border-gray-200 [&_blockquote]:pl-4 [&_blockquote]:text-gray-600 [&_hr]:my-6 [&_hr]:border-gray-200',
  '[&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1 [&_code]:text-sm [&_pre]:rounded-lg [&_pre]:bg-gray-100 [&_pre]:p-3',
  '[&_.ProseMirror-selectednode]:ring-2 [&_.ProseMirror-selectednode]:ring-brand-600',
);

function Separator() {
  return <span aria-hidden className="mx-1 h-5 w-px shrink-0 bg-gray-300" />;
}

type Panel = { kind: 'link'; href: string } | { kind: 'field'; name: MergeFieldName; fallback: string } | null;

/** What a founder may link to: the server sends other addresses nowhere ('#'). */
function normaliseHref(raw: string): string | null {
  const href = raw.trim();
  if (!href) return null;
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(href)) return href;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(href) ? href : `https://${href}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? withScheme : null;
  } catch {
    return null;
  }
}

/**
 * The message as founders write mail elsewhere: bold, italic, headings, lists and links from a
 * toolbar (and Ctrl/⌘ B, I, K), and each investor's details as chips ("first name, or
 * 'there'"). What it stores is the server's Markdown with merge tags: the server stays the
 * only renderer. Loaded on demand (the TipTap editor is not in the dashboard's entry).
 */
export default function RichTextEditor({ id, label, value, onChange, describedBy, invalid }: MessageEditorProps) {
  const labelId = useId();
  const panelInput = useRef<HTMLInputElement>(null);
  const [panel, setPanel] = useState<Panel>(null);
  /** The body this editor last wrote (or was given): another value comes from outside. */
  const written = useRef(value);
  const unsupported = useState(() => unsupportedContent(value))[0];

  const editor = useEditor({
    extensions: messageExtensions(),
    content: bodyToDoc(value),
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        spellcheck: 'true',
        class: EDITOR_CLASSES,
      },
      handleKeyDown: (_view, event) => {
        if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          openLink();
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: current }) => {
      const body = docToBody(current.getJSON());
      if (body === written.current) return;
      written.current = body;
      onChange(body);
    },
  });

  // A body replaced from outside (the campaign reloaded after a conflict) replaces the document.
  useEffect(() => {
    if (!editor || value === written.current) return;
    written.current = value;
    editor.commands.setContent(bodyToDoc(value), { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (panel) panelInput.current?.focus();
  }, [panel?.kind]); // eslint-disable-line react-hooks/exhaustive-deps

  const state = useEditorState({
    editor,
    selector: ({ editor: e }: { editor: Editor | null }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bullets: e?.isActive('bulletList') ?? false,
      numbers: e?.isActive('orderedList') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  });

  function openLink() {
    if (!editor) return;
    const href = (editor.getAttributes('link').href as string | undefined) ?? '';
    setPanel({ kind: 'link', href });
  }

  const closePanel = () => {
    setPanel(null);
    editor?.commands.focus();
  };

  const applyPanel = (event: FormEvent) => {
    event.preventDefault();
    if (!editor || !panel) return;
    if (panel.kind === 'link') {
      const href = normaliseHref(panel.href);
      if (!href) {
        panelInput.current?.setCustomValidity('Enter a web address, e.g. https://yourcompany.com');
        panelInput.current?.reportValidity();
        return;
      }
      const chain = editor.chain().focus().extendMarkRange('link');
      if (editor.state.selection.empty && !editor.isActive('link')) {
        chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
      } else {
        chain.setLink({ href }).run();
      }
    } else {
      editor.chain().focus().insertContent([{ type: 'mergeField', attrs: { name: panel.name, fallback: cleanFallback(panel.fallback) } }, { type: 'text', text: ' ' }]).run();
    }
    setPanel(null);
  };

  // Arrow keys move between the toolbar's controls (WAI-ARIA toolbar).
  const onToolbarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>(':scope > button, :scope > div > button')];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index === -1) return;
    event.preventDefault();
    buttons[(index + (event.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length]?.focus();
  };

  const run = (command: (e: Editor) => void) => () => {
    if (editor) command(editor);
  };

  return (
    <div>
      <div id={labelId} className="block text-sm font-medium text-gray-900" onClick={() => editor?.commands.focus()}>{label}</div>
      {unsupported.length ? (
        <p role="note" className="mt-1.5 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-amber-200 ring-inset">
          This message has {unsupported.join(' and ')} that the editor cannot show. Editing it here leaves {unsupported.length === 1 ? 'it' : 'them'} out.
        </p>
      ) : null}
      <div
        className={cn(
          'mt-1.5 overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-inset focus-within:ring-2 focus-within:ring-brand-600',
          invalid ? 'ring-red-400' : 'ring-gray-300',
        )}
      >
        <div
          role="toolbar"
          aria-label="Formatting"
          aria-controls={id}
          onKeyDown={onToolbarKeyDown}
          className="flex flex-wrap items-center gap-0.5 border-b border-gray-200 bg-gray-50 px-1.5 py-1"
        >
          <ToolButton label="Bold" shortcut="Ctrl+B" active={state?.bold} onClick={run((e) => e.chain().focus().toggleBold().run())}>
            <Bold className="size-4" aria-hidden />
          </ToolButton>
          <ToolButton label="Italic" shortcut="Ctrl+I" active={state?.italic} onClick={run((e) => e.chain().focus().toggleItalic().run())}>
            <Italic className="size-4" aria-hidden />
          </ToolButton>
          <Separator />
          <ToolButton label="Heading" active={state?.h2} onClick={run((e) => e.chain().focus().toggleHeading({ level: 2 }).run())}>
            <Heading2 className="size-4" aria-hidden />
          </ToolButton>
          <ToolButton label="Subheading" active={state?.h3} onClick={run((e) => e.chain().focus().toggleHeading({ level: 3 }).run())}>
            <Heading3 className="size-4" aria-hidden />
          </ToolButton>
          <ToolButton label="Bulleted list" active={state?.bullets} onClick={run((e) => e.chain().focus().toggleBulletList().run())}>
            <List className="size-4" aria-hidden />
          </ToolButton>
          <ToolButton label="Numbered list" active={state?.numbers} onClick={run((e) => e.chain().focus().toggleOrderedList().run())}>
            <ListOrdered className="size-4" aria-hidden />
          </ToolButton>
          <Separator />
          <ToolButton label="Link" shortcut="Ctrl+K" active={state?.link} onClick={openLink}>
            <Link2 className="size-4" aria-hidden />
          </ToolButton>
          {state?.link ? (
            <ToolButton label="Remove link" onClick={run((e) => e.chain().focus().extendMarkRange('link').unsetLink().run())}>
              <Unlink className="size-4" aria-hidden />
            </ToolButton>
          ) : null}
          <div className="ml-auto">
            <DropdownMenu>
              <DropdownMenuTrigger
                onMouseDown={(event) => event.preventDefault()}
                className="flex h-8 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-gray-700 transition-colors hover:bg-white hover:text-gray-900 hover:shadow-xs focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=open]:bg-white"
              >
                <Braces className="size-4" aria-hidden /> Insert field
              </DropdownMenuTrigger>
              <DropdownMenuContent className="min-w-64">
                <DropdownMenuLabel>Filled in for each investor</DropdownMenuLabel>
                {MERGE_FIELDS.map((field) => (
                  <DropdownMenuItem key={field.name} onSelect={() => setPanel({ kind: 'field', name: field.name, fallback: field.fallback })}>
                    {field.label}
                  </DropdownMenuItem>
                ))}
              </DropdownMenuContent>
            </DropdownMenu>
          </div>
        </div>

        {panel ? (
          <form
            onSubmit={applyPanel}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                closePanel();
              }
            }}
            aria-label={panel.kind === 'link' ? 'Link' : 'Insert field'}
            className="flex flex-wrap items-end gap-2 border-b border-gray-200 bg-brand-50/50 px-3 py-2.5"
          >
            {panel.kind === 'link' ? (
              <label className="min-w-0 flex-1 basis-52 text-xs font-medium text-gray-700">
                Link address
                <input
                  ref={panelInput}
                  type="text"
                  inputMode="url"
                  value={panel.href}
                  placeholder="https://yourcompany.com"
                  onChange={(event) => {
                    event.target.setCustomValidity('');
                    setPanel({ kind: 'link', href: event.target.value });
                  }}
                  className={cn(inputClasses, 'mt-1 h-9 bg-white py-1.5 text-sm')}
                />
              </label>
            ) : (
              <label className="min-w-0 flex-1 basis-52 text-xs font-medium text-gray-700">
                {MERGE_FIELDS.find((f) => f.name === panel.name)!.label}: when we don&apos;t know it, write
                <input
                  ref={panelInput}
                  type="text"
                  value={panel.fallback}
                  maxLength={40}
                  placeholder="Nothing"
                  onChange={(event) => setPanel({ ...panel, fallback: event.target.value })}
                  className={cn(inputClasses, 'mt-1 h-9 bg-white py-1.5 text-sm')}
                />
              </label>
            )}
            <div className="flex items-center gap-2">
              {panel.kind === 'field' ? (
                <span className="hidden text-xs text-gray-600 sm:inline">
                  Shows as <span className="rounded-md bg-brand-50 px-1.5 py-0.5 font-medium text-brand-700 ring-1 ring-brand-100 ring-inset">{chipLabel(panel.name, panel.fallback)}</span>
                </span>
              ) : null}
              <Button type="button" variant="secondary" size="sm" onClick={closePanel}>Cancel</Button>
              <Button type="submit" size="sm">{panel.kind === 'link' ? 'Apply link' : 'Insert'}</Button>
            </div>
          </form>
        ) : null}

        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
