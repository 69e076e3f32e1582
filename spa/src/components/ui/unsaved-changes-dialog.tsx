import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router';
import { Button } from './button';
import { Dialog } from './dialog';

/**
 * While `dirty`, leaving for another page is held (answer with `UnsavedChangesDialog`) and
 * closing or reloading the tab asks the browser's own question.
 */
export function useUnsavedChanges(dirty: boolean): Blocker {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}

/** "Leave without saving?" for a navigation `useUnsavedChanges` held. */
export function UnsavedChangesDialog({ blocker, description }: { blocker: Blocker; description: string }) {
  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onOpenChange={(open) => !open && blocker.state === 'blocked' && blocker.reset()}
      title="Leave without saving?"
      description={description}
    >
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={() => blocker.reset?.()}>Stay</Button>
        <Button variant="danger" onClick={() => blocker.proceed?.()}>Leave without saving</Button>
      </div>
    </Dialog>
  );
}
