/** The Radix implementation behind `Sheet` (sheet.tsx), loaded the first time one opens. */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A slide-over panel (Radix Dialog: focus trapped, Escape closes). */
export default function SheetPanel({
  open,
  onOpenChange,
  side = 'left',
  title,
  description,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side?: 'left' | 'right';
  title: string;
  description?: string;
  className?: string;
  children: ReactNode;
}) {
  // Without a Radix trigger, focus goes back to whatever opened the panel.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-gray-950/40 backdrop-blur-[2px]" />
        <Dialog.Content
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (opener.current?.isConnected && opener.current !== document.body) {
              event.preventDefault();
              opener.current.focus();
            }
          }}
          className={cn(
            'fixed inset-y-0 z-50 flex flex-col bg-white shadow-2xl outline-none',
            side === 'left' ? 'left-0' : 'right-0',
            className,
          )}
        >
          <Dialog.Title className="sr-only">{title}</Dialog.Title>
          {description ? <Dialog.Description className="sr-only">{description}</Dialog.Description> : <Dialog.Description />}
          {children}
          <Dialog.Close
            className="absolute top-3 right-3 rounded-md p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-900"
            aria-label="Close"
          >
            <X className="size-5" aria-hidden />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
