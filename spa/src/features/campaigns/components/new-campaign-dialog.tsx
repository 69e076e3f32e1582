import { FilePlus2, Loader2, Megaphone, Rocket, Sprout, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useCreateCampaign } from '../api/create-campaign';
import { useCampaignTemplates } from '../api/templates';

const TEMPLATE_ICONS: Record<string, { icon: LucideIcon; tone: string; stage: string }> = {
  'ttw-update': { icon: Sprout, tone: 'bg-emerald-50 text-emerald-600', stage: 'Testing the waters' },
  'form-c-filed': { icon: Megaphone, tone: 'bg-amber-50 text-amber-600', stage: 'Form C filed' },
  live: { icon: Rocket, tone: 'bg-brand-50 text-brand-600', stage: 'Offering live' },
};

function Choice({ icon: Icon, tone, eyebrow, title, description, busy, disabled, onChoose }: {
  icon: LucideIcon;
  tone: string;
  eyebrow?: string;
  title: string;
  description: string;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={onChoose}
        disabled={disabled}
        aria-busy={busy || undefined}
        className="group flex h-full w-full gap-3 rounded-xl border border-gray-200 bg-white p-4 text-left transition hover:border-brand-300 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-60"
      >
        <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', tone)}>
          {busy ? <Loader2 className="size-5 animate-spin" aria-hidden /> : <Icon className="size-5" aria-hidden />}
        </span>
        <span className="min-w-0">
          {eyebrow ? <span className="block text-xs font-medium tracking-wide text-gray-500 uppercase">{eyebrow}</span> : null}
          <span className="block text-sm font-semibold text-gray-900 group-hover:text-brand-700">{busy ? 'Creating...' : title}</span>
          <span className="mt-1 block text-sm text-gray-600">{description}</span>
        </span>
      </button>
    </li>
  );
}

/** 'New campaign': one of the three starter templates (worded for each Reg CF stage) or blank. */
export function NewCampaignDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();
  const { data, error, isLoading } = useCampaignTemplates(open);
  const { trigger } = useCreateCampaign();
  const [creating, setCreating] = useState<string | null>(null);

  const create = async (template: string | null) => {
    setCreating(template ?? 'blank');
    try {
      const campaign = await trigger({ template });
      onOpenChange(false);
      navigate(`/campaigns/${campaign.id}`);
    } catch (failure) {
      console.error('create campaign failed', failure);
      toast.error('Failed to create campaign', { description: failure instanceof ApiError ? failure.message : undefined });
    } finally {
      setCreating(null);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !creating && onOpenChange(next)}
      size="lg"
      title="New campaign"
      description="Start from a template worded for your stage of the raise, or from a blank message. You can change everything before sending."
    >
      {isLoading ? (
        <div role="status" aria-label="Loading templates" className="grid gap-3 sm:grid-cols-2">
          {[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-28 rounded-xl" />)}
        </div>
      ) : (
        <ul aria-label="Templates" className="grid gap-3 sm:grid-cols-2">
          {(data?.templates ?? []).map((template) => {
            const look = TEMPLATE_ICONS[template.id] ?? { icon: FilePlus2, tone: 'bg-gray-100 text-gray-600', stage: 'Template' };
            return (
              <Choice
                key={template.id}
                icon={look.icon}
                tone={look.tone}
                eyebrow={look.stage}
                title={template.name}
                description={template.description}
                busy={creating === template.id}
                disabled={creating !== null}
                onChoose={() => void create(template.id)}
              />
            );
          })}
          <Choice
            icon={FilePlus2}
            tone="bg-gray-100 text-gray-600"
            eyebrow="Any stage"
            title="Blank campaign"
            description="Write your own message from scratch, with merge tags and the compliance footer added for you."
            busy={creating === 'blank'}
            disabled={creating !== null}
            onChoose={() => void create(null)}
          />
        </ul>
      )}
      {error ? <p className="mt-3 text-sm text-amber-700">The starter templates could not be loaded; you can still start from a blank campaign.</p> : null}
    </Dialog>
  );
}
