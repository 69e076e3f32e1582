import { CalendarClock, Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { inputClasses } from '@/components/ui/field';
import { cn } from '@/lib/utils';
import { browserTimeZone, localInputToUtc, scheduleProblem, suggestedSchedule, timeZoneLabel, utcToLocalInput } from '../schedule-time';

/**
 * 'Schedule': a date and time in the founder's time zone (named), sent to the server as an
 * RFC 3339 UTC instant.
 */
export function ScheduleDialog({ open, onOpenChange, recipients, pending, onSchedule }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The live count, for the sentence; null while counting. */
  recipients: string | null;
  pending: boolean;
  onSchedule: (scheduledAt: string) => void;
}) {
  const zone = browserTimeZone();
  const [value, setValue] = useState(() => suggestedSchedule());
  const [touched, setTouched] = useState(false);
  const id = useId();
  const utc = localInputToUtc(value, zone);
  const problem = scheduleProblem(utc);
  const min = utcToLocalInput(new Date(Date.now() + 5 * 60_000), zone);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title="Schedule this campaign"
      description={`It will go to ${recipients ?? 'its audience'} at the time you choose, counted again then: leads who join the audience before it are included.`}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (utc && !problem) onSchedule(utc);
        }}
        noValidate
      >
        <label htmlFor={id} className="block text-sm font-medium text-gray-900">Send at</label>
        <div className="relative mt-1.5">
          <CalendarClock className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400" aria-hidden />
          <input
            id={id}
            type="datetime-local"
            required
            min={min}
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setTouched(true);
            }}
            aria-describedby={`${id}-zone${touched && problem ? ` ${id}-error` : ''}`}
            aria-invalid={(touched && Boolean(problem)) || undefined}
            className={cn(inputClasses, 'pl-9', touched && problem && 'ring-red-400')}
          />
        </div>
        <p id={`${id}-zone`} className="mt-1.5 text-xs text-gray-500">
          Your time zone: {timeZoneLabel(zone)} ({zone})
        </p>
        {touched && problem ? (
          <p id={`${id}-error`} className="mt-1 text-xs text-red-600">{problem}</p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            {pending ? 'Scheduling...' : 'Schedule campaign'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
