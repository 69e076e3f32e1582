import { Bold, Braces, Heading2, Italic, Link2, List } from 'lucide-react';
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { inputClasses } from '@/components/ui/field';
import { cn } from '@/lib/utils';
import { formatCount } from '../figures';
import { insertLink, insertText, MERGE_TAGS, mergeTag, togglePrefix, toggleWrap, unknownMergeTags, type Edit, type Selection } from '../markdown-editing';

const MAX_BODY = 50_000;

function ToolButton({ label, shortcut, onClick, children }: { label: string; shortcut?: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      aria-keyshortcuts={shortcut?.replace('Ctrl', 'Control')}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="flex size-8 items-center justify-center rounded-md text-gray-600 transition-colors hover:bg-white hover:text-gray-900 hover:shadow-xs focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {children}
    </button>
  );
}

/**
 * The message in Markdown: a textarea with a small toolbar (bold, italic, heading, list, link),
 * their shortcuts (Ctrl/⌘ B, I, K) and a merge-tag inserter. No rich-text library: what the
 * founder types is what the renderer gets.
 */
export function MarkdownEditor({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  const area = useRef<HTMLTextAreaElement>(null);
  const restore = useRef<Selection | null>(null);

  // After the text changes, put the selection where the edit says it belongs.
  useLayoutEffect(() => {
    const selection = restore.current;
    if (!selection || !area.current) return;
    restore.current = null;
    area.current.focus();
    area.current.setSelectionRange(selection.start, selection.end);
  }, [value]);

  const apply = (edit: (text: string, selection: Selection) => Edit) => {
    const element = area.current;
    const selection = element ? { start: element.selectionStart, end: element.selectionEnd } : { start: value.length, end: value.length };
    const result = edit(value, selection);
    restore.current = result.selection;
    onChange(result.text);
  };

  const bold = () => apply((t, s) => toggleWrap(t, s, '**', 'bold text'));
  const italic = () => apply((t, s) => toggleWrap(t, s, '_', 'italic text'));
  const link = () => apply((t, s) => insertLink(t, s));

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
    const action = { b: bold, i: italic, k: link }[event.key.toLowerCase()];
    if (!action) return;
    event.preventDefault();
    action();
  };

  // Arrow keys move between the toolbar's buttons (WAI-ARIA toolbar).
  const onToolbarKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index === -1) return;
    event.preventDefault();
    buttons[(index + (event.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length]?.focus();
  };

  const unknown = unknownMergeTags(value);
  const count = [...value].length;

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-900">{label}</label>
      <div className="mt-1.5 overflow-hidden rounded-lg shadow-sm ring-1 ring-gray-300 ring-inset focus-within:ring-2 focus-within:ring-brand-600">
        <div
          role="toolbar"
          aria-label="Formatting"
          aria-controls={id}
          onKeyDown={onToolbarKeyDown}
          className="flex flex-wrap items-center gap-0.5 border-b border-gray-200 bg-gray-50 px-1.5 py-1"
        >
          <ToolButton label="Bold" shortcut="Ctrl+B" onClick={bold}><Bold className="size-4" aria-hidden /></ToolButton>
          <ToolButton label="Italic" shortcut="Ctrl+I" onClick={italic}><Italic className="size-4" aria-hidden /></ToolButton>
          <ToolButton label="Heading" onClick={() => apply((t, s) => togglePrefix(t, s, '## '))}><Heading2 className="size-4" aria-hidden /></ToolButton>
          <ToolButton label="Bulleted list" onClick={() => apply((t, s) => togglePrefix(t, s, '- '))}><List className="size-4" aria-hidden /></ToolButton>
          <ToolButton label="Link" shortcut="Ctrl+K" onClick={link}><Link2 className="size-4" aria-hidden /></ToolButton>
          <span aria-hidden className="mx-1 h-5 w-px bg-gray-300" />
          <DropdownMenu>
            <DropdownMenuTrigger
              onMouseDown={(event) => event.preventDefault()}
              className="flex h-8 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-gray-700 transition-colors hover:bg-white hover:text-gray-900 hover:shadow-xs focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=open]:bg-white"
            >
              <Braces className="size-4" aria-hidden /> Insert merge tag
            </DropdownMenuTrigger>
            <DropdownMenuContent className="min-w-72">
              <DropdownMenuLabel>Filled in for each investor</DropdownMenuLabel>
              {MERGE_TAGS.map((tag) => {
                const text = mergeTag(tag.name, tag.fallback);
                return (
                  <DropdownMenuItem key={tag.name} onSelect={() => {
                      // After the menu has closed and handed focus back, so the caret lands in the text.
                      window.setTimeout(() => apply((t, s) => insertText(t, s, text)), 0);
                    }}>
                    <span className="flex w-full items-center justify-between gap-4">
                      <span>{tag.label}</span>
                      <code className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-xs text-gray-600">{text}</code>
                    </span>
                  </DropdownMenuItem>
                );
              })}
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
        <textarea
          id={id}
          ref={area}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          rows={16}
          spellCheck
          aria-describedby={`${id}-help${unknown.length ? ` ${id}-error` : ''}`}
          aria-invalid={unknown.length > 0 || count > MAX_BODY || undefined}
          className={cn(inputClasses, 'min-h-72 resize-y rounded-none font-mono text-sm leading-6 shadow-none ring-0 focus:ring-0')}
        />
      </div>
      <div className="mt-1.5 flex items-start justify-between gap-3 text-xs">
        <p id={`${id}-help`} className="text-gray-500">
          Markdown: <span className="font-mono">**bold**</span>, <span className="font-mono">_italic_</span>, <span className="font-mono">## heading</span>,{' '}
          <span className="font-mono">- list</span>, <span className="font-mono">[text](https://…)</span>. A fallback after a bar covers leads without a value:{' '}
          <span className="font-mono">{'{{first_name|there}}'}</span>.
        </p>
        <p className={cn('shrink-0 tabular-nums', count > MAX_BODY ? 'text-red-600' : 'text-gray-500')}>
          {formatCount(count)} / {formatCount(MAX_BODY)}
        </p>
      </div>
      {unknown.length ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-xs text-red-600">
          {unknown.map((tag) => `{{${tag}}}`).join(', ')} {unknown.length === 1 ? 'is not a merge tag' : 'are not merge tags'}. Use {'{{first_name}}'}, {'{{name}}'}, {'{{company_name}}'} or {'{{form_name}}'}.
        </p>
      ) : null}
    </div>
  );
}
