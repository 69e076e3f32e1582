import { Loader2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, TextareaField } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, isProRequired } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { senderComplete, useSender } from '../api/sender';
import { useUpdateSender } from '../api/update-sender';
import { CampaignsUpgradePrompt } from './upgrade-prompt';

const MAX_COMPANY = 120;
const MAX_ADDRESS = 300;

/**
 * Settings → Sender identity: the company name and postal address every campaign e-mail
 * carries (CAN-SPAM), required before the first send. Campaigns are Pro: other plans see an
 * upgrade note instead.
 */
export function SenderIdentityForm() {
  const { data, error, isLoading } = useSender();
  const { trigger, isMutating } = useUpdateSender();
  const [companyName, setCompanyName] = useState('');
  const [postalAddress, setPostalAddress] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  // The server's values fill the fields when they change there, never over what is being typed.
  const applied = useRef<string | null>(null);
  useEffect(() => {
    const key = data ? JSON.stringify([data.companyName, data.postalAddress]) : null;
    if (!data || key === applied.current) return;
    applied.current = key;
    setCompanyName(data.companyName);
    setPostalAddress(data.postalAddress);
  }, [data]);

  if (isProRequired(error)) return <CampaignsUpgradePrompt compact message="E-mail campaigns, and the sender identity they carry, are part of RaiseSpark Pro." returnTo="/settings" />;
  if (isLoading) {
    return (
      <div role="status" aria-label="Loading your sender identity" className="space-y-4">
        <Skeleton className="h-16" />
        <Skeleton className="h-24" />
      </div>
    );
  }
  if (error && !data) return <p className="text-sm text-red-600">Your sender identity could not be loaded. Please refresh the page.</p>;

  const unchanged = companyName.trim() === (data?.companyName ?? '') && postalAddress.trim() === (data?.postalAddress ?? '');
  const complete = companyName.trim() !== '' && postalAddress.trim() !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!complete) {
      setProblem('Enter your company name and postal address: the law requires both in every campaign.');
      return;
    }
    try {
      const saved = await trigger({ companyName: companyName.trim(), postalAddress: postalAddress.trim() });
      setCompanyName(saved.companyName);
      setPostalAddress(saved.postalAddress);
      toast.success('Sender identity saved');
    } catch (failure) {
      const message = failure instanceof ApiError ? failure.message : 'Could not save your sender identity.';
      setProblem(message);
      toast.error('Failed to save sender identity', { description: message });
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
      {!senderComplete(data) ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset">Required before you send your first campaign.</p>
      ) : null}
      <Field
        label="Company name"
        name="companyName"
        autoComplete="organization"
        maxLength={MAX_COMPANY}
        value={companyName}
        onChange={(event) => setCompanyName(event.target.value)}
        hint={`Investors see e-mails from “${companyName.trim() || 'your company'} via RaiseSpark”.`}
        error={problem && !companyName.trim() ? problem : undefined}
      />
      <TextareaField
        label="Postal address"
        name="postalAddress"
        autoComplete="street-address"
        rows={3}
        maxLength={MAX_ADDRESS}
        value={postalAddress}
        onChange={(event) => setPostalAddress(event.target.value)}
        hint="A street address, a PO box or a registered private mailbox, shown in every campaign's footer."
        aside={`${postalAddress.length} / ${MAX_ADDRESS}`}
        error={problem && (companyName.trim() || !postalAddress.trim()) ? problem : undefined}
      />
      <FormActions>
        <Button type="submit" disabled={isMutating || unchanged}>
          {isMutating ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          {isMutating ? 'Saving...' : 'Save sender identity'}
        </Button>
      </FormActions>
    </form>
  );
}
