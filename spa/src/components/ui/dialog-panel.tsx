/** The Radix implementation behind `Dialog` (dialog.tsx), loaded the first time one opens. */
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A centred modal dialog (focus trapped, Escape closes). */
export default function DialogPanel({ open, onOpenChange, title, description, size = 'md', children }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** 'lg' for a dialog holding a choice of cards (e.g. templates). */
  size?: 'md' | 'lg';
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-gray-950/40 backdrop-blur-[2px]" />
        <DialogPrimitive.Content className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl outline-none',
            size === 'lg' ? 'max-w-2xl' : 'max-w-md',
          )}>
          <DialogPrimitive.Title className="text-lg font-semibold text-gray-900">{title}</DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className="mt-2 text-sm text-gray-600">{description}</DialogPrimitive.Description>
          ) : (
            <DialogPrimitive.Description />
          )}
          <div className="mt-5">{children}</div>
          <DialogPrimitive.Close aria-label="Close" className="absolute top-4 right-4 rounded-md p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-900">
            <X className="size-5" aria-hidden />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
